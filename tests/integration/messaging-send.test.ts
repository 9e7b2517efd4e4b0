import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, INITIAL_ADMIN_PASSWORD, type TestServer } from '../support/test-server.js';
import { ok, tariffBody, waitForSend } from '../support/sending.js';
import { REFUSED_DELIVERY_STATUSES } from '../../server/modules/messaging/statuses.js';

/**
 * A whole send of 10,000 receivers through the simulator on this run's database backend (PGlite
 * or PostgreSQL): every receiver ends final, the organization pays exactly for what was
 * delivered (the line charges by delivery), and the ledger still verifies.
 */
describe('Send engine end to end: 10,000 receivers through the simulator', function () {
  this.timeout(240_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server.url);
    const first = ok(await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD }));
    ok(await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: 'Admin#Pass9', confirmPassword: 'Admin#Pass9' }, { token: first.accessToken }));
    admin = ok(await api.post('Account/Login', { userName: 'admin', password: 'Admin#Pass9' })).accessToken;
  });

  after(async () => {
    await server?.stop();
  });

  it('ends with every receiver final, the ledger charged exactly for delivered parts, and verify clean', async () => {
    const org = ok(await api.post('Organizations/Create', { name: 'Ten thousand', type: 'reseller' }, { token: admin }));
    const tariff = ok(await api.post('Tariffs/Create', tariffBody('Flat 100', 100), { token: admin }));
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: org.id, tariffId: tariff.id }, { token: admin }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: org.id, amount: 5_000_000 }, { token: admin }));
    ok(await api.post('Users/Create', { userName: 'tenk', password: 'User#Pass1', changePasswordRequired: false, organizationId: org.id, isAdmin: true, firstName: 'T' }, { token: admin }));
    const token = ok(await api.post('Account/Login', { userName: 'tenk', password: 'User#Pass1' })).accessToken;

    const agent = ok(await api.post('SenderAgents/Create', {
      title: 'Sim 90%', pluginName: 'simulator', maxPerSecond: 100_000, isActive: true, isSendActive: true, isActiveAllTime: true,
      options: { submitLatencyMs: 0, deliveryDelayMs: 20, deliveryRatio: 0.9, expireRatio: 0.5, acceptRatio: 0.98, failureCodes: ['InvalidDestination'], maxPerSecond: 100_000, seed: 3 },
    }, { token: admin }));
    const line = ok(await api.post('PrivateNumbers/Create', {
      number: '3000777', useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id,
      isPublic: true, isActive: true, isSendBulk: true, deliveryBase: true,
    }, { token: admin }));

    const numbers = Array.from({ length: 10_000 }, (_, i) => `0912${String(1_000_000 + i)}`).join('\n');
    const before = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${org.id}`, { token: admin }));
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.id, smsBody: 'Ten thousand hello', sendType: 'Bulk', receiversText: numbers }, { token }));
    expect(created.recipientCount).to.equal(10_000);
    const done = await waitForSend(api, token, created.id, undefined, 200_000);

    const counts = done.deliveryStatusCounts as Record<string, number>;
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total).to.equal(10_000);
    // Delivered, not delivered, or refused at submit (NotSent or the refusal's own status, e.g. InvalidMobile).
    for (const status of Object.keys(counts)) expect(['SentAndReceivedbyPhone', 'HaveNotReceivedToPhone', 'Expired', ...REFUSED_DELIVERY_STATUSES]).to.include(status);
    expect(done.deliveredCount).to.equal(counts.SentAndReceivedbyPhone);
    expect(done.pendingCount).to.equal(0);
    expect(done.status).to.equal('SentAndGiveBackCredit');

    const after = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${org.id}`, { token: admin }));
    expect(BigInt(before.balance) - BigInt(after.balance)).to.equal(100n * BigInt(counts.SentAndReceivedbyPhone));
    expect(after.held).to.equal(before.held);
    const verify = ok(await api.get('Ledger/Verify', { token: admin }));
    expect(verify.mismatches).to.deep.equal([]);
  });
});
