import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { bad, ok, standaloneLine, standaloneSender } from '../support/sending.js';
import { InboxService } from '../../server/modules/inbound/index.js';
import { InboundActionsRepository } from '../../server/modules/inbound/inbound-actions.repository.js';
import { drawWinners } from '../../server/modules/inbound/polls.draw.js';

/**
 * Polls and competitions (issue 24): answers texted to a poll's line through the gateway host's
 * inbound path are counted once per number (first or last, as the poll says), a wrong keyword or a
 * closed poll counts nothing, the spec's option rules answer on their fields, and the draw picks
 * reproducible winners among the eligible, never more than there are, once.
 */
describe('Polls and competitions: answers, results, the draw', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let token: string;
  let admin: string;
  let organizationId: number;
  let lineA: number;
  let agentA: number;
  let lineB: number;
  let agentB: number;
  let seq = 0;
  const hour = 3_600_000;
  const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
  const mobile = (i: number) => `0912880${String(i).padStart(4, '0')}`;
  const intl = (i: number) => `98${mobile(i).slice(1)}`;

  const text = async (agentId: number, to: string, from: string, body: string, at = new Date()) => {
    await server.peyk.container.get(InboxService).receive(agentId, [{ from, to, text: body, at, providerId: `poll-test-${++seq}` }]);
  };
  const pollBody = (extra: Record<string, unknown> = {}) => ({
    type: 'Poll', title: `Favourite colour ${++seq}`, privateNumberId: lineA, startAt: iso(-hour), endAt: iso(hour),
    options: [{ optionTitle: 'Red', answerValue: '1' }, { optionTitle: 'Blue', answerValue: '2' }], ...extra,
  });
  const results = async (id: number) => {
    const r = ok(await api.get(`Polls/Results/${id}`, { token }));
    return Object.fromEntries(r.options.map((o: any) => [o.answerValue, o.count]));
  };

  before(async () => {
    server = await startTestServer({ inboundActions: { enabled: false, concurrency: 1, timeoutMs: 2_000, retryBaseMs: 100, pollMs: 100 } } as never);
    api = new ApiClient(server.url);
    const sender = await standaloneSender(api, 'Polls org');
    ({ admin, token, organizationId } = sender);
    ({ lineId: lineA, agentId: agentA } = await standaloneLine(api, admin, '30008801', {}, { organizationId, isSendSingle: true }));
    ({ lineId: lineB, agentId: agentB } = await standaloneLine(api, admin, '30008802', {}, { organizationId, isSendSingle: true }));
  });

  after(async () => {
    await server?.stop();
  });

  describe('validation (the spec\'s option rules, each on its field)', () => {
    const refused = async (body: Record<string, unknown>) => {
      const r = bad(await api.post('Polls/Create', body, { token }), 400);
      return Object.fromEntries((r.validationErrors as { propertyName: string; message: string }[]).map((e) => [e.propertyName, e.message]));
    };

    it('no option: "No option has been registered yet."', async () => {
      expect(await refused(pollBody({ options: [] }))).to.deep.include({ options: 'No option has been registered yet.' });
    });

    it('title and keyword required, an empty option refused, titles and keywords unique (keywords folded)', async () => {
      const errors = await refused(pollBody({
        options: [
          { optionTitle: 'Red', answerValue: '1' }, { optionTitle: '', answerValue: '3' }, { optionTitle: 'Green', answerValue: '' },
          { optionTitle: '', answerValue: '' }, { optionTitle: 'red', answerValue: '4' }, { optionTitle: 'Gray', answerValue: '۱' },
        ],
      }));
      expect(errors).to.deep.include({
        'options[1].optionTitle': 'The option title is required.',
        'options[2].answerValue': 'The option keyword is required.',
        'options[3]': 'An empty option is not allowed.',
        'options[4].optionTitle': 'Option titles must be unique.',
        'options[5].answerValue': 'Option keywords must be unique.',
      });
    });

    it('only one correct option; an opt-out word is no keyword; the end after the start', async () => {
      const errors = await refused(pollBody({
        type: 'Competition', startAt: iso(hour), endAt: iso(-hour),
        options: [{ optionTitle: 'A', answerValue: 'a', isCorrect: true }, { optionTitle: 'B', answerValue: 'b', isCorrect: true }, { optionTitle: 'C', answerValue: 'لغو' }],
      }));
      expect(errors).to.deep.include({ options: 'Only one option can be the correct answer.', endAt: 'The end date must be after the start date.' });
      expect(errors['options[2].answerValue']).to.match(/opt-out word/);
    });

    it('Persian messages in Persian', async () => {
      const r = bad(await api.call('POST', 'Polls/Create', { body: pollBody({ options: [] }), token, culture: 'fa' }), 400);
      expect(r.validationErrors?.[0]).to.deep.equal({ propertyName: 'options', message: 'هنوز هیچ گزینه‌ای ثبت نشده است.' });
    });

    it('two polls open on one line at once cannot share a keyword', async () => {
      const first = ok(await api.post('Polls/Create', pollBody({ privateNumberId: lineB, startAt: iso(10 * hour), endAt: iso(20 * hour), options: [{ optionTitle: 'Yes', answerValue: 'yes' }] }), { token }));
      const errors = await refused(pollBody({ privateNumberId: lineB, startAt: iso(15 * hour), endAt: iso(30 * hour), options: [{ optionTitle: 'Yes', answerValue: 'YES' }] }));
      expect(errors['options[0].answerValue']).to.match(/is used on this line in the same period/);
      // Not at the same time: allowed.
      ok(await api.post('Polls/Create', pollBody({ privateNumberId: lineB, startAt: iso(20 * hour), endAt: iso(30 * hour), options: [{ optionTitle: 'Yes', answerValue: 'yes' }] }), { token }));
      ok(await api.delete(`Polls/Delete/${first.id}`, { token }));
    });
  });

  describe('answer counting', () => {
    it('first answer counts: a number\'s later answer changes nothing; folded keywords; a wrong keyword and another line count nothing', async () => {
      const poll = ok(await api.post('Polls/Create', pollBody({ replyText: 'Thanks for voting' }), { token }));
      expect(poll).to.include({ status: 'Open', countedAnswer: 'First', participantsCount: 0 });
      await text(agentA, '30008801', mobile(1), '1');
      await text(agentA, '30008801', mobile(1), '2');
      await text(agentA, '30008801', mobile(2), ' ۲! ');
      await text(agentA, '30008801', mobile(3), 'maybe');
      await text(agentB, '30008802', mobile(4), '1');
      expect(await results(poll.id)).to.deep.equal({ 1: 1, 2: 1 });
      // Every counted answer is replied to once, through the durable `reply` action.
      const actions = await server.peyk.container.get(InboundActionsRepository).bySourcePrefix(`poll:${poll.id}:`);
      expect(actions.map((a) => a.payload.to).sort()).to.deep.equal([intl(1), intl(2)]);
      expect(actions[0]).to.include({ kind: 'reply' });
      expect(actions[0].payload).to.include({ text: 'Thanks for voting', privateNumberId: lineA });
      ok(await api.delete(`Polls/Delete/${poll.id}`, { token }));
    });

    it('last answer counts: a later answer replaces the earlier one, in one group or across groups', async () => {
      const poll = ok(await api.post('Polls/Create', pollBody({ countedAnswer: 'Last' }), { token }));
      await text(agentA, '30008801', mobile(1), '1');
      await text(agentA, '30008801', mobile(1), '2');
      const t0 = Date.now();
      await server.peyk.container.get(InboxService).receive(agentA, [
        { from: mobile(2), to: '30008801', text: '2', at: new Date(t0), providerId: `poll-test-${++seq}` },
        { from: mobile(2), to: '30008801', text: '1', at: new Date(t0 + 1), providerId: `poll-test-${++seq}` },
      ]);
      // A message sent earlier that arrives late does not overwrite a newer answer.
      await text(agentA, '30008801', mobile(2), '2', new Date(t0 - 60_000));
      expect(await results(poll.id)).to.deep.equal({ 1: 1, 2: 1 });
      const detail = ok(await api.get(`Polls/Get/${poll.id}`, { token }));
      expect(detail.results.participantsCount).to.equal(2);
      ok(await api.delete(`Polls/Delete/${poll.id}`, { token }));
    });

    it('a closed poll or one not yet open counts nothing', async () => {
      const closed = ok(await api.post('Polls/Create', pollBody({ startAt: iso(-2 * hour), endAt: iso(-hour) }), { token }));
      const later = ok(await api.post('Polls/Create', pollBody({ startAt: iso(2 * hour), endAt: iso(3 * hour), options: [{ optionTitle: 'Later', answerValue: '9' }] }), { token }));
      expect(closed.status).to.equal('Closed');
      expect(later.status).to.equal('NotStarted');
      await text(agentA, '30008801', mobile(5), '1');
      await text(agentA, '30008801', mobile(5), '9');
      expect(await results(closed.id)).to.deep.equal({ 1: 0, 2: 0 });
      expect(await results(later.id)).to.deep.equal({ 9: 0 });
      ok(await api.delete(`Polls/Delete/${closed.id}`, { token }));
      ok(await api.delete(`Polls/Delete/${later.id}`, { token }));
    });

    it('a poll limited to a phonebook counts only its contacts', async () => {
      const book = ok(await api.post('Phonebooks/Create', { title: 'Voters' }, { token })).id;
      ok(await api.post('Contacts/Create', { phonebookId: book, cellphone: mobile(6) }, { token }));
      const poll = ok(await api.post('Polls/Create', pollBody({ senderPhonebookId: book }), { token }));
      expect(poll).to.include({ phonebookName: 'Voters' });
      await text(agentA, '30008801', mobile(6), '1');
      await text(agentA, '30008801', mobile(7), '1');
      expect(await results(poll.id)).to.deep.equal({ 1: 1, 2: 0 });
      ok(await api.delete(`Polls/Delete/${poll.id}`, { token }));
    });
  });

  describe('the draw', () => {
    it('runs only once the winners count is set, never more than participants, among correct answers only when asked; reproducible from its seed; once; audited', async () => {
      const body = pollBody({
        type: 'Competition', isJustTrueAnswer: true, privateNumberId: lineB,
        options: [{ optionTitle: 'Tehran', answerValue: 't', isCorrect: true }, { optionTitle: 'Shiraz', answerValue: 's' }],
      });
      const poll = ok(await api.post('Polls/Create', body, { token }));
      for (let i = 10; i < 16; i++) await text(agentB, '30008802', mobile(i), i < 14 ? 't' : 's');
      expect(await results(poll.id)).to.deep.equal({ t: 4, s: 2 });

      const unset = bad(await api.post('Polls/Draw', { id: poll.id }, { token }), 400);
      expect(unset.validationErrors).to.deep.equal([{ propertyName: 'winnersCount', message: 'A draw runs only once the winners count is set.' }]);
      ok(await api.post('Polls/Update', { ...body, id: poll.id, winnersCount: 5 }, { token }));
      const tooMany = bad(await api.post('Polls/Draw', { id: poll.id }, { token }), 400);
      expect(tooMany.validationErrors).to.deep.equal([{ propertyName: 'winnersCount', message: 'The number of winners must not exceed the number of participants (4).' }]);

      ok(await api.post('Polls/Update', { ...body, id: poll.id, winnersCount: 2 }, { token }));
      const draw = ok(await api.post('Polls/Draw', { id: poll.id }, { token }));
      expect(draw).to.include({ winnersCount: 2, participantsCount: 4 });
      expect(draw.seed).to.match(/^[0-9a-f]{64}$/);
      const correct = [10, 11, 12, 13].map(intl);
      const winners = draw.winners.map((w: any) => w.mobile);
      expect(winners).to.have.length(2);
      for (const w of winners) expect(correct).to.include(w);
      expect(drawWinners(draw.seed, correct, 2, (m) => m), 'the same seed and participants give the same winners').to.deep.equal(winners);

      bad(await api.post('Polls/Draw', { id: poll.id }, { token }), 409);
      const detail = ok(await api.get(`Polls/Get/${poll.id}`, { token }));
      expect(detail.draw.winners).to.deep.equal(draw.winners);
      expect(detail.drawn).to.equal(true);
      const audits = ok(await api.get(`Audits/GetAll?className=Poll&operationType=Draw&referenceId=${poll.id}`, { token: admin }));
      expect(audits.totalCount).to.equal(1);

      // Participants as xlsx: every number with its answer, winners marked.
      const res = await fetch(new URL(`/api/Polls/ExportParticipants/${poll.id}?culture=en-US`, server.url), { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).to.equal(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
      const rows = (book.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
      expect(rows[0]).to.deep.equal(['Mobile', 'Option', 'Keyword', 'Correct', 'Answered at (UTC)', 'Winner']);
      expect(rows).to.have.length(7);
      expect(rows.filter((r) => r[5] === 'Yes').map((r) => r[0]).sort()).to.deep.equal([...winners].sort());
    });
  });
});
