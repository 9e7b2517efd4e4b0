import { stopSharedServer } from './fixtures.js';

/** Mocha root hook plugin: the shared API server stops once, after every test file ran. */
export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    this.timeout(60_000);
    await stopSharedServer();
  },
};
