import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { sharedServer, unique, type Tree } from '../support/fixtures.js';
import { bad, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';
import { InboxService } from '../../server/modules/inbound/index.js';
import { InboundActionsRepository } from '../../server/modules/inbound/inbound-actions.repository.js';

/**
 * Safe-lists (the spec's whitemessage requests; inbound CONTEXT.md "Safe-list"): requested by an
 * organization, approved from above, then people join and leave its phonebook by texting words to
 * its line through the simulator's inbound path; answers are priced sends in the outbox.
 */
describe('Safe-lists: requests, approval from above, join and leave by text', function () {
  this.timeout(180_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };
  let inbox: InboxService;
  let actions: InboundActionsRepository;
  const intl = (m: string) => `98${m.slice(1)}`;

  const body = (extra: Record<string, unknown> = {}) => ({
    privateNumberId: line.lineId, enterSms: unique('JOIN'), exitSms: unique('BYE'), returnText: 'Welcome to our list', cancelText: 'You left our list', isSendCancelText: true, ...extra,
  });
  const newBook = async (token = tree.subAdmin.token) => ok(await api.post('Phonebooks/Create', { title: unique('Safe book ') }, { token })).id as number;
  const create = (extra: Record<string, unknown>, token = tree.subAdmin.token, culture = 'en-US') => api.post('SafeLists/Create', body(extra), { token, culture });
  /** A requested list (by the sub-organization's administrator) approved by the organization's administrator above. */
  const approved = async (extra: Record<string, unknown> = {}) => {
    const list = ok(await create({ phonebookId: await newBook(), ...extra }));
    return ok(await api.post(`SafeLists/Confirm/${list.id}`, {}, { token: tree.orgAdmin.token }));
  };
  /** A text from `mobile` to the line, handed over by the simulator's agent as the gateway host does. */
  const text = (mobile: string, words: string) =>
    inbox.receive(line.agentId, [{ from: mobile, to: line.number, text: words, at: new Date(), providerId: unique('safe-') }]);
  const members = async (phonebookId: number) =>
    ok(await api.get(`Contacts/GetAll?phonebookId=${phonebookId}&pageSize=100`, { token: tree.subAdmin.token })).items.map((c: any) => c.cellphone).sort();
  const fieldMessages = (res: Parameters<typeof bad>[0]) =>
    Object.fromEntries((bad(res, 400).validationErrors as { propertyName: string; message: string }[]).map((v) => [v.propertyName, v.message]));
  /** The list's reply actions once all are finished. */
  const replies = async (listId: number, count: number) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const rows = await actions.bySourcePrefix(`safe-list:${listId}:`);
      if (rows.length >= count && rows.every((r) => r.status !== 'Waiting')) return rows;
      if (Date.now() > deadline) throw new Error(`replies of safe-list ${listId}: ${JSON.stringify(rows)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  before(async () => {
    ({ api, tree } = await sendingTree());
    // The sub-organization's own line: what is texted to it belongs to the sub-organization.
    line = await simulatorLine(api, { inboundEcho: true }, { organizationId: tree.sub.id, isSendSingle: true });
    const server = await sharedServer();
    inbox = server.peyk.container.get(InboxService);
    actions = server.peyk.container.get(InboundActionsRepository);
  });

  it('answers every problem of a request at once, each on its field, in English and Persian', async () => {
    const book = await newBook();
    const taken = ok(await create({ phonebookId: book, enterSms: 'Taken' }));
    const all = fieldMessages(await create({
      phonebookId: book, enterSms: 'لغو', exitSms: ' ', returnText: '  ', isSendCancelText: true, cancelText: null, dailyAddLimit: 50, monthlyAddLimit: 10,
    }));
    expect(all).to.deep.equal({
      enterSms: 'The opt-out words (لغو, 11, STOP) always leave every list; choose another word.',
      exitSms: 'The Leave word field is required.',
      returnText: 'The Join reply field is required.',
      cancelText: 'Enter the leave reply, or turn off sending it.',
      dailyAddLimit: 'The daily add limit cannot be more than the monthly one.',
      phonebookId: 'This phonebook already belongs to another safe-list.',
    });
    const same = fieldMessages(await create({ phonebookId: await newBook(), enterSms: 'taken!', exitSms: 'Same', returnText: 'Hi' }));
    expect(same.enterSms).to.equal(`The word "taken!" is already used by another safe-list on this line.`);
    expect(fieldMessages(await create({ phonebookId: await newBook(), enterSms: 'Yes', exitSms: ' YES. ' })).exitSms).to.equal('The leave word must differ from the join word.');
    // A line of another organization (the shared test line of the system organization) and a phonebook of another tree.
    const shared = await simulatorLine(api, {});
    const otherBook = await newBook(tree.otherAdmin.token);
    const fa = fieldMessages(await create({ privateNumberId: shared.lineId, phonebookId: otherBook }, tree.subAdmin.token, 'fa-IR'));
    expect(fa.privateNumberId).to.equal('خطی از سازمان خودتان انتخاب کنید: پیام‌های خط اشتراکی به مالک آن می‌رسد.');
    expect(fa.phonebookId).to.equal('دفترچه تلفنی از سازمان خودتان انتخاب کنید که اجازه تغییر آن را دارید.');
    // The schema's own rules: limits are whole numbers from 0, repeatTextDay at most a year.
    const schema = fieldMessages(await create({ phonebookId: book, dailyAddLimit: -1, repeatTextDay: 400 }));
    expect(Object.keys(schema)).to.include.members(['dailyAddLimit', 'repeatTextDay']);
    expect(taken.status).to.equal('WatingForConfirm');
  });

  it('a request waits for an administrator above: its own organization cannot approve it; reject keeps a comment; an edit sends it back', async () => {
    const book = await newBook();
    const list = ok(await create({ phonebookId: book }));
    expect(list).to.include({ status: 'WatingForConfirm', organizationId: tree.sub.id, phonebookId: book, repeatTextDay: 1, dailyAddLimit: null, rejectComment: null, overLimitCount: 0 });
    const phonebook = ok(await api.get(`Phonebooks/Get/${book}`, { token: tree.subAdmin.token }));
    expect(phonebook.whiteMessageId, 'the phonebook shows it is a safe-list').to.equal(list.id);

    expect(bad(await api.post(`SafeLists/Confirm/${list.id}`, {}, { token: tree.subAdmin.token, culture: 'en-US' }), 403).message)
      .to.equal('Only an administrator above the organization can confirm or reject its safe-list.');
    bad(await api.post(`SafeLists/Confirm/${list.id}`, {}, { token: tree.otherAdmin.token }), 404);

    const rejected = ok(await api.post('SafeLists/Reject', { id: list.id, rejectComment: ' wording of the reply ' }, { token: tree.orgAdmin.token }));
    expect(rejected).to.include({ status: 'Rejected', rejectComment: 'wording of the reply', decidedByUserId: tree.orgAdmin.userId });
    const page = ok(await api.get('SafeLists/GetAll?status=Rejected&pageSize=100', { token: tree.subAdmin.token }));
    expect(page.items.find((l: any) => l.id === list.id)).to.include({ rejectComment: 'wording of the reply', receiverNumber: line.number, membersCount: 0 });

    // A rejected list does nothing.
    await text('09121440001', list.enterSms);
    expect(await members(book)).to.deep.equal([]);

    const edited = ok(await api.post('SafeLists/Update', { id: list.id, ...body({ phonebookId: book, enterSms: list.enterSms, exitSms: list.exitSms, returnText: 'Welcome!' }) }, { token: tree.subAdmin.token }));
    expect(edited).to.include({ status: 'WatingForConfirm', rejectComment: null, returnText: 'Welcome!' });
    // A waiting list does nothing either.
    await text('09121440001', list.enterSms);
    expect(await members(book)).to.deep.equal([]);

    const confirmed = ok(await api.post(`SafeLists/Confirm/${list.id}`, {}, { token: tree.resellerAdmin.token }));
    expect(confirmed).to.include({ status: 'Confirmed', decidedByUserId: tree.resellerAdmin.userId });
    const audits = ok(await api.get('Audits/GetAll?pageSize=100&className=SafeList', { token: tree.orgAdmin.token })).items as any[];
    expect(audits.filter((a) => String(a.referenceId) === String(list.id)).map((a) => a.operationType)).to.include.members(['Create', 'Reject', 'Update', 'Confirm']);
  });

  it('join and leave by the words (folded as inbound texts are) through the simulator; replies are priced sends from the line', async () => {
    const list = await approved({ enterSms: 'Join Club', exitSms: 'Leave' });
    const mobile = '09121440011';
    // The simulator's inbound path: a message starting with "echo " comes back from its recipient.
    const echo = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'echo  join club!', sendType: 'Bulk', receivers: [mobile] }, { token: tree.subAdmin.token }));
    await waitForSend(api, tree.subAdmin.token, echo.id);
    const deadline = Date.now() + 20_000;
    while ((await members(list.phonebookId)).length === 0) {
      if (Date.now() > deadline) throw new Error('the join did not arrive');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await members(list.phonebookId)).to.deep.equal([intl(mobile)]);
    const [joined] = await replies(list.id, 1);
    expect(joined).to.include({ status: 'Done', kind: 'reply' });
    const send = ok(await api.get(`OutBox/Get/${joined.result!.scheduledMessageId}`, { token: tree.subAdmin.token }));
    expect(send).to.include({ smsText: 'Welcome to our list', senderNumber: line.number, sendType: 'Single' });
    expect(Number(send.sendPrice)).to.be.greaterThan(0);

    await text(mobile, 'LEAVE');
    expect(await members(list.phonebookId)).to.deep.equal([]);
    const both = await replies(list.id, 2);
    const left = ok(await api.get(`OutBox/Get/${both[1].result!.scheduledMessageId}`, { token: tree.subAdmin.token }));
    expect(left).to.include({ smsText: 'You left our list' });
    // Leaving again (not a member) is not answered: nobody spends the owner's credit by texting the word.
    await text(mobile, 'leave');
    expect(await actions.bySourcePrefix(`safe-list:${list.id}:`)).to.have.length(2);
  });

  it('the join reply repeats only after repeatTextDay days; 0 answers every time', async () => {
    const once = await approved({ repeatTextDay: 1 });
    const always = await approved({ repeatTextDay: 0 });
    await text('09121440021', once.enterSms);
    await text('09121440021', once.enterSms);
    await text('09121440021', always.enterSms);
    await text('09121440021', always.enterSms);
    expect(await replies(once.id, 1)).to.have.length(1);
    expect(await replies(always.id, 2)).to.have.length(2);
  });

  it('daily add limit: over it the number is not added, not answered, and counted', async () => {
    const list = await approved({ dailyAddLimit: 2, monthlyAddLimit: 100 });
    for (const m of ['09121440031', '09121440032', '09121440033']) await text(m, list.enterSms);
    expect(await members(list.phonebookId)).to.deep.equal([intl('09121440031'), intl('09121440032')]);
    // A member texting again is no new addition.
    await text('09121440031', list.enterSms);
    const row = ok(await api.get('SafeLists/GetAll?pageSize=100', { token: tree.subAdmin.token })).items.find((l: any) => l.id === list.id);
    expect(row).to.include({ overLimitCount: 1, membersCount: 2 });
    expect(await replies(list.id, 2)).to.have.length(2);
    const monthly = await approved({ monthlyAddLimit: 1 });
    for (const m of ['09121440034', '09121440035']) await text(m, monthly.enterSms);
    expect(await members(monthly.phonebookId)).to.deep.equal([intl('09121440034')]);
  });

  it('an opt-out word leaves every list of the organization unanswered; the join word opts in again', async () => {
    const a = await approved();
    const b = await approved();
    const mobile = '09121440041';
    await text(mobile, a.enterSms);
    await text(mobile, b.enterSms);
    await replies(a.id, 1);
    await replies(b.id, 1);
    await text(mobile, ' لغو ');
    expect(await members(a.phonebookId)).to.deep.equal([]);
    expect(await members(b.phonebookId)).to.deep.equal([]);
    const optedOut = ok(await api.get(`OptOuts/GetAll?search=${intl(mobile).slice(-8)}`, { token: tree.subAdmin.token })).items;
    expect(optedOut.map((o: any) => o.mobile)).to.deep.equal([intl(mobile)]);
    await new Promise((r) => setTimeout(r, 300));
    expect(await actions.bySourcePrefix(`safe-list:${a.id}:`), 'no answer to an opt-out').to.have.length(1);

    // Joining again is an explicit opt-in: the opt-out goes and the welcome is sent (not refused as opted out).
    ok(await api.post('SafeLists/Update', { id: a.id, ...body({ phonebookId: a.phonebookId, enterSms: a.enterSms, exitSms: a.exitSms, repeatTextDay: 0 }) }, { token: tree.orgAdmin.token }));
    await text(mobile, a.enterSms);
    expect(await members(a.phonebookId)).to.deep.equal([intl(mobile)]);
    expect(ok(await api.get(`OptOuts/GetAll?search=${intl(mobile).slice(-8)}`, { token: tree.subAdmin.token })).totalCount).to.equal(0);
    const done = await replies(a.id, 2);
    expect(done[1]).to.include({ status: 'Done' });
  });

  it('a deleted list does nothing and its phonebook is no safe-list any more', async () => {
    const list = await approved();
    ok(await api.call('DELETE', `SafeLists/Delete/${list.id}`, { token: tree.subAdmin.token }));
    await text('09121440051', list.enterSms);
    expect(await members(list.phonebookId)).to.deep.equal([]);
    expect(ok(await api.get(`Phonebooks/Get/${list.phonebookId}`, { token: tree.subAdmin.token })).whiteMessageId).to.equal(null);
  });
});
