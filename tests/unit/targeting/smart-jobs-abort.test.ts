import { expect } from 'chai';
import { SmartRequestsService } from '../../../server/modules/targeting/index.js';
import type { SmartRequestRow } from '../../../server/modules/targeting/smart-requests.repository.js';

/**
 * The smart jobs (targeting.smart-submit, smart-poll, smart-periodic) hand out one request at a
 * time from a batch of up to 50–100; a stopping server aborts their signal, and they must stop at
 * the next request instead of running the batch to its end.
 */
describe('smart request jobs stop at the next request once their signal is aborted', () => {
  const ids = [11, 12, 13, 14, 15];

  /** A service with just the parts a job touches; `each` is called per request handled and aborts after the first. */
  function serviceAbortingAfterTheFirst(extra: Record<string, unknown>) {
    const controller = new AbortController();
    const handled: number[] = [];
    const each = (id: number) => { handled.push(id); controller.abort(); };
    const service = Object.create(SmartRequestsService.prototype) as SmartRequestsService;
    Object.assign(service, {
      clock: { now: () => new Date('2026-12-01T08:00:00Z') },
      logger: { warn: () => undefined },
      answerTimeoutMs: 6 * 3_600_000,
      pollAfterMs: 30_000,
      ...extra,
    }, typeof extra.init === 'function' ? (extra.init as (e: typeof each) => object)(each) : {});
    return { service, signal: controller.signal, handled };
  }

  it('smart-submit', async () => {
    const { service, signal, handled } = serviceAbortingAfterTheFirst({
      repo: { dueForSubmit: async () => ids },
      init: (each: (id: number) => void) => ({ submit: async (id: number) => { each(id); } }),
    });
    await service.submitDue(signal);
    expect(handled).to.deep.equal([11]);
  });

  it('smart-periodic', async () => {
    const { service, signal, handled } = serviceAbortingAfterTheFirst({
      repo: { periodicDue: async () => ids },
      init: (each: (id: number) => void) => ({ runParent: async (id: number) => { each(id); return 1; } }),
    });
    expect(await service.runPeriodic(new Date('2026-12-01T08:00:00Z'), signal)).to.equal(1);
    expect(handled).to.deep.equal([11]);
  });

  it('smart-poll', async () => {
    const rows = ids.map((id) => ({ id, senderAgentId: 1, externalId: `bts-${id}`, submittedAt: new Date('2026-12-01T07:59:00Z') }) as SmartRequestRow);
    const { service, signal, handled } = serviceAbortingAfterTheFirst({
      init: (each: (id: number) => void) => ({
        repo: { staleSubmitted: async () => rows, markPolled: async (id: number) => { each(id); } },
        senderAgents: { btsAgents: async () => [] },
      }),
    });
    await service.pollStale(signal);
    expect(handled).to.deep.equal([11]);
  });
});
