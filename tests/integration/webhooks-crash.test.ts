import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ApiClient } from '../support/api-client.js';
import { KillablePanel } from '../support/peyk-processes.js';
import { ok, standaloneLine, standaloneSender } from '../support/sending.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';
import { verifyWebhookSignature } from '../../server/modules/developer/webhook-signature.js';

const TIMEOUT_MS = 1_000;

/**
 * kill -9 of the process that makes deliveries while it waits for the receiver's answer. The
 * delivery's state is in the database (claimed with a lease), so after a restart it is made again
 * once the lease runs out: nothing is lost. The receiver may see the attempt in flight at the kill
 * and the retry (at-least-once: it dedupes by `x-peyk-delivery`), never more.
 */
describe('Webhooks: a restart mid-delivery loses nothing', function () {
  this.timeout(300_000);
  let panel: KillablePanel | null = null;
  let receiver: WebhookReceiver | null = null;

  before(async () => {
    panel = await KillablePanel.create('webhook-crash', {
      PEYK_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS), PEYK_WEBHOOK_RETRY_BASE_MS: '200', PEYK_WEBHOOK_POLL_MS: '100',
    });
    receiver = await WebhookReceiver.start();
  });

  after(async () => {
    await receiver?.close();
    await panel?.close();
  });

  it('the report of a v1 send whose delivery was in flight at kill -9 arrives after the restart, signed', async () => {
    await panel!.start();
    const api = new ApiClient(panel!.base);
    const { admin, token, organizationId } = await standaloneSender(api, 'Crash webhooks');
    const line = await standaloneLine(api, admin, '3000555', { deliveryDelayMs: 20 }, { isSendSingle: true, isSendApiSingle: true, organizationId });
    const apiKey = ok(await api.post('ApiTokens/Create', { title: 'Backend' }, { token })).token;
    const wh = ok(await api.post('Webhooks/Create', { url: `${receiver!.base}/reports`, webhookType: 'DeliveryStatus', tryCount: 5 }, { token }));
    // The first request is never answered: the worker is inside the attempt when it is killed.
    receiver!.script('/reports', ['hang', 200]);
    const sent = ok(await api.call('POST', 'v1/messages/send', { body: { to: '09121110009', text: 'Crash me', line: line.lineId, sendId: randomUUID() }, headers: { 'x-api-key': apiKey } }));
    const [first] = await receiver!.waitFor('/reports', 1, 60_000);
    await panel!.killSender();
    await panel!.restartSender();

    const all = await receiver!.waitFor('/reports', 2, 120_000);
    const second = all[1];
    expect(second.headers['x-peyk-delivery']).to.equal(first.headers['x-peyk-delivery']);
    expect(second.body).to.equal(first.body);
    expect(verifyWebhookSignature(wh.secret, String(second.headers['x-peyk-timestamp']), second.body, String(second.headers['x-peyk-signature']), Math.floor(Date.now() / 1000))).to.equal(true);
    expect(JSON.parse(second.body).events.map((e: any) => e.messageId)).to.deep.equal([sent.id]);

    const api2 = new ApiClient(panel!.base);
    const deadline = Date.now() + 30_000;
    let rows: any[] = [];
    for (;;) {
      rows = ok(await api2.get(`Webhooks/GetDeliveries?webhookId=${wh.id}`, { token })).items;
      if (rows.length === 1 && rows[0].status === 'succeeded') break;
      if (Date.now() > deadline) throw new Error(`delivery did not settle: ${JSON.stringify(rows)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The attempt in flight at the kill counts as one: the restart made the second.
    expect(rows[0]).to.include({ attempts: 2, lastStatusCode: 200 });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver!.to('/reports')).to.have.length(2);
  });
});
