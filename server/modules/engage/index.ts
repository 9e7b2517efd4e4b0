export { engageModule } from './engage.module.js';
// For the benchmark (scripts/bench/occasions.ts): the runner, its repository and the Jalali day helper.
export { OccasionRunner } from './occasion-runner.service.js';
export { OccasionsRepository } from './occasions.repository.js';
export { fromJalali } from './occasion-dates.js';
