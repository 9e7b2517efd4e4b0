import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { bad, ok, standaloneLine, standaloneSender, waitForSend } from '../support/sending.js';
import { InboxService } from '../../server/modules/inbound/index.js';
import { InboundActionsRepository } from '../../server/modules/inbound/inbound-actions.repository.js';
import type { InboundActionRow } from '../../server/modules/inbound/inbound-contracts.js';
import { LOOP_MAX_ACTIONS } from '../../server/modules/inbound/text-parsers.match.js';

/**
 * Text parsers (issue 24): inbound messages reach a line through the simulator agent's host entry
 * (`InboxService.receive`, what the simulator plugin calls) or through the simulator's own echo
 * (a reply starting "echo " comes back from its receiver); every sender and text condition and
 * every action, and the loop guard. Its own server: the inbound actions worker runs fast here.
 */
describe('Text parsers: conditions, actions and loop protection', function () {
  this.timeout(180_000);
  let server: TestServer;
  let api: ApiClient;
  let token: string;
  let admin: string;
  let organizationId: number;
  let lineA: number;
  let agentA: number;
  let lineB: number;
  let agentB: number;
  let actions: InboundActionsRepository;
  let hook: Server;
  let hookUrl: string;
  const hookCalls: URL[] = [];
  const LINE_A = '989350007811';
  const LINE_B = '989350007822';
  let seq = 0;
  // A fresh sender for each message where the test does not care (the loop guard counts per sender).
  const mobile = () => `0912${String(7000000 + (++seq)).padStart(7, '0')}`;
  const norm = (m: string) => `98${m.slice(1)}`;

  const inject = async (from: string, text: string, agent = agentA, to = LINE_A) => {
    await server.peyk.container.get(InboxService).receive(agent, [{ from, to, text, at: new Date(), providerId: `tp-${++seq}` }]);
  };
  const create = async (body: Record<string, unknown>) => ok(await api.post('TextParsers/Create', { title: `Parser ${++seq}`, privateNumberId: lineA, ...body }, { token }));
  const remove = async (id: number) => ok(await api.delete(`TextParsers/Delete/${id}`, { token }));
  const actionsOf = (id: number) => actions.bySourcePrefix(`parser:${id}:`);
  const settled = async (id: number, count: number, timeoutMs = 20_000): Promise<InboundActionRow[]> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = await actionsOf(id);
      if (rows.length >= count && rows.every((a) => a.status !== 'Waiting')) return rows;
      if (Date.now() > deadline) throw new Error(`actions of parser ${id} did not settle: ${JSON.stringify(rows)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  before(async () => {
    server = await startTestServer({ inboundActions: { enabled: true, concurrency: 4, timeoutMs: 2_000, retryBaseMs: 100, pollMs: 100 } } as never);
    api = new ApiClient(server.url);
    const sender = await standaloneSender(api, 'Parsers');
    ({ admin, token, organizationId } = sender);
    const lineFlags = { organizationId, isSendSingle: true, isSendBulk: true };
    ({ lineId: lineA, agentId: agentA } = await standaloneLine(api, admin, LINE_A, { inboundEcho: true, deliveryDelayMs: 10 }, lineFlags));
    ({ lineId: lineB, agentId: agentB } = await standaloneLine(api, admin, LINE_B, { inboundEcho: true, deliveryDelayMs: 10 }, lineFlags));
    actions = server.peyk.container.get(InboundActionsRepository);
    hook = createServer((req, res) => { hookCalls.push(new URL(req.url ?? '/', 'http://127.0.0.1')); res.end('ok'); });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/parser`;
  });

  after(async () => {
    await new Promise((r) => hook?.close(r));
    await server?.stop();
  });

  it('matches each text condition: Any, Equals, Contains, StartsWith, EndsWith, Regex, NumberRange', async () => {
    const cases: { type: string; value: string | null; yes: string[]; no: string[] }[] = [
      { type: 'Equals', value: 'Gold', yes: ['gold', '  GOLD '], no: ['gold coin'] },
      { type: 'Contains', value: 'تخفیف', yes: ['کد تخفیف لطفا'], no: ['سلام'] },
      { type: 'StartsWith', value: 'join', yes: ['Join club'], no: ['please join'] },
      { type: 'EndsWith', value: 'now', yes: ['call me now'], no: ['now call'] },
      { type: 'Regex', value: '^code\\s*\\d{4}$', yes: ['CODE 1234', 'code۵۶۷۸'], no: ['code 12', 'my code 1234'] },
      { type: 'NumberRange', value: '10-20', yes: ['10', '۱۵', ' 20 '], no: ['9', '21', '15 apples'] },
    ];
    for (const c of cases) {
      const p = await create({ ifConditionType: c.type, ifConditionValue: c.value, thenConditionType: 'ReplyText', thenConditionValue: `Matched ${c.type}` });
      const yes = c.yes.map(() => mobile());
      const no = c.no.map(() => mobile());
      for (let i = 0; i < c.yes.length; i++) await inject(yes[i], c.yes[i]);
      for (let i = 0; i < c.no.length; i++) await inject(no[i], c.no[i]);
      const rows = await actionsOf(p.id);
      expect(rows.map((a) => a.payload.to).sort(), c.type).to.deep.equal(yes.map(norm).sort());
      expect(rows.every((a) => a.kind === 'reply' && a.payload.text === `Matched ${c.type}` && a.payload.privateNumberId === lineA), c.type).to.equal(true);
      await remove(p.id);
    }
    const any = await create({ ifConditionType: 'Any', thenConditionType: 'ReplyText', thenConditionValue: 'Anything' });
    const m = mobile();
    await inject(m, 'whatever it says');
    expect((await actionsOf(any.id)).map((a) => a.payload.to)).to.deep.equal([norm(m)]);
    await remove(any.id);
  });

  it('matches each sender condition: Any, Equals, StartsWith, InPhonebook, NotInPhonebook', async () => {
    const book = ok(await api.post('Phonebooks/Create', { title: 'Parser members' }, { token })).id;
    const member = mobile();
    ok(await api.post('Contacts/Create', { phonebookId: book, cellphone: member }, { token }));
    const stranger = mobile();
    const cases: { cond: Record<string, unknown>; yes: string[]; no: string[] }[] = [
      { cond: { senderConditionType: 'Equals', senderConditionValue: `+98${member.slice(1)}` }, yes: [member], no: [stranger] },
      { cond: { senderConditionType: 'StartsWith', senderConditionValue: member.slice(0, 10) }, yes: [member], no: ['09351112233'] },
      { cond: { senderConditionType: 'InPhonebook', senderPhonebookId: book }, yes: [member], no: [stranger] },
      { cond: { senderConditionType: 'NotInPhonebook', senderPhonebookId: book }, yes: [stranger], no: [member] },
      { cond: { senderConditionType: 'Any' }, yes: [member, stranger], no: [] },
    ];
    for (const c of cases) {
      const keyword = `kw${++seq}`;
      const p = await create({ ...c.cond, ifConditionType: 'Equals', ifConditionValue: keyword, thenConditionType: 'ReplyText', thenConditionValue: 'Hi' });
      for (const s of [...c.yes, ...c.no]) await inject(s, keyword);
      expect((await actionsOf(p.id)).map((a) => a.payload.to).sort(), JSON.stringify(c.cond)).to.deep.equal(c.yes.map(norm).sort());
      await remove(p.id);
    }
  });

  it('ReplyText answers from the line as a priced send; a delay makes it a scheduled send waiting in the outbox', async () => {
    const now = await create({ ifConditionType: 'Equals', ifConditionValue: 'price', thenConditionType: 'ReplyText', thenConditionValue: 'Gold is 100 today' });
    const m = mobile();
    await inject(m, 'Price');
    const [done] = await settled(now.id, 1);
    expect(done.status, done.lastError ?? '').to.equal('Done');
    const send = await waitForSend(api, token, Number(done.result!.scheduledMessageId));
    expect(send).to.include({ smsText: 'Gold is 100 today', sendType: 'Single', deliveredCount: 1 });
    await remove(now.id);

    const later = await create({ ifConditionType: 'Equals', ifConditionValue: 'later', thenConditionType: 'ReplyText', thenConditionValue: 'We will remind you', sentDelayType: 'Minute', sentDelayValue: 30 });
    await inject(mobile(), 'later');
    const [scheduled] = await settled(later.id, 1);
    expect(scheduled.status, scheduled.lastError ?? '').to.equal('Done');
    const waiting = ok(await api.get(`OutBox/Get/${scheduled.result!.scheduledMessageId}`, { token }));
    const at = Date.parse(waiting.dateTimeSend ?? waiting.sendDateTime ?? waiting.dateTimeStart);
    expect(at - Date.now()).to.be.greaterThan(25 * 60_000);
    expect(waiting.queueStatus).to.not.equal('Completed');
    await remove(later.id);
  });

  it('ReplyDynamicTemplate fills the matching template from the sender\'s contact, the other one for a stranger', async () => {
    const book = ok(await api.post('Phonebooks/Create', { title: 'Template people' }, { token })).id;
    const known = mobile();
    ok(await api.post('Contacts/Create', { phonebookId: book, cellphone: known, firstName: 'Sara' }, { token }));
    // The spec's DynamicTemplate entity, each in its own placeholder format (issue 29 item 6).
    const hello = ok(await api.post('DynamicTemplates/Create', { title: 'Hello known', customText: 'Hello {firstName}, your order is ready' }, { token }));
    const stranger = ok(await api.post('DynamicTemplates/Create', { title: 'Hello stranger', customText: 'Welcome[firstName], please register [[web]] {soon}', format: 'Brackets' }, { token }));
    const p = await create({ ifConditionType: 'Equals', ifConditionValue: 'order', thenConditionType: 'ReplyDynamicTemplate', matchingDynamicTemplateId: hello.id, noMatchingDynamicTemplateId: stranger.id });
    const other = mobile();
    await inject(known, 'order');
    await inject(other, 'order');
    const rows = await actionsOf(p.id);
    expect(Object.fromEntries(rows.map((a) => [a.payload.to, a.payload.text]))).to.deep.equal({
      [norm(known)]: 'Hello Sara, your order is ready',
      [norm(other)]: 'Welcome, please register [web] {soon}',
    });
    await remove(p.id);
  });

  it('AddToPhonebook files the sender once (createType Inbound); ForwardToMobile sends the text on; ForwardToEmail needs an Email sender agent', async () => {
    const book = ok(await api.post('Phonebooks/Create', { title: 'Joined by text' }, { token })).id;
    const join = await create({ ifConditionType: 'Equals', ifConditionValue: 'join', thenConditionType: 'AddToPhonebook', thenConditionValue: String(book) });
    const m = mobile();
    await inject(m, 'join');
    await inject(m, 'JOIN');
    const contacts = ok(await api.get(`Contacts/GetAll?phonebookId=${book}&pageSize=10`, { token }));
    expect(contacts.items.map((c: any) => [c.cellphone, c.createType])).to.deep.equal([[norm(m), 'Inbound']]);
    await remove(join.id);

    const boss = '09121110000';
    const fwd = await create({ ifConditionType: 'StartsWith', ifConditionValue: 'urgent', thenConditionType: 'ForwardToMobile', mobileNumber: boss });
    const s = mobile();
    await inject(s, 'Urgent: call me');
    const [forward] = await settled(fwd.id, 1);
    expect(forward).to.include({ kind: 'reply', status: 'Done' });
    expect(forward.payload).to.include({ to: norm(boss), text: `${norm(s)}: Urgent: call me` });
    await remove(fwd.id);

    // Mail goes through an Email sender agent, as inbox rules' forwards (tests/integration/inbox-rules.test.ts
    // sends one through the email plugin); with none configured the parser is refused on its field.
    const mail = await api.post('TextParsers/Create', { title: 'Mail', privateNumberId: lineA, ifConditionType: 'Equals', ifConditionValue: 'mail', thenConditionType: 'ForwardToEmail', email: 'desk@example.com' }, { token });
    expect(bad(mail, 400, 'email').validationErrors![0].message).to.match(/sender agent of type Email/);
  });

  it('CallUrl calls the URL with GET and To, From, Text through the outbound guard', async () => {
    const p = await create({ ifConditionType: 'Contains', ifConditionValue: 'hook', thenConditionType: 'CallUrl', ipAndPort: `${hookUrl}?key=abc` });
    const m = mobile();
    await inject(m, 'please hook this');
    const [call] = await settled(p.id, 1);
    expect(call).to.include({ kind: 'forward-url', status: 'Done' });
    const got = hookCalls.find((u) => u.searchParams.get('From') === norm(m));
    expect(got?.pathname).to.equal('/parser');
    expect(Object.fromEntries(got!.searchParams)).to.deep.equal({ key: 'abc', To: LINE_A, From: norm(m), Text: 'please hook this' });
    await remove(p.id);
  });

  it('one automatic answer per message: the first answering parser wins, later ones stay silent', async () => {
    const first = await create({ ifConditionType: 'Equals', ifConditionValue: 'twice', thenConditionType: 'ReplyText', thenConditionValue: 'First' });
    const second = await create({ ifConditionType: 'Any', thenConditionType: 'ReplyText', thenConditionValue: 'Second' });
    await inject(mobile(), 'twice');
    expect((await actionsOf(first.id)).length).to.equal(1);
    expect((await actionsOf(second.id)).length).to.equal(0);
    await remove(first.id);
    await remove(second.id);
  });

  describe('loop protection', () => {
    let any: { id: number };
    beforeEach(async () => { any = await create({ ifConditionType: 'Any', thenConditionType: 'ReplyText', thenConditionValue: 'echo Thank you for your message, we will call you' }); });
    afterEach(async () => { await remove(any.id); });

    it('(a) never answers one of the installation\'s own lines, (b) nor an alphanumeric or short-code sender, nor an opt-out text', async () => {
      await inject(LINE_B, 'hello from another line of ours');
      await inject(`0${LINE_B.slice(2)}`, 'hello again');
      await inject('MyBank', 'Your balance is 10');
      await inject('50001234', 'short code says hi');
      await inject(mobile(), 'لغو');
      expect(await actionsOf(any.id)).to.deep.equal([]);
    });

    it(`(c) at most ${LOOP_MAX_ACTIONS} automatic replies to one sender on one line within the window`, async () => {
      const m = mobile();
      for (let i = 0; i < LOOP_MAX_ACTIONS + 3; i++) await inject(m, `question number ${i}`);
      expect((await actionsOf(any.id)).length).to.equal(LOOP_MAX_ACTIONS);
    });

    it('(d) our reply coming back (the simulator echoes it from the receiver) is not answered again', async () => {
      const m = mobile();
      await inject(m, 'hello');
      const [reply] = await settled(any.id, 1);
      expect(reply.status, reply.lastError ?? '').to.equal('Done');
      // The simulator hands "Thank you for your message, we will call you" back to line A from m.
      const deadline = Date.now() + 20_000;
      for (;;) {
        const inbox = ok(await api.get(`Inbox/GetAll?pageSize=20&search=${norm(m)}`, { token })).items;
        if (inbox.some((x: any) => x.smsText.startsWith('Thank you for your message'))) break;
        if (Date.now() > deadline) throw new Error(`the echo did not arrive: ${JSON.stringify(inbox)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 1_000));
      expect((await actionsOf(any.id)).length, 'one reply, the echo was not answered').to.equal(1);
    });

    it('(a, through the simulator) two lines of ours with parsers never start replying to each other', async () => {
      const onB = ok(await api.post('TextParsers/Create', { title: 'B answers all', privateNumberId: lineB, thenConditionType: 'ReplyText', thenConditionValue: 'echo pong from B' }, { token }));
      // Line A texts line B's number; the simulator hands it back to line A from line B's number.
      const kick = ok(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: lineA, smsBody: 'echo ping from A', mobile: LINE_B }, { token }));
      await waitForSend(api, token, kick.id);
      const deadline = Date.now() + 20_000;
      for (;;) {
        const inbox = ok(await api.get(`Inbox/GetAll?pageSize=20&search=ping from A`, { token })).items;
        if (inbox.length > 0) break;
        if (Date.now() > deadline) throw new Error('the ping did not come back');
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 1_000));
      expect(await actionsOf(any.id), 'A does not answer B').to.deep.equal([]);
      expect(await actionsOf(onB.id), 'B was never texted by A\'s parser').to.deep.equal([]);
      void agentB;
      await remove(onB.id);
    });
  });
});
