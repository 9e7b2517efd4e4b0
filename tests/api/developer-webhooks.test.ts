import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { bad, ok, standaloneLine, standaloneSender, waitForSend } from '../support/sending.js';
import { WebhookReceiver, type ReceivedRequest } from '../support/webhook-receiver.js';
import { verifyWebhookSignature } from '../../server/modules/developer/webhook-signature.js';
import { InboxService } from '../../server/modules/inbound/index.js';

/** The customer's check, as the README tells it: HMAC over `${timestamp}.${body or raw query}`. */
function verified(req: ReceivedRequest, secret: string): boolean {
  const signed = req.method === 'GET' ? req.rawQuery : req.body;
  return verifyWebhookSignature(secret, String(req.headers['x-peyk-timestamp']), signed, String(req.headers['x-peyk-signature']), Math.floor(Date.now() / 1000));
}

describe('Webhooks: signed deliveries of reports of API sends and of inbound messages, retried, resent', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let receiver: WebhookReceiver;
  let token: string;
  let plain: string;
  let admin: string;
  let organizationId: number;
  let line: { agentId: number; lineId: number };
  let apiKey: string;
  const lineNumber = `3000${String(Date.now()).slice(-7)}`;

  const create = async (path: string, body: Record<string, unknown> = {}) => ok(await api.post('Webhooks/Create', { url: `${receiver.base}${path}`, webhookType: 'DeliveryStatus', ...body }, { token }));
  const deliveries = async (webhookId: number) => ok(await api.get(`Webhooks/GetDeliveries?webhookId=${webhookId}&pageSize=50`, { token })).items as any[];
  async function waitDelivery(webhookId: number, until: (d: any) => boolean, timeoutMs = 20_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await deliveries(webhookId)).find(until);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no delivery of webhook ${webhookId} matched: ${JSON.stringify(await deliveries(webhookId))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  before(async () => {
    // No allowance from the configuration: the receiver on 127.0.0.1 is opened by the administrator's setting.
    server = await startTestServer({ webhooks: { enabled: true, concurrency: 4, timeoutMs: 800, retryBaseMs: 150, pollMs: 100 }, outboundAllow: [] });
    api = new ApiClient(server.url);
    receiver = await WebhookReceiver.start();
    ({ admin, token, organizationId } = await standaloneSender(api, 'Webhook shop'));
    ok(await api.post('MainSettings/Update', { OutboundAllowedRanges: '127.0.0.1/32' }, { token: admin }));
    const plainName = `plain${organizationId}`;
    ok(await api.post('Users/Create', { userName: plainName, password: 'User#Pass1', changePasswordRequired: false, organizationId, isAdmin: false, firstName: 'P' }, { token: admin }));
    plain = ok(await api.post('Account/Login', { userName: plainName, password: 'User#Pass1' })).accessToken;
    line = await standaloneLine(api, admin, lineNumber, { deliveryDelayMs: 20 }, { isSendSingle: true, isSendApiSingle: true, organizationId });
    apiKey = ok(await api.post('ApiTokens/Create', { title: 'Shop backend' }, { token })).token;
  });

  after(async () => {
    await receiver?.close();
    await server?.stop();
  });

  it('refuses an address that is not http(s), with the spec\'s message; shows the secret only at creation', async () => {
    const refused = bad(await api.post('Webhooks/Create', { url: 'ftp://shop.example.com/x', webhookType: 'DeliveryStatus' }, { token }), 400, 'url');
    expect(refused.message).to.equal('Webhook address must start with http or https.');
    bad(await api.post('Webhooks/Create', { url: 'https://x.example', webhookType: 'DeliveryStatus', tryCount: 11 }, { token }), 400, 'tryCount');
    const created = await create('/shown-once');
    expect(created.secret).to.match(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created).to.include({ webhookType: 'DeliveryStatus', tryCount: 5, encoding: 'utf-8', status: 'Active' });
    const listed = ok(await api.get('Webhooks/GetAll', { token })).items.find((w: any) => w.id === created.id);
    expect(listed).to.not.have.property('secret');
    expect(JSON.stringify(listed)).to.not.contain(created.secret);
    const rotated = ok(await api.post(`Webhooks/RotateSecret/${created.id}`, {}, { token }));
    expect(rotated.secret).to.match(/^whsec_/).and.to.not.equal(created.secret);
    ok(await api.delete(`Webhooks/Delete/${created.id}`, { token }));
    bad(await api.get(`Webhooks/Get/${created.id}`, { token }), 404);
  });

  it('refuses, at save, an address on loopback, private, link-local or metadata ranges in any notation (finding F2)', async () => {
    ok(await api.post('MainSettings/Update', { OutboundAllowedRanges: null }, { token: admin }));
    try {
      const port = new URL(receiver.base).port;
      for (const url of [
        `${receiver.base}/internal`, `http://2130706433:${port}/`, `http://0x7f000001:${port}/`, `http://0177.0.0.1:${port}/`, `http://127.1:${port}/`,
        `http://[::ffff:127.0.0.1]:${port}/`, `http://[::ffff:7f00:1]:${port}/`, `http://[::1]:${port}/`, `http://localhost:${port}/`, 'http://0.0.0.0/',
        'http://169.254.169.254/latest/meta-data/', 'http://metadata.google.internal/computeMetadata/v1/', 'http://10.0.0.5/', 'http://192.168.1.1/', 'http://[fd00::1]/',
      ]) {
        const refused = bad(await api.post('Webhooks/Create', { url, webhookType: 'DeliveryStatus' }, { token: plain }), 400, 'url');
        expect(refused.validationErrors, url).to.deep.equal([{ propertyName: 'url', message: 'This webhook address points inside the server\'s own network and is not allowed.' }]);
      }
      const fa = bad(await api.post('Webhooks/Create', { url: `${receiver.base}/internal`, webhookType: 'DeliveryStatus' }, { token: plain, culture: 'fa-IR' }), 400, 'url');
      expect(fa.validationErrors?.[0]?.message).to.match(/[\u0600-\u06FF]/);
      // An edit is checked alike, and the administrator's own webhook too.
      const wh = ok(await api.post('Webhooks/Create', { url: 'https://shop.example.com/peyk/reports', webhookType: 'DeliveryStatus' }, { token: plain }));
      bad(await api.post('Webhooks/Update', { id: wh.id, url: `${receiver.base}/internal` }, { token: plain }), 400, 'url');
      bad(await api.post('Webhooks/Create', { url: 'http://169.254.169.254/', webhookType: 'DeliveryStatus' }, { token: admin }), 400, 'url');
      expect(ok(await api.get(`Webhooks/Get/${wh.id}`, { token: plain })).url).to.equal('https://shop.example.com/peyk/reports');
      ok(await api.delete(`Webhooks/Delete/${wh.id}`, { token: plain }));
      // A setting that is no list of ranges is refused on its key.
      bad(await api.post('MainSettings/Update', { OutboundAllowedRanges: '127.0.0.1/33' }, { token: admin }), 400, 'OutboundAllowedRanges');
    } finally {
      ok(await api.post('MainSettings/Update', { OutboundAllowedRanges: '127.0.0.1/32' }, { token: admin }));
    }
    // The administrator's allowance opens exactly that address.
    const allowed = ok(await api.post('Webhooks/Create', { url: `${receiver.base}/allowed`, webhookType: 'DeliveryStatus' }, { token: plain }));
    bad(await api.post('Webhooks/Create', { url: 'http://127.0.0.2/', webhookType: 'DeliveryStatus' }, { token: plain }), 400, 'url');
    ok(await api.delete(`Webhooks/Delete/${allowed.id}`, { token: plain }));
  });

  it('a webhook that passed the save check is still refused at connect when its address is no longer allowed; lastError says only that', async () => {
    receiver.script('/later-refused', [200]);
    const wh = await create('/later-refused', { tryCount: 1 });
    ok(await api.post('MainSettings/Update', { OutboundAllowedRanges: null }, { token: admin }));
    try {
      const test = ok(await api.post(`Webhooks/Test/${wh.id}`, {}, { token }));
      const d = await waitDelivery(wh.id, (x) => x.id === test.id && x.status === 'failed');
      expect(d).to.include({ lastError: 'address not allowed', lastStatusCode: null });
      expect(receiver.to('/later-refused')).to.have.length(0);
    } finally {
      ok(await api.post('MainSettings/Update', { OutboundAllowedRanges: '127.0.0.1/32' }, { token: admin }));
    }
  });

  it('a v1 send\'s delivery report arrives as a signed POST; a panel send of the same user makes none', async () => {
    const wh = await create('/reports');
    const sendId = randomUUID();
    const sent = ok(await api.call('POST', 'v1/messages/send', { body: { to: '09121110001', text: 'Order 77 shipped', line: line.lineId, sendId }, headers: { 'x-api-key': apiKey } }));
    const [req] = await receiver.waitFor('/reports', 1);
    expect(req.method).to.equal('POST');
    expect(req.headers['content-type']).to.match(/^application\/json/);
    expect(verified(req, wh.secret)).to.equal(true);
    expect(verified({ ...req, body: `${req.body} ` }, wh.secret)).to.equal(false);
    expect(verified(req, 'whsec_not-the-secret')).to.equal(false);
    const body = JSON.parse(req.body);
    expect(body).to.include({ type: 'DeliveryStatus', webhookId: wh.id });
    expect(String(body.deliveryId)).to.equal(String(req.headers['x-peyk-delivery']));
    expect(body.events).to.have.length(1);
    expect(body.events[0]).to.include({ messageId: sent.id, sendId, to: '989121110001', deliveryStatus: 'SentAndReceivedbyPhone', seq: 0 });
    expect(body.events[0].providerId).to.be.a('string');
    expect(new Date(body.events[0].at).getTime()).to.be.closeTo(Date.now(), 60_000);
    const d = await waitDelivery(wh.id, (x) => x.status === 'succeeded');
    expect(d).to.include({ attempts: 1, lastStatusCode: 200, eventType: 'DeliveryStatus' });

    const panel = ok(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: line.lineId, smsBody: 'From the panel', mobile: '09121110002' }, { token }));
    await waitForSend(api, token, panel.id);
    expect(await deliveries(wh.id)).to.have.length(1);
    // Disabled: the next API send's report makes no delivery.
    expect(ok(await api.post('Webhooks/Update', { id: wh.id, status: 'Disabled' }, { token }))).to.include({ status: 'Disabled' });
    const later = ok(await api.call('POST', 'v1/messages/send', { body: { to: '09121110003', text: 'Order 78 shipped', line: line.lineId }, headers: { 'x-api-key': apiKey } }));
    await waitForSend(api, token, later.id);
    expect(await deliveries(wh.id)).to.have.length(1);
    expect(receiver.to('/reports')).to.have.length(1);
  });

  it('a receiver answering 500 then 200 gets the same delivery again, and it succeeds', async () => {
    receiver.script('/flaky', [500, 200]);
    const wh = await create('/flaky');
    const test = ok(await api.post(`Webhooks/Test/${wh.id}`, {}, { token }));
    const reqs = await receiver.waitFor('/flaky', 2);
    expect(reqs.map((r) => r.headers['x-peyk-delivery'])).to.deep.equal([String(test.id), String(test.id)]);
    expect(reqs.map((r) => r.headers['x-peyk-attempt'])).to.deep.equal(['1', '2']);
    expect(reqs.every((r) => verified(r, wh.secret))).to.equal(true);
    const d = await waitDelivery(wh.id, (x) => x.id === test.id && x.status === 'succeeded');
    expect(d).to.include({ attempts: 2, lastStatusCode: 200 });
    // The status only: the receiver's answer ("nope") is never stored or shown.
    expect(d.lastError).to.equal('HTTP 500');
  });

  it('a receiver that does not answer in time is tried again', async () => {
    receiver.script('/slow', ['hang', 204]);
    const wh = await create('/slow');
    const test = ok(await api.post(`Webhooks/Test/${wh.id}`, {}, { token }));
    const d = await waitDelivery(wh.id, (x) => x.id === test.id && x.status === 'succeeded');
    // At least 2: on a loaded machine (two suites side by side) the second, answered attempt can
    // also run past the short test time-out and be tried a third time; each attempt reached the receiver.
    expect(d.lastStatusCode).to.equal(204);
    expect(d.attempts).to.be.at.least(2);
    expect(d.lastError).to.equal('timed out');
    expect(receiver.to('/slow')).to.have.length(d.attempts);
  });

  it('after tryCount failures the delivery is failed; resend makes it again with fresh tries', async () => {
    receiver.script('/down', [503, 503, 503, 200]);
    const wh = await create('/down', { tryCount: 3 });
    const test = ok(await api.post(`Webhooks/Test/${wh.id}`, {}, { token }));
    const failed = await waitDelivery(wh.id, (x) => x.id === test.id && x.status === 'failed');
    expect(failed).to.include({ attempts: 3, lastStatusCode: 503 });
    expect(receiver.to('/down')).to.have.length(3);
    // Failed is final: no fourth attempt on its own.
    await new Promise((r) => setTimeout(r, 600));
    expect(receiver.to('/down')).to.have.length(3);
    const resent = ok(await api.post(`Webhooks/ResendDelivery/${test.id}`, {}, { token }));
    expect(resent).to.include({ status: 'pending', attempts: 0 });
    const done = await waitDelivery(wh.id, (x) => x.id === test.id && x.status === 'succeeded');
    expect(done).to.include({ attempts: 1, lastStatusCode: 200 });
    expect(receiver.to('/down')).to.have.length(4);
    // A pending one is not doubled by a resend.
    receiver.script('/down', ['hang']);
    const again = ok(await api.post(`Webhooks/Test/${wh.id}`, {}, { token }));
    await receiver.waitFor('/down', 5);
    expect(bad(await api.post(`Webhooks/ResendDelivery/${again.id}`, {}, { token }), 409).message).to.equal('This delivery is still pending; it is not sent again.');
  });

  it('an inbound message to the owner\'s line arrives as a signed GET with To, From and Text', async () => {
    const wh = ok(await api.post('Webhooks/Create', { url: `${receiver.base}/inbound?shop=7`, webhookType: 'Inbound' }, { token }));
    const inbox = server.peyk.container.get(InboxService);
    await inbox.receive(line.agentId, [{ from: '09121239870', to: lineNumber, text: 'Cancel order 77 & refund', at: new Date(), providerId: randomUUID() }]);
    const [req] = await receiver.waitFor('/inbound', 1);
    expect(req.method).to.equal('GET');
    const q = new URLSearchParams(req.rawQuery);
    expect(Object.fromEntries(q)).to.deep.equal({ shop: '7', To: lineNumber, From: '989121239870', Text: 'Cancel order 77 & refund' });
    expect(verified(req, wh.secret)).to.equal(true);
    expect(req.headers['x-peyk-event']).to.equal('Inbound');
    const d = await waitDelivery(wh.id, (x) => x.status === 'succeeded');
    expect(d).to.include({ eventType: 'Inbound', attempts: 1 });
    // Read again by the sweep until it settles, the message is still delivered once.
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.to('/inbound')).to.have.length(1);
    expect(await deliveries(wh.id)).to.have.length(1);
  });

  it('another organization\'s administrator neither sees nor manages the webhook', async () => {
    const wh = await create('/private');
    const org = ok(await api.post('Organizations/Create', { name: 'Other shop', type: 'reseller' }, { token: admin }));
    ok(await api.post('Users/Create', { userName: 'othershop', password: 'User#Pass1', changePasswordRequired: false, organizationId: org.id, isAdmin: true, firstName: 'O' }, { token: admin }));
    const other = ok(await api.post('Account/Login', { userName: 'othershop', password: 'User#Pass1' })).accessToken;
    expect(ok(await api.get('Webhooks/GetAll', { token: other })).items.map((w: any) => w.id)).to.not.include(wh.id);
    bad(await api.post(`Webhooks/Test/${wh.id}`, {}, { token: other }), 404);
    bad(await api.get(`Webhooks/GetDeliveries?webhookId=${wh.id}`, { token: other }), 404);
    bad(await api.delete(`Webhooks/Delete/${wh.id}`, { token: other }), 404);
    // The super administrator above manages it.
    expect(ok(await api.get('Webhooks/GetAll', { token: admin })).items.map((w: any) => w.id)).to.include(wh.id);
  });
});
