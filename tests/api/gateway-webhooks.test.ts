import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import type { Tree } from '../support/fixtures.js';
import { bad, expectLedgerClean, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';

/**
 * Receipts that do not come by callback: the simulator pushes them to the agent's webhook route
 * (`/api/gateways/{agentId}/webhook`, authenticated by the agent's secret, no session), or keeps
 * them until the host polls. Either way the send settles. Also: writeOnly options are masked by the
 * plugin's schema, and a masked secret sent back keeps the stored one.
 */
describe('Gateway webhooks and polling: receipts reach settlement by every path', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;

  const webhook = (agentId: number | string, init: { secret?: string; body?: string; contentType?: string; query?: string } = {}) => {
    const headers: Record<string, string> = { 'content-type': init.contentType ?? 'application/x-www-form-urlencoded' };
    if (init.secret !== undefined) headers['x-peyk-webhook-secret'] = init.secret;
    return api.call('POST', `gateways/${agentId}/webhook${init.query ?? ''}`, { rawBody: init.body ?? 'id=x&stat=DELIVRD', headers });
  };

  async function sendThrough(lineId: number): Promise<any> {
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: 'receipt paths', sendType: 'Bulk', receivers: ['09121110001', '09351110002', '09211110003'] }, { token: tree.subAdmin.token }));
    return waitForSend(api, tree.subAdmin.token, created.id);
  }

  before(async () => {
    ({ api, superToken, tree } = await sendingTree());
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('shows a rotated secret once and masks the writeOnly option by the schema', async () => {
    const { agentId } = await simulatorLine(api, {});
    expect(ok(await api.get(`SenderAgents/Get/${agentId}`, { token: superToken })).hasWebhookSecret).to.equal(false);
    const rotated = ok(await api.post(`SenderAgents/RotateWebhookSecret/${agentId}`, {}, { token: superToken }));
    expect(rotated.webhookSecret).to.be.a('string').with.length.above(30);
    expect(rotated.webhookPath).to.equal(`/api/gateways/${agentId}/webhook`);
    ok(await api.post('SenderAgents/Update', { id: agentId, options: { seed: 1, webhookSecret: 'plain-secret' } }, { token: superToken }));
    const agent = ok(await api.get(`SenderAgents/Get/${agentId}`, { token: superToken }));
    expect(agent.hasWebhookSecret).to.equal(true);
    expect(agent).to.not.have.property('webhookSecretHash');
    // webhookSecret is writeOnly in the schema; seed is not (a key name alone decides nothing now).
    expect(agent.options).to.deep.equal({ seed: 1, webhookSecret: '***' });
    const all = ok(await api.get('SenderAgents/GetAll', { token: superToken }));
    expect(all.items.find((a: any) => a.id === agentId).options.webhookSecret).to.equal('***');
    bad(await api.post(`SenderAgents/RotateWebhookSecret/${agentId}`, {}, { token: tree.resellerAdmin.token }), 403);
  });

  it('refuses unknown agents (404), wrong or missing secrets (401) and bodies over 1 MB (413), in the envelope, without a session', async () => {
    const { agentId } = await simulatorLine(api, {});
    const { webhookSecret } = ok(await api.post(`SenderAgents/RotateWebhookSecret/${agentId}`, {}, { token: superToken }));
    expect(bad(await webhook(999_999, { secret: webhookSecret }), 404).message).to.be.a('string').and.not.equal('');
    bad(await webhook(agentId, { secret: 'wrong' }), 401);
    bad(await webhook(agentId, {}), 401);
    bad(await webhook(agentId, { query: '?secret=wrong' }), 401);
    const fa = await api.call('POST', `gateways/${agentId}/webhook`, { rawBody: 'x', headers: { 'x-peyk-webhook-secret': 'wrong', 'content-type': 'text/plain' }, culture: 'fa-IR' });
    expect(fa.status).to.equal(401);
    expect(fa.body.message).to.match(/[\u0600-\u06FF]/);
    bad(await webhook(agentId, { secret: webhookSecret, body: 'x'.repeat(1024 * 1024 + 1) }), 413);
    // A secret is no use after rotation.
    ok(await api.post(`SenderAgents/RotateWebhookSecret/${agentId}`, {}, { token: superToken }));
    bad(await webhook(agentId, { secret: webhookSecret }), 401);
  });

  it('settles a send whose receipts come through the webhook route; a masked secret sent back is kept', async () => {
    const { agentId, lineId } = await simulatorLine(api, {});
    const { webhookSecret } = ok(await api.post(`SenderAgents/RotateWebhookSecret/${agentId}`, {}, { token: superToken }));
    const webhookUrl = new URL(`/api/gateways/${agentId}/webhook`, api.baseUrl).href;
    const options = { submitLatencyMs: 0, deliveryDelayMs: 10, deliveryRatio: 1, seed: 1, receiptDelivery: 'webhook', webhookUrl, webhookSecret };
    ok(await api.post('SenderAgents/Update', { id: agentId, options }, { token: superToken }));
    // The form sends the masked value back with another change: the stored secret must stay.
    ok(await api.post('SenderAgents/Update', { id: agentId, options: { ...options, deliveryDelayMs: 20, webhookSecret: '***' } }, { token: superToken }));
    const done = await sendThrough(lineId);
    expect(done).to.include({ sentCount: 3, deliveredCount: 3, pendingCount: 0 });
    // The agent is connected here now: a well-formed call with the right secret reaches the plugin.
    const answer = await fetch(new URL(`/api/gateways/${agentId}/webhook`, api.baseUrl), {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-peyk-webhook-secret': webhookSecret }, body: 'id=unknown-provider-id&stat=DELIVRD',
    });
    expect(answer.status).to.equal(200);
    expect(await answer.text()).to.equal('OK');
    // The plugin's own answer (its status and text, not the envelope) comes back as it is.
    const malformed = await fetch(new URL(`/api/gateways/${agentId}/webhook?secret=${encodeURIComponent(webhookSecret)}`, api.baseUrl), { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<xml/>' });
    expect(malformed.status).to.equal(400);
    expect(await malformed.text()).to.equal('malformed receipts');
  });

  it('settles a send whose receipts wait to be polled', async () => {
    const { lineId } = await simulatorLine(api, { receiptDelivery: 'poll', pollIntervalMs: 100 });
    const done = await sendThrough(lineId);
    expect(done).to.include({ sentCount: 3, deliveredCount: 3, pendingCount: 0 });
  });
});
