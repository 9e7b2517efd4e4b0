import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { bad, fundedCustomer, ok, standaloneLine, standaloneSender } from '../support/sending.js';
import { USER_PASSWORD } from '../support/fixtures.js';

/** `TextParsers/*`: the form's rules answered on their fields in the spec's shape, in Persian and English; tenancy. */
describe('TextParsers API: validation and tenancy', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let token: string;
  let admin: string;
  let lineId: number;
  let otherToken: string;
  let otherLine: number;

  const create = (body: Record<string, unknown>, culture = 'en-US', as = token) =>
    api.post('TextParsers/Create', { title: 'Gold price', privateNumberId: lineId, thenConditionType: 'ReplyText', thenConditionValue: 'Gold is 100', ...body }, { token: as, culture });
  const fieldMessage = (body: any, field: string) => body.validationErrors.find((v: any) => v.propertyName === field)?.message;

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server.url);
    const sender = await standaloneSender(api, 'Parser API');
    ({ admin, token } = sender);
    lineId = (await standaloneLine(api, admin, '30009911', {}, { organizationId: sender.organizationId, isSendSingle: true })).lineId;
    const other = await fundedCustomer(api, admin, 'ParserOther', 'Omid');
    otherToken = ok(await api.post('Account/Login', { userName: other.user.userName, password: USER_PASSWORD })).accessToken;
    otherLine = (await standaloneLine(api, admin, '30009922', {}, { organizationId: other.org.id, isSendSingle: true })).lineId;
  });

  after(async () => { await server?.stop(); });

  it('creates, lists, gets, updates, switches off and deletes a parser', async () => {
    const created = ok(await create({ ifConditionType: 'Contains', ifConditionValue: 'gold', sentDelayType: 'Minute', sentDelayValue: 5 }));
    expect(created).to.include({ title: 'Gold price', senderNumber: '30009911', ifConditionType: 'Contains', ifConditionValue: 'gold', sentDelayType: 'Minute', sentDelayValue: 5, isActive: true, senderConditionType: 'Any' });
    const page = ok(await api.get('TextParsers/GetAll?pageSize=10', { token }));
    expect(page.totalCount).to.equal(1);
    expect(page.items[0]).to.include({ id: created.id, senderNumber: '30009911' });
    const updated = ok(await api.post('TextParsers/Update', { id: created.id, title: 'Silver', privateNumberId: lineId, thenConditionType: 'ReplyText', thenConditionValue: 'Silver is 5' }, { token }));
    expect(updated).to.include({ title: 'Silver', ifConditionType: 'Any', ifConditionValue: null, sentDelayType: 'None', sentDelayValue: 0 });
    expect(ok(await api.post('TextParsers/ChangeStatus', { id: created.id, isActive: false }, { token })).isActive).to.equal(false);
    expect(ok(await api.get(`TextParsers/Get/${created.id}`, { token })).title).to.equal('Silver');
    bad(await api.get(`TextParsers/Get/${created.id}`, { token: otherToken }), 404);
    bad(await api.delete(`TextParsers/Delete/${created.id}`, { token: otherToken }), 404);
    ok(await api.delete(`TextParsers/Delete/${created.id}`, { token }));
    bad(await api.get(`TextParsers/Get/${created.id}`, { token }), 404);
  });

  it('answers every problem of the form on its field, in the spec\'s shape', async () => {
    const body = bad(await create({ title: ' ', thenConditionValue: '', ifConditionType: 'Equals', ifConditionValue: '' }), 400);
    expect(fieldMessage(body, 'title')).to.equal('The Title field is required.');
    expect(fieldMessage(body, 'ifConditionValue')).to.equal('The Text condition value field is required.');
    expect(fieldMessage(body, 'thenConditionValue')).to.equal('The Action value field is required.');
    bad(await create({ ifConditionType: 'Sometimes' }), 400, 'ifConditionType');
  });

  it('a regular expression that is invalid, has slashes or could run away is refused on ifConditionValue', async () => {
    expect(fieldMessage(bad(await create({ ifConditionType: 'Regex', ifConditionValue: 'code(' }), 400, 'ifConditionValue'), 'ifConditionValue')).to.equal('The regular expression is not valid.');
    expect(fieldMessage(bad(await create({ ifConditionType: 'Regex', ifConditionValue: '/^code$/' }), 400, 'ifConditionValue'), 'ifConditionValue')).to.equal('Write the pattern without slashes (/) around it.');
    for (const unsafe of ['(a+)+$', '(x|xx)*y', '^(\\w+)\\1$']) {
      expect(fieldMessage(bad(await create({ ifConditionType: 'Regex', ifConditionValue: unsafe }), 400, 'ifConditionValue'), 'ifConditionValue'), unsafe).to.match(/could run very slowly/);
    }
    const fa = bad(await create({ ifConditionType: 'Regex', ifConditionValue: 'code(' }, 'fa-IR'), 400, 'ifConditionValue');
    expect(fieldMessage(fa, 'ifConditionValue')).to.equal('الگوی عبارت باقاعده نامعتبر است.');
    ok(await create({ ifConditionType: 'Regex', ifConditionValue: '^code\\s*\\d{4}$' }));
    expect(fieldMessage(bad(await create({ ifConditionType: 'NumberRange', ifConditionValue: '20-10' }), 400, 'ifConditionValue'), 'ifConditionValue')).to.match(/from-to/);
  });

  it('sender, forward, email, URL, template and delay rules', async () => {
    expect(fieldMessage(bad(await create({ senderConditionType: 'Equals', senderConditionValue: 'abc' }), 400), 'senderConditionValue')).to.equal('Invalid mobile number.');
    bad(await create({ senderConditionType: 'InPhonebook' }), 400, 'senderPhonebookId');
    expect(fieldMessage(bad(await create({ thenConditionType: 'ForwardToEmail', email: 'not-an-email' }), 400), 'email')).to.equal('Invalid email address.');
    expect(fieldMessage(bad(await create({ thenConditionType: 'CallUrl', ipAndPort: 'ftp://example.com/x' }), 400), 'ipAndPort')).to.equal('The address must start with http or https.');
    expect(fieldMessage(bad(await create({ thenConditionType: 'CallUrl', ipAndPort: 'http://10.1.2.3/hook' }), 400), 'ipAndPort')).to.match(/private network/);
    expect(fieldMessage(bad(await create({ thenConditionType: 'ForwardToMobile', mobileNumber: '0912' }), 400), 'mobileNumber')).to.equal('Invalid mobile number.');
    const ownLine = await standaloneLine(api, admin, '989350009933', {});
    void ownLine;
    expect(fieldMessage(bad(await create({ thenConditionType: 'ForwardToMobile', mobileNumber: '09350009933' }), 400), 'mobileNumber')).to.match(/one of the system's lines/);
    bad(await create({ thenConditionType: 'ReplyDynamicTemplate' }), 400, 'matchingDynamicTemplateId');
    bad(await create({ thenConditionType: 'ReplyDynamicTemplate', noMatchingDynamicTemplateId: 999999 }), 400, 'noMatchingDynamicTemplateId');
    expect(fieldMessage(bad(await create({ sentDelayType: 'Daily', sentDelayValue: 31 }), 400), 'sentDelayValue')).to.equal('The send delay may be at most 30.');
    bad(await create({ thenConditionType: 'AddToPhonebook', thenConditionValue: '999999' }), 400, 'thenConditionValue');
  });

  it('a line of another organization is refused', async () => {
    bad(await create({ privateNumberId: otherLine }), 400, 'privateNumberId');
    ok(await create({ privateNumberId: otherLine }, 'en-US', otherToken));
  });
});
