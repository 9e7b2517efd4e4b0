export { occasionsModule } from './occasions.module.js';
