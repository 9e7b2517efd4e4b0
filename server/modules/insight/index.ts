export { insightModule } from './insight.module.js';
export { InsightService } from './insight.service.js';
