export { insightModule } from './insight.module.js';
export { InsightService } from './insight.service.js';
// For the benchmark (scripts/bench/insight.ts), which reads and folds the rollup directly.
export { InsightRepository, type Slice } from './insight.repository.js';
export { RollupRepository } from './rollup.repository.js';
// For the RFM benchmark (scripts/bench/rfm.ts), which runs the nightly job directly.
export { RfmService } from './rfm.service.js';
