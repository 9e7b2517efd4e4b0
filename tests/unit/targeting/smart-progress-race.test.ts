import { expect } from 'chai';
import type { BtsRequestStatus } from '../../../server/gateways/gateway-sdk.js';
import { bareSmartService } from '../../support/smart.js';

/**
 * A BTS report can arrive while the submit that owns it stores the operator's id: the report's
 * lookup misses the id, and by the time the service asks whether a submit is in flight, it no
 * longer is. The report must be refused (the plugin hands it again, and then it is found), never
 * dropped: with a fast operator that report is the only one, the final one.
 */
describe('smart requests: a BTS report racing its submit is handed again, not dropped', () => {
  const report: BtsRequestStatus = { externalId: 'bts-1-x-1', status: 'Done', foundCount: 10, sentCount: 10, deliveredCount: 9, locations: [], at: new Date() };

  function serviceWhereTheSubmitCommitsDuringTheLookup() {
    let committed = false;
    return bareSmartService({
      repo: { hasSubmitInFlight: async () => !committed },
      // The lookup misses the id (not stored yet); the submit's transaction commits meanwhile.
      apply: async () => { committed = true; return false; },
    });
  }

  it('refuses the report so the plugin hands it again', async () => {
    const service = serviceWhereTheSubmitCommitsDuringTheLookup();
    let refused: unknown = null;
    try { await service.progress(1, [report]); } catch (err) { refused = err; }
    expect(refused, 'a report that may belong to a submit in flight is refused').to.be.instanceOf(Error);
  });

  it('drops a report for an id that is no request of ours when no submit is in flight', async () => {
    const service = bareSmartService({ repo: { hasSubmitInFlight: async () => false }, apply: async () => false });
    await service.progress(1, [report]);
  });
});
