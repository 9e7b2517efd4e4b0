import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { unique, type Tree } from '../support/fixtures.js';
import { bad, expectLedgerClean, ok, sendingTree, simulatorLine } from '../support/sending.js';

type Line = { agentId: number; lineId: number; number: string };

/**
 * Issue 30 part 3: the REST API's sends are of SendType Api, judged by the line's own API flags —
 * one message to one number by isSendApiSingle, many receivers in one call (send-many, send-pairs)
 * by isSendApiP2P, an OTP by isSendOtp — while the panel's sends keep their own flags. A refusal is
 * the line's (failure code PrivateNumberNotValid on `line`) and stores nothing.
 */
describe('REST API v1: sends of type Api, gated by the line\'s API flags', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let key: string;
  let formatId: number;
  const NONE = { isSendApiSingle: false, isSendApiP2P: false, isSendOtp: false };
  const lines: Record<'panelOnly' | 'apiSingle' | 'apiP2P' | 'otpOnly', Line> = {} as never;

  const v1 = (path: string, body: unknown, culture = 'en-US') =>
    api.call('POST', `v1/${path}`, { body, culture, headers: { 'x-api-key': key } });
  const outboxCount = async () => ok(await api.get('OutBox/GetAll?pageSize=1', { token: tree.subAdmin.token })).totalCount as number;
  /** The refusal's field error on `line` (the v1 name of the panel's senderNumberId). */
  const lineRefusal = (res: Parameters<typeof bad>[0]) => {
    const body = bad(res, 400, 'line');
    expect(body.data.failureCode).to.equal('PrivateNumberNotValid');
    return (body.validationErrors as { propertyName: string; message: string }[]).find((v) => v.propertyName === 'line')!.message;
  };

  before(async () => {
    ({ api, tree } = await sendingTree());
    lines.panelOnly = await simulatorLine(api, {}, NONE);
    lines.apiSingle = await simulatorLine(api, {}, { ...NONE, isSendApiSingle: true, isSendSingle: false });
    lines.apiP2P = await simulatorLine(api, {}, { ...NONE, isSendApiP2P: true });
    lines.otpOnly = await simulatorLine(api, {}, { ...NONE, isSendOtp: true });
    key = ok(await api.post('ApiTokens/Create', { title: unique('Api type ') }, { token: tree.subAdmin.token })).token;
    // An administrator's own format is confirmed at once.
    formatId = ok(await api.post('OtpFormats/Create', { title: unique('Code '), smsText: 'Your code is {0}.', priority: 'Highest' }, { token: tree.subAdmin.token })).id;
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('messages/send needs isSendApiSingle (isSendSingle is the panel\'s); the send is of type Api', async () => {
    const count = await outboxCount();
    const refused = await v1('messages/send', { to: '09124500001', text: 'Hello', line: lines.panelOnly.lineId });
    expect(lineRefusal(refused)).to.equal('This line is not open to single API sends: its "API single send" capability is off. Ask your administrator to switch it on.');
    const fa = await v1('messages/send', { to: '09124500001', text: 'Hello', line: lines.panelOnly.lineId }, 'fa-IR');
    expect(lineRefusal(fa)).to.equal('این خط برای ارسال API تکی باز نیست: قابلیت «ارسال API تکی» آن خاموش است. از مدیر سامانه بخواهید آن را روشن کند.');
    lineRefusal(await v1('messages/send', { to: '09124500001', text: 'Hello', line: lines.apiP2P.lineId }));
    lineRefusal(await v1('messages/send', { to: '09124500001', text: 'Hello', line: lines.otpOnly.lineId }));
    expect(await outboxCount()).to.equal(count);

    const sent = ok(await v1('messages/send', { to: '09124500001', text: 'Hello', line: lines.apiSingle.lineId }));
    expect(sent).to.include({ sendType: 'Api', priority: 'Normal', recipientCount: 1, privateNumberId: lines.apiSingle.lineId });
    // The same line is closed to the panel's single send: the two types keep their own flags.
    const panel = await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: lines.apiSingle.lineId, smsBody: 'Hello', mobile: '09124500001' }, { token: tree.subAdmin.token });
    expect(bad(panel, 400, 'senderNumberId').message).to.contain('single sends');
    expect(await outboxCount()).to.equal(count + 1);
  });

  it('send-many and send-pairs need isSendApiP2P; each pair refused on its own', async () => {
    const count = await outboxCount();
    const many = { to: ['09124500011', '09124500012'], text: 'Sale', line: lines.apiSingle.lineId };
    expect(lineRefusal(await v1('messages/send-many', many))).to.equal('This line is not open to API sends to many receivers: its "API P2P send" capability is off. Ask your administrator to switch it on.');
    const pairs = { line: lines.apiSingle.lineId, messages: [{ to: '09124500021', text: 'Hi Sara' }, { to: '09124500022', text: 'Hi Ali' }] };
    const refusedPairs = ok(await v1('messages/send-pairs', pairs));
    expect(refusedPairs).to.include({ sentCount: 0, failedCount: 2 });
    for (const item of refusedPairs.items) {
      expect(item).to.include({ isSucceed: false, status: 400, failureCode: 'PrivateNumberNotValid' });
      expect(item.validationErrors.map((v: { propertyName: string }) => v.propertyName)).to.deep.equal(['line']);
    }
    expect(await outboxCount()).to.equal(count);

    expect(ok(await v1('messages/send-many', { ...many, line: lines.apiP2P.lineId }))).to.include({ sendType: 'Api', recipientCount: 2 });
    const sentPairs = ok(await v1('messages/send-pairs', { ...pairs, line: lines.apiP2P.lineId }));
    expect(sentPairs).to.include({ sentCount: 2, failedCount: 0 });
    expect(sentPairs.items.map((i: any) => i.send.sendType)).to.deep.equal(['Api', 'Api']);
    expect(await outboxCount()).to.equal(count + 3);
  });

  it('messages/otp needs isSendOtp (not isSendApiSingle) and carries its format\'s priority', async () => {
    const count = await outboxCount();
    const refused = await v1('messages/otp', { to: '09124500031', formatId, parameters: ['1234'], line: lines.apiSingle.lineId });
    expect(lineRefusal(refused)).to.equal('This line is not open to OTP sends: its "OTP send" capability is off. Ask your administrator to switch it on.');
    lineRefusal(await v1('messages/otp', { to: '09124500031', formatId, parameters: ['1234'], line: lines.panelOnly.lineId }));
    expect(await outboxCount()).to.equal(count);

    const sent = ok(await v1('messages/otp', { to: '09124500031', formatId, parameters: ['1234'], line: lines.otpOnly.lineId }));
    expect(sent).to.include({ sendType: 'Api', priority: 'Highest', smsText: 'Your code is 1234.' });
    expect(ok(await api.get(`OutBox/Get/${sent.id}`, { token: tree.subAdmin.token }))).to.include({ sendType: 'Api', priority: 'Highest' });
  });

  it('GET v1/lines lists the lines open to Api by default', async () => {
    const ids = (ok(await api.call('GET', 'v1/lines', { headers: { 'x-api-key': key } })) as { id: number }[]).map((l) => l.id);
    expect(ids).to.include.members([lines.apiSingle.lineId, lines.apiP2P.lineId]).and.not.include(lines.panelOnly.lineId);
    const single = (ok(await api.call('GET', 'v1/lines?sendType=Single', { headers: { 'x-api-key': key } })) as { id: number }[]).map((l) => l.id);
    expect(single).to.include(lines.panelOnly.lineId).and.not.include(lines.apiSingle.lineId);
  });
});
