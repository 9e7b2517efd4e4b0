import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { INITIAL_ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server.js';
import { bad, ok, tariffBody, waitForSend } from '../support/sending.js';

/**
 * Issue 14 item 1: the system administrator's first-run checklist on a fresh installation. Every
 * step is computed from real data, so each flips as the data appears (and back when it goes), and
 * the administrator can send a test message from the root organization at once.
 */
describe('First-run checklist: each step flips as the installation is set up', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;

  const steps = async (): Promise<Record<string, boolean>> => {
    const list = ok(await api.get('FirstRun/GetChecklist', { token: admin }));
    return { ...Object.fromEntries(list.items.map((i: { key: string; done: boolean }) => [i.key, i.done])), allDone: list.allDone };
  };

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

  it('a fresh install has only the simulator; the steps tick one by one; the root sends a test message at once', async () => {
    const list = ok(await api.get('FirstRun/GetChecklist', { token: admin }));
    expect(list.items.map((i: { key: string }) => i.key)).to.deep.equal(['senderAgent', 'tariff', 'customer', 'credit', 'testMessage']);
    expect(await steps()).to.deep.equal({ senderAgent: true, tariff: false, credit: false, customer: false, testMessage: false, allDone: false });

    // The seeded simulator switched off: no agent can send, the step is open again.
    const agent = ok(await api.get('SenderAgents/GetAll', { token: admin })).items[0];
    ok(await api.post('SenderAgents/Update', { id: agent.id, isActive: false }, { token: admin }));
    expect((await steps()).senderAgent).to.equal(false);
    ok(await api.post('SenderAgents/Update', { id: agent.id, isActive: true }, { token: admin }));
    expect((await steps()).senderAgent).to.equal(true);

    // The test message from the root organization, through the normal single send, on the seeded line:
    // the root has no tariff and no account (it is never charged), and it sends.
    const [seeded] = ok(await api.get('PrivateNumbers/GetMyNumbers?sendType=Single', { token: admin }));
    expect(seeded.number).to.equal('10001000');
    const preview = ok(await api.post('ScheduledMessages/GetScheduledMessageCalculations', {
      senderNumberId: seeded.id, smsBody: 'Peyk test message', sendType: 'Single', receivers: ['09121234567'],
    }, { token: admin }));
    expect(preview).to.include({ recipientCount: 1, totalPrice: '0', priced: true });
    expect(preview.problems).to.deep.equal([]);
    const sent = ok(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: seeded.id, smsBody: 'Peyk test message', mobile: '09121234567' }, { token: admin }));
    await waitForSend(api, admin, sent.id, (s) => s.sentCount > 0);
    expect((await steps()).testMessage).to.equal(true);

    const tariff = ok(await api.post('Tariffs/Create', tariffBody('First tariff', 100), { token: admin }));
    expect(await steps()).to.include({ tariff: true, customer: false, credit: false });

    const customer = ok(await api.post('Organizations/Create', { name: 'First customer', type: 'reseller' }, { token: admin }));
    expect(await steps()).to.include({ customer: true, credit: false });
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: customer.id, tariffId: tariff.id }, { token: admin }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: customer.id, amount: 100_000 }, { token: admin }));
    expect(await steps()).to.deep.equal({ senderAgent: true, tariff: true, credit: true, customer: true, testMessage: true, allDone: true });

    // Only the system administrator sees it.
    ok(await api.post('Users/Create', { userName: 'firstcustomer', password: 'User#Pass1', changePasswordRequired: false, organizationId: customer.id, isAdmin: true, firstName: 'C' }, { token: admin }));
    const other = ok(await api.post('Account/Login', { userName: 'firstcustomer', password: 'User#Pass1' })).accessToken;
    bad(await api.get('FirstRun/GetChecklist', { token: other }), 403);

    // A step whose data goes away opens again: the only tariff deleted.
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: customer.id, tariffId: null }, { token: admin }));
    ok(await api.delete(`Tariffs/Delete/${tariff.id}`, { token: admin }));
    expect(await steps()).to.include({ tariff: false, allDone: false });
  });
});
