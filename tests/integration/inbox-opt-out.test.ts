import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { USER_PASSWORD } from '../support/fixtures.js';
import { bad, fundedCustomer, ok, standaloneLine, standaloneSender, waitForSend } from '../support/sending.js';
import type { Clock } from '../../server/platform/clock.js';
import { InboxService } from '../../server/modules/inbound/index.js';
import { PeriodicService } from '../../server/modules/messaging/periodic/periodic.service.js';

/**
 * Opt-out by text message (issue 24, first slice): numbers text «لغو», «۱۱» or "Stop" back to a
 * line through the simulator's inbound path; from then on every send path of the line's
 * organization (panel bulk and single, the preview, phonebook, API v1, a periodic occurrence)
 * counts them as BlackList and never dispatches to them. Another organization still sends to them;
 * an administrator's removal lets them be sent to again. Its own server: the periodic occurrence
 * needs a clock the test moves.
 */
describe('Opt-out by text message stops later sends from every path', function () {
  this.timeout(180_000);
  let server: TestServer;
  let api: ApiClient;
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  let admin: string;
  let a: { token: string; organizationId: number; userName: string };
  let b: { token: string; organizationId: number; userName: string };
  let lineA: number;
  let agentA: number;
  let lineB: number;
  // M1..M3 opt out («لغو», «۱۱», "Stop"); M4 texts something that merely contains an opt-out word.
  const M = ['09127710001', '09127710002', '09127710003', '09127710004'];
  const N = M.map((m) => `98${m.slice(1)}`);

  const bulk = (token: string, senderNumberId: number, receivers: string[], extra: Record<string, unknown> = {}) =>
    api.post('ScheduledMessages/Create', { senderNumberId, smsBody: 'Weekly offer', sendType: 'Bulk', receivers, ...extra }, { token });
  const blackListed = async (token: string, id: number) =>
    ok(await api.get(`OutBox/GetRecipients?id=${id}&deliveryStatus=BlackList&pageSize=50`, { token })).items.map((r: any) => r.toNumber).sort();
  const optOuts = async (token: string, q = '') => ok(await api.get(`OptOuts/GetAll?pageSize=50${q}`, { token }));

  before(async () => {
    server = await startTestServer({}, clock);
    api = new ApiClient(server.url);
    const sender = await standaloneSender(api, 'Opt-out A');
    admin = sender.admin;
    a = { token: sender.token, organizationId: sender.organizationId, userName: `sender${sender.organizationId}` };
    // A's own line: what is texted back to it belongs to A.
    ({ lineId: lineA, agentId: agentA } = (await standaloneLine(api, admin, '30007711', { inboundEcho: true, deliveryDelayMs: 10 }, { organizationId: a.organizationId, isSendSingle: true, isSendPhonebook: true, isSendApiSingle: true, isSendApiP2P: true })));
    const other = await fundedCustomer(api, admin, 'OptB', 'Bee');
    b = { organizationId: other.org.id, userName: other.user.userName, token: ok(await api.post('Account/Login', { userName: other.user.userName, password: USER_PASSWORD })).accessToken };
    lineB = (await standaloneLine(api, admin, '30007722', { deliveryDelayMs: 10 })).lineId;
  });

  after(async () => {
    await server?.stop();
  });

  it('records «لغو», «۱۱» and "Stop" texted to a line as opt-outs of its organization, once each; a longer text is none', async () => {
    const texts = ['لغو', '۱۱', 'Stop', 'please do not stop'];
    for (let i = 0; i < M.length; i++) {
      const s = ok(await bulk(a.token, lineA, [M[i]], { smsBody: `echo ${texts[i]}` }));
      await waitForSend(api, a.token, s.id);
    }
    // The same word again, spelled otherwise, handed over by the gateway host directly (a send to
    // M1 would now be refused): changes nothing.
    await server.peyk.container.get(InboxService).receive(agentA, [{ from: '+98 912 771 0001', to: '30007711', text: ' «لغو»! ', at: new Date(), providerId: 'again-1' }]);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const inbox = ok(await api.get('Inbox/GetAll?pageSize=100', { token: a.token })).items.filter((m: any) => N.includes(m.senderMobile));
      if (inbox.length >= 5) break;
      if (Date.now() > deadline) throw new Error(`inbound messages did not arrive: ${JSON.stringify(inbox)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const list = await optOuts(a.token);
    expect(list.items.map((o: any) => o.mobile).sort()).to.deep.equal(N.slice(0, 3));
    expect(list.totalCount).to.equal(3);
    const first = list.items.find((o: any) => o.mobile === N[0]);
    expect(first).to.include({ organizationId: a.organizationId, privateNumberId: lineA, receiverNumber: '30007711', smsText: 'لغو' });
    expect((await optOuts(a.token, `&search=${N[1].slice(-6)}`)).items.map((o: any) => o.mobile)).to.deep.equal([N[1]]);
    expect((await optOuts(b.token)).totalCount, 'another organization has none').to.equal(0);
  });

  it('panel bulk and the preview count them as BlackList; they are not dispatched', async () => {
    const quote = ok(await api.post('ScheduledMessages/GetScheduledMessageCalculations', { senderNumberId: lineA, smsBody: 'Weekly offer', sendType: 'Bulk', receivers: M }, { token: a.token }));
    expect(quote).to.include({ recipientCount: 1, blackListCount: 3 });
    const created = ok(await bulk(a.token, lineA, M));
    expect(created).to.include({ recipientCount: 1, blackListCount: 3 });
    const done = await waitForSend(api, a.token, created.id);
    expect(done).to.include({ deliveredCount: 1 });
    expect(await blackListed(a.token, created.id)).to.deep.equal(N.slice(0, 3));
  });

  it('a single send to an opted-out number is refused like a blacklisted one', async () => {
    const refused = bad(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: lineA, smsBody: 'Your code is 5521', mobile: M[2] }, { token: a.token }), 400);
    expect(refused.data.failureCode).to.equal('RecipientNotExist');
    ok(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: lineA, smsBody: 'Your code is 5521', mobile: M[3] }, { token: a.token }));
  });

  it('a phonebook send leaves them out as BlackList', async () => {
    const book = ok(await api.post('Phonebooks/Create', { title: 'Opt-out book' }, { token: a.token })).id;
    for (const cellphone of [M[0], M[1], M[3]]) ok(await api.post('Contacts/Create', { phonebookId: book, cellphone }, { token: a.token }));
    const created = ok(await api.post('ScheduledMessages/CreateScheduledMessageByPhonebook', { senderNumberId: lineA, smsBody: 'Weekly offer', phonebookIds: [book] }, { token: a.token }));
    expect(created).to.include({ recipientCount: 1, blackListCount: 2 });
    await waitForSend(api, a.token, created.id);
    expect(await blackListed(a.token, created.id)).to.deep.equal([N[0], N[1]]);
  });

  it('API v1: send-many counts them as BlackList, send to one of them is refused', async () => {
    const key = ok(await api.post('ApiTokens/Create', { title: 'Opt-out key' }, { token: a.token })).token;
    const v1 = (path: string, body: unknown) => api.call('POST', `v1/${path}`, { body, culture: 'en-US', headers: { 'x-api-key': key } });
    const many = ok(await v1('messages/send-many', { to: M, text: 'Sale starts today', line: lineA }));
    expect(many).to.include({ recipientCount: 1, blackListCount: 3 });
    await waitForSend(api, a.token, many.id);
    expect(await blackListed(a.token, many.id)).to.deep.equal(N.slice(0, 3));
    const one = await v1('messages/send', { to: M[0], text: 'Sale starts today', line: lineA });
    expect(one.body.isSucceed).to.equal(false);
  });

  it('another organization still sends to them', async () => {
    const created = ok(await bulk(b.token, lineB, M));
    expect(created).to.include({ recipientCount: 4, blackListCount: 0 });
    expect(await waitForSend(api, b.token, created.id)).to.include({ deliveredCount: 4 });
  });

  it('a periodic occurrence counts them as BlackList', async () => {
    const def = ok(await api.post('ScheduledMessages/Create', {
      senderNumberId: lineA, smsBody: 'Good morning', sendType: 'Bulk', typeSend: 'periodic', receivers: [M[0], M[3]], periodType: 'Daily', sendHour: 9, maxOccurrences: 2,
    }, { token: a.token }));
    offsetMs = new Date(def.dateTimeNext).getTime() + 1_000 - Date.now();
    await server.peyk.container.get(PeriodicService).runDue(clock.now());
    a.token = ok(await api.post('Account/Login', { userName: a.userName, password: 'User#Pass1' })).accessToken;
    // The clock moved a day on: the tokens of before have expired.
    b.token = ok(await api.post('Account/Login', { userName: b.userName, password: USER_PASSWORD })).accessToken;
    admin = ok(await api.post('Account/Login', { userName: 'admin', password: 'Admin#Pass9' })).accessToken;
    const sends = (ok(await api.get('OutBox/GetAll?pageSize=100', { token: a.token })).items as any[]).filter((s) => Number(s.periodicSendId) === def.id);
    expect(sends).to.have.length(1);
    expect(sends[0]).to.include({ periodicOccurrence: 1, recipientCount: 1, blackListCount: 1 });
    await waitForSend(api, a.token, sends[0].id);
    expect(await blackListed(a.token, sends[0].id)).to.deep.equal([N[0]]);
  });

  it('an administrator removes an opt-out (audited), and the number is sent to again; another organization cannot remove it', async () => {
    const row = (await optOuts(a.token)).items.find((o: any) => o.mobile === N[0]);
    bad(await api.delete(`OptOuts/Delete/${row.id}`, { token: b.token }), 404);
    ok(await api.delete(`OptOuts/Delete/${row.id}`, { token: a.token }));
    bad(await api.delete(`OptOuts/Delete/${row.id}`, { token: a.token }), 404);
    expect((await optOuts(a.token)).items.map((o: any) => o.mobile).sort()).to.deep.equal([N[1], N[2]]);
    const audits = ok(await api.get('Audits/GetAll?pageSize=100&className=OptOut', { token: admin })).items as any[];
    expect(audits.some((x) => x.referenceId === String(row.id) && x.operationType === 'Delete')).to.equal(true);
    const created = ok(await bulk(a.token, lineA, [M[0], M[1]]));
    expect(created).to.include({ recipientCount: 1, blackListCount: 1 });
  });
});
