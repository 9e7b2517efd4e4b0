export { engageModule } from './engage.module.js';
// For the benchmark (scripts/bench/occasions.ts): the runner, its repository and the Jalali day helper.
export { OccasionRunner } from './occasion-runner.service.js';
export { OccasionsRepository } from './occasions.repository.js';
export { fromJalali } from './occasion-dates.js';
// Short links (issue 28): the public pages attribute an answer through receiverForCode (the contract in engage/CONTEXT.md).
export { ShortLinksService, type ShortLinkReceiver } from './short-links/short-links.service.js';
