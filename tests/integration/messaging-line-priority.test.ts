import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, standaloneSender, waitForSend } from '../support/sending.js';
import type { Clock } from '../../server/platform/clock.js';

const MINUTE = 60_000;

/**
 * The line's priority (the spec's SendPriority): two lines on one sender agent, two scheduled sends
 * that fall due in the same dispatch pass. The lower-priority line's send is older and due earlier,
 * yet the higher-priority line's receivers reach the gateway first. One range worker at a time, so
 * "first" is the order the scheduler handed the ranges out; the injected clock makes both due at once.
 */
describe('Send engine: a higher-priority line is dispatched ahead on a shared agent', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

  before(async () => {
    server = await startTestServer({ dispatch: { enabled: true, concurrency: 1, leaseMs: 30_000 } }, clock);
    api = new ApiClient(server.url);
  });

  after(async () => {
    await server?.stop();
  });

  it('hands the higher-priority line\'s receivers to the gateway before the lower one\'s', async () => {
    const { admin, token } = await standaloneSender(api, 'Priority sender');
    const agent = ok(await api.post('SenderAgents/Create', {
      title: 'Shared sim', pluginName: 'simulator', maxPerSecond: 10_000, isActive: true, isSendActive: true, isActiveAllTime: true,
      options: { submitLatencyMs: 5, deliveryDelayMs: 5, deliveryRatio: 1, seed: 3 },
    }, { token: admin }));
    const lineOf = async (number: string, priority: number) => ok(await api.post('PrivateNumbers/Create', {
      number, useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id,
      isPublic: true, isActive: true, isSendBulk: true, deliveryBase: true, priority,
    }, { token: admin }));
    const low = await lineOf('30007771', 0);
    const high = await lineOf('30007772', 10);
    const receivers = (from: number) => Array.from({ length: 30 }, (_, i) => `0912${String(from + i)}`).join('\n');
    const at = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
    // The low one first and due a minute earlier: by age and due time alone it would go first.
    const lowSend = ok(await api.post('ScheduledMessages/Create', {
      senderNumberId: low.id, smsBody: 'Low priority', sendType: 'Bulk', receiversText: receivers(4_100_000), sendDirect: false, sendDateTime: at(10),
    }, { token }));
    const highSend = ok(await api.post('ScheduledMessages/Create', {
      senderNumberId: high.id, smsBody: 'High priority', sendType: 'Bulk', receiversText: receivers(4_200_000), sendDirect: false, sendDateTime: at(11),
    }, { token }));

    offsetMs = 12 * MINUTE;
    await waitForSend(api, token, lowSend.id, (s) => s.sentCount === 30);
    await waitForSend(api, token, highSend.id, (s) => s.sentCount === 30);

    const sentTimes = async (id: number) => (ok(await api.get(`OutBox/GetRecipients?id=${id}&pageSize=100`, { token })).items as { sendDateTime: string }[])
      .map((r) => new Date(r.sendDateTime).getTime());
    const highTimes = await sentTimes(highSend.id);
    const lowTimes = await sentTimes(lowSend.id);
    expect(highTimes).to.have.length(30);
    expect(lowTimes).to.have.length(30);
    expect(Math.max(...highTimes), 'every high-priority receiver went before any low-priority one').to.be.at.most(Math.min(...lowTimes));
  });
});
