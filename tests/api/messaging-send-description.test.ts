import { expect } from 'chai';
import { createUser, login, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, expectLedgerClean, ok, sendingTree } from '../support/sending.js';

/**
 * The user flag isSendSmsDescriptionRequired (issue 29): a send typed in the panel by such a user
 * needs a description; the price preview does not, and a user without the flag sends as before.
 */
describe('Send engine: a description required by the user flag', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };
  let flagged: string;

  before(async () => {
    ({ api, tree, line } = await sendingTree());
    const user = await createUser(api, tree.orgAdmin.token, { userName: unique('described'), organizationId: tree.sub.id, isAdmin: true, isSendSmsDescriptionRequired: true });
    flagged = (await login(api, user.userName, USER_PASSWORD)).accessToken;
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  const body = (extra: Record<string, unknown> = {}) => ({ senderNumberId: line.lineId, smsBody: 'Described', sendType: 'Bulk', receivers: ['09121110601'], ...extra });

  it('refuses a panel send without a description, on the description field, in both languages', async () => {
    const en = bad(await api.post('ScheduledMessages/Create', body(), { token: flagged, culture: 'en-US' }), 400, 'description');
    expect(en.validationErrors![0].message).to.equal('A description of the send is required for your user.');
    const fa = bad(await api.post('ScheduledMessages/Create', body({ description: '   ' }), { token: flagged, culture: 'fa-IR' }), 400, 'description');
    expect(fa.validationErrors![0].message).to.equal('برای کاربر شما نوشتن توضیح ارسال الزامی است.');
    bad(await api.post('ScheduledMessages/CreateScheduledMessageBulk', { senderNumberId: line.lineId, smsBody: 'Described', bulkRecipients: [{ mobile: '09121110602' }] }, { token: flagged }), 400, 'description');
    bad(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: line.lineId, smsBody: 'Described', mobile: '09121110603' }, { token: flagged }), 400, 'description');
    bad(await api.post('ScheduledMessages/Create', body({ typeSend: 'periodic', periodType: 'Daily', sendHour: 9, startDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) }), { token: flagged }), 400, 'description');
  });

  it('takes the send with a description, and previews its price without one', async () => {
    const sent = ok(await api.post('ScheduledMessages/Create', body({ description: 'Campaign of week 48' }), { token: flagged }));
    expect(sent.description).to.equal('Campaign of week 48');
    ok(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: line.lineId, smsBody: 'Described', mobile: '09121110603', description: 'A reply' }, { token: flagged }));
    ok(await api.post('ScheduledMessages/GetScheduledMessageCalculations', body(), { token: flagged }));
  });

  it('leaves a user without the flag as before', async () => {
    ok(await api.post('ScheduledMessages/Create', body(), { token: tree.subAdmin.token }));
    ok(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: line.lineId, smsBody: 'Plain', mobile: '09121110604' }, { token: tree.subAdmin.token }));
  });
});
