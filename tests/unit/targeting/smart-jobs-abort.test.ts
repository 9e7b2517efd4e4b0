import { expect } from 'chai';
import type { SmartRequestRow } from '../../../server/modules/targeting/smart-requests.repository.js';
import { bareSmartService } from '../../support/smart.js';

/**
 * The smart jobs (targeting.smart-submit, smart-poll, smart-periodic) hand out one request at a
 * time from a batch of up to 50–100; a stopping server aborts their signal, and they must stop at
 * the next request instead of running the batch to its end.
 */
describe('smart request jobs stop at the next request once their signal is aborted', () => {
  const ids = [11, 12, 13, 14, 15];

  /** Records each request a job handles and aborts the run's signal at the first. */
  function abortingAfterTheFirst() {
    const controller = new AbortController();
    const handled: number[] = [];
    return { signal: controller.signal, handled, each: (id: number) => { handled.push(id); controller.abort(); } };
  }

  it('smart-submit', async () => {
    const { signal, handled, each } = abortingAfterTheFirst();
    const service = bareSmartService({ repo: { dueForSubmit: async () => ids }, submit: async (id: number) => { each(id); } });
    await service.submitDue(signal);
    expect(handled).to.deep.equal([11]);
  });

  it('smart-periodic', async () => {
    const { signal, handled, each } = abortingAfterTheFirst();
    const service = bareSmartService({ repo: { periodicDue: async () => ids }, runParent: async (id: number) => { each(id); return 1; } });
    expect(await service.runPeriodic(new Date('2026-12-01T08:00:00Z'), signal)).to.equal(1);
    expect(handled).to.deep.equal([11]);
  });

  it('smart-poll', async () => {
    const { signal, handled, each } = abortingAfterTheFirst();
    const rows = ids.map((id) => ({ id, senderAgentId: 1, externalId: `bts-${id}`, submittedAt: new Date('2026-12-01T07:59:00Z') }) as SmartRequestRow);
    const service = bareSmartService({
      repo: { staleSubmitted: async () => rows, markPolled: async (id: number) => { each(id); } },
      senderAgents: { btsAgents: async () => [] },
    });
    await service.pollStale(signal);
    expect(handled).to.deep.equal([11]);
  });
});
