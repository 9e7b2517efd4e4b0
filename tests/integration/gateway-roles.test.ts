import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { SplitInstallation, waitHealthy } from '../support/peyk-processes.js';
import { bad, ok, tariffBody } from '../support/sending.js';

/**
 * Which process holds gateway connections when the roles are split (plugins/CONTEXT.md): the
 * worker. Receipts that must be polled are polled there, so a send through a polling agent
 * settles with the web process holding no gateway; a webhook call reaching the web process is a
 * 503 (the provider retries) because the web process holds no gateway. Needs PostgreSQL.
 */
describe('Gateway connections live in the worker role', function () {
  this.timeout(300_000);
  let install: SplitInstallation | null = null;
  let base = '';

  before(async function () {
    if (!process.env.DATABASE_URL) {
      // eslint-disable-next-line no-console
      console.log('    (skipped on the embedded database: two processes need PostgreSQL)');
      this.skip();
    }
    install = await SplitInstallation.create('roles', 'Roles#Pass1');
    base = install.base;
    // The web process first: it migrates the fresh database.
    await waitHealthy(base, install.spawn('web'));
    install.spawn('worker');
  });

  after(async () => {
    await install?.close();
  });

  it('settles a send whose receipts are polled by the worker, and the web process answers webhooks 503', async () => {
    const api = new ApiClient(base);
    const first = ok(await api.post('Account/Login', { userName: 'admin', password: 'Roles#Pass1' }));
    ok(await api.post('Account/ChangePassword', { currentPassword: 'Roles#Pass1', newPassword: 'Roles#Pass2', confirmPassword: 'Roles#Pass2' }, { token: first.accessToken }));
    const admin = ok(await api.post('Account/Login', { userName: 'admin', password: 'Roles#Pass2' })).accessToken;
    const org = ok(await api.post('Organizations/Create', { name: 'Roles org', type: 'reseller' }, { token: admin }));
    const tariff = ok(await api.post('Tariffs/Create', tariffBody('Roles', 10), { token: admin }));
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: org.id, tariffId: tariff.id }, { token: admin }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: org.id, amount: 1_000_000 }, { token: admin }));
    ok(await api.post('Users/Create', { userName: 'roles', password: 'User#Pass1', changePasswordRequired: false, organizationId: org.id, isAdmin: true, firstName: 'R' }, { token: admin }));
    const token = ok(await api.post('Account/Login', { userName: 'roles', password: 'User#Pass1' })).accessToken;
    const agent = ok(await api.post('SenderAgents/Create', {
      title: 'Polled sim', pluginName: 'simulator', maxPerSecond: 1_000, isActive: true, isSendActive: true, isActiveAllTime: true,
      options: { submitLatencyMs: 0, deliveryDelayMs: 10, deliveryRatio: 1, seed: 2, receiptDelivery: 'poll', pollIntervalMs: 100 },
    }, { token: admin }));
    const line = ok(await api.post('PrivateNumbers/Create', {
      number: '3000888', useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id,
      isPublic: true, isActive: true, isSendBulk: true, deliveryBase: true,
    }, { token: admin }));
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.id, smsBody: 'polled', sendType: 'Bulk', receivers: ['09121110001', '09351110002'] }, { token }));
    const deadline = Date.now() + 120_000;
    let send: any;
    for (;;) {
      send = ok(await api.get(`OutBox/Get/${created.id}`, { token }));
      if (send.queueStatus === 'Completed' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(send).to.include({ queueStatus: 'Completed', deliveredCount: 2, pendingCount: 0 });

    const { webhookSecret } = ok(await api.post(`SenderAgents/RotateWebhookSecret/${agent.id}`, {}, { token: admin }));
    const res = await api.call('POST', `gateways/${agent.id}/webhook`, { rawBody: 'id=x&stat=DELIVRD', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-peyk-webhook-secret': webhookSecret } });
    bad(res, 503);
  });
});
