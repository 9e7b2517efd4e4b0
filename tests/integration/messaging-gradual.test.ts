import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, standaloneSender, waitForSend } from '../support/sending.js';
import type { Clock } from '../../server/platform/clock.js';
import { DueSendsScheduler } from '../../server/modules/messaging/dispatch/due-sends.worker.js';

const MINUTE = 60_000;

/**
 * A gradual send goes out step by step: 400 receivers at once, the next 400 thirty minutes later,
 * the last 200 after an hour. The test moves the injected clock instead of waiting and runs the
 * dispatcher's stale sweep (which re-enqueues only steps already due) instead of waiting for it.
 */
describe('Send engine: a gradual send goes out in steps', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

  before(async () => {
    server = await startTestServer({}, clock);
    api = new ApiClient(server.url);
  });

  after(async () => {
    await server?.stop();
  });

  it('sends each step only when it is due and settles after the last', async () => {
    const { admin, token } = await standaloneSender(api, 'Gradual sender');
    const agent = ok(await api.post('SenderAgents/Create', {
      title: 'Gradual sim', pluginName: 'simulator', maxPerSecond: 10_000, isActive: true, isSendActive: true, isActiveAllTime: true,
      options: { submitLatencyMs: 0, deliveryDelayMs: 5, deliveryRatio: 1, seed: 9 },
    }, { token: admin }));
    const line = ok(await api.post('PrivateNumbers/Create', {
      number: '30008881', useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id,
      isPublic: true, isActive: true, isSendBulk: true, deliveryBase: true,
    }, { token: admin }));
    const numbers = Array.from({ length: 1_000 }, (_, i) => `0912${String(3_000_000 + i)}`).join('\n');
    const created = ok(await api.post('ScheduledMessages/Create', {
      senderNumberId: line.id, smsBody: 'Step by step', sendType: 'Bulk', receiversText: numbers,
      typeSend: 'gradual', gradualStepCount: 400, gradualIntervalMinutes: 30,
    }, { token }));
    expect(created.recipientCount).to.equal(1_000);

    const dispatcher = server.peyk.container.get(DueSendsScheduler);
    const settledAt = async (count: number) => {
      const s = await waitForSend(api, token, created.id, (x) => x.sentCount === count && x.deliveredCount === count);
      // Nothing of a later step leaks out while we wait a little longer.
      await new Promise((r) => setTimeout(r, 400));
      const again = ok(await api.get(`OutBox/Get/${created.id}`, { token }));
      expect(again.sentCount, 'only the due steps went out').to.equal(count);
      return s;
    };

    const first = await settledAt(400);
    expect(first).to.include({ queueStatus: 'Extracted', sendSubType: 'Gradual', pendingCount: 600 });
    await dispatcher.resumeStale(clock.now());
    await settledAt(400);

    offsetMs = 30 * MINUTE + 5_000;
    await dispatcher.resumeStale(clock.now());
    await settledAt(800);

    offsetMs = 60 * MINUTE + 5_000;
    await dispatcher.resumeStale(clock.now());
    const done = await waitForSend(api, token, created.id);
    expect(done).to.include({ queueStatus: 'Completed', status: 'Sent', sentCount: 1_000, deliveredCount: 1_000, pendingCount: 0 });
  });
});
