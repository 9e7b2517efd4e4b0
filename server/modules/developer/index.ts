export { developerModule } from './developer.module.js';
