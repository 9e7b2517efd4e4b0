import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { unique, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, expectLedgerClean, ok, sendingTree, waitForSend } from '../support/sending.js';

describe('OTP formats and the v1 OTP send', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };
  let key: string;

  const create = (token: string, body: Record<string, unknown> = {}, culture?: string) =>
    api.post('OtpFormats/Create', { title: unique('Login '), smsText: 'Your code is {0}. It expires in {1} minutes.', ...body }, { token, culture });
  const list = async (token: string, query = 'pageSize=500') => ok(await api.get(`OtpFormats/GetAll?${query}`, { token }));
  const otp = (apiKey: string, body: Record<string, unknown>, culture = 'en-US') =>
    api.call('POST', 'v1/messages/otp', { body: { to: '09121119101', line: line.lineId, ...body }, culture, headers: { 'x-api-key': apiKey } });
  /** The message of a 400's validation error on this field. */
  const fieldMessage = (res: Parameters<typeof bad>[0], propertyName: string): string =>
    (bad(res, 400, propertyName).validationErrors as { propertyName: string; message: string }[]).find((v) => v.propertyName === propertyName)!.message;
  const outboxCount = async () => ok(await api.get('OutBox/GetAll?pageSize=1', { token: tree.subAdmin.token })).totalCount as number;

  before(async () => {
    ({ api, tree, line } = await sendingTree());
    key = ok(await api.post('ApiTokens/Create', { title: unique('OTP ') }, { token: tree.subAdmin.token })).token;
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it("a plain user's format waits; an administrator's is confirmed at once; only administrators decide, inside their slice", async () => {
    const mine = ok(await create(tree.subUser.token));
    expect(mine).to.include({ status: 'WatingForConfirm', parameterCount: 2, priority: 'High', userId: tree.subUser.userId, organizationId: tree.sub.id });
    const admins = ok(await create(tree.subAdmin.token, { priority: 'Highest' }));
    expect(admins).to.include({ status: 'Confirmed', priority: 'Highest', decidedByUserId: tree.subAdmin.userId });

    // The plain user lists only their own; the administrators of the organization and above list both.
    expect((await list(tree.subUser.token)).items.map((f: any) => f.id)).to.include(mine.id).and.not.include(admins.id);
    for (const token of [tree.subAdmin.token, tree.orgAdmin.token]) expect((await list(token)).items.map((f: any) => f.id)).to.include.members([mine.id, admins.id]);
    expect((await list(tree.otherAdmin.token)).items.map((f: any) => f.id)).to.not.include(mine.id);

    expect(bad(await api.post(`OtpFormats/Confirm/${mine.id}`, {}, { token: tree.subUser.token }), 403).message).to.equal('Only an administrator can confirm or reject OTP formats.');
    bad(await api.post(`OtpFormats/Confirm/${mine.id}`, {}, { token: tree.otherAdmin.token }), 404);
    bad(await api.post(`OtpFormats/Confirm/${admins.id}`, {}, { token: tree.subUser.token }), 404);
    expect(ok(await api.post(`OtpFormats/Reject/${mine.id}`, {}, { token: tree.subAdmin.token }))).to.include({ status: 'Rejected', decidedByUserId: tree.subAdmin.userId });
    expect(ok(await api.post(`OtpFormats/Confirm/${mine.id}`, {}, { token: tree.orgAdmin.token })).status).to.equal('Confirmed');
    const waiting = await list(tree.subAdmin.token, 'status=WatingForConfirm&pageSize=500');
    expect(waiting.items.map((f: any) => f.id)).to.not.include(mine.id);
    expect(waiting.items.every((f: any) => f.status === 'WatingForConfirm')).to.equal(true);
  });

  it('a changed text goes back to waiting unless an administrator changed it; title and priority keep the status', async () => {
    const f = ok(await create(tree.subUser.token));
    ok(await api.post(`OtpFormats/Confirm/${f.id}`, {}, { token: tree.subAdmin.token }));
    const renamed = ok(await api.post('OtpFormats/Update', { id: f.id, title: 'Renamed', priority: 'Low' }, { token: tree.subUser.token }));
    expect(renamed).to.include({ title: 'Renamed', priority: 'Low', status: 'Confirmed' });
    expect(new Date(renamed.lastModified).getTime()).to.be.greaterThan(new Date(f.lastModified).getTime());
    const edited = ok(await api.post('OtpFormats/Update', { id: f.id, smsText: 'Code {0}' }, { token: tree.subUser.token }));
    expect(edited).to.include({ smsText: 'Code {0}', parameterCount: 1, status: 'WatingForConfirm', decidedByUserId: null });
    const byAdmin = ok(await api.post('OtpFormats/Update', { id: f.id, smsText: 'Your code: {0}' }, { token: tree.subAdmin.token }));
    expect(byAdmin).to.include({ status: 'Confirmed', decidedByUserId: tree.subAdmin.userId });
    bad(await api.post('OtpFormats/Update', { id: f.id, title: 'x' }, { token: tree.otherAdmin.token }), 404);

    ok(await api.delete(`OtpFormats/Delete/${f.id}`, { token: tree.subUser.token }));
    expect((await list(tree.subAdmin.token)).items.map((x: any) => x.id)).to.not.include(f.id);
    bad(await api.delete(`OtpFormats/Delete/${f.id}`, { token: tree.subAdmin.token }), 404);

    const audits = ok(await api.get('Audits/GetAll?pageSize=100&className=OtpFormat', { token: tree.orgAdmin.token })).items as any[];
    const rows = audits.filter((r) => r.className === 'OtpFormat' && String(r.referenceId) === String(f.id));
    expect(rows.map((r) => r.operationType).sort()).to.deep.equal(['Confirm', 'Create', 'Delete', 'Update', 'Update', 'Update']);
  });

  it('refuses a text with gaps, lone braces or no placeholder, naming the problem in Persian and English', async () => {
    expect(fieldMessage(await create(tree.subAdmin.token, { smsText: 'Code {1}' }), 'smsText'))
      .to.equal('Placeholders must be numbered from {0} without gaps; {0} is missing.');
    expect(fieldMessage(await create(tree.subAdmin.token, { smsText: 'Code {0} and {2}' }, 'fa-IR'), 'smsText'))
      .to.equal('متغیرها باید از {0} و بدون جاافتادگی شماره بخورند؛ {1} در متن نیست.');
    expect(fieldMessage(await create(tree.subAdmin.token, { smsText: 'Code {0' }), 'smsText'))
      .to.equal('The opening brace at character 6 is not closed. Write {{ for a literal brace.');
    expect(fieldMessage(await create(tree.subAdmin.token, { smsText: 'Code } {0}' }), 'smsText')).to.match(/closing brace at character 6/);
    expect(fieldMessage(await create(tree.subAdmin.token, { smsText: 'Hi {name}' }), 'smsText')).to.match(/"\{name\}" is not a valid placeholder/);
    expect(fieldMessage(await create(tree.subAdmin.token, { smsText: 'No code here' }), 'smsText')).to.match(/at least one placeholder/);
    const literal = ok(await create(tree.subAdmin.token, { smsText: '{{ref}} {0}' }));
    expect(literal).to.include({ parameterCount: 1, status: 'Confirmed' });
    const before = (await list(tree.subAdmin.token)).totalCount;
    bad(await api.post('OtpFormats/Update', { id: literal.id, smsText: 'x {1}' }, { token: tree.subAdmin.token }), 400, 'smsText');
    expect((await list(tree.subAdmin.token)).totalCount).to.equal(before);
  });

  it('sends a confirmed format rendered through the single send; a repeated sendId sends once', async () => {
    const f = ok(await create(tree.subAdmin.token, { smsText: 'Your code is {0}. {{Peyk}} {1} min.' }));
    const count = await outboxCount();
    const sendId = randomUUID();
    const first = ok(await otp(key, { formatId: f.id, parameters: ['4821', '2'], sendId }));
    const second = ok(await otp(key, { formatId: f.id, parameters: ['4821', '2'], sendId }));
    expect(first).to.include({ recipientCount: 1, repeated: false, sendId, sendType: 'Api', priority: 'High', smsText: 'Your code is 4821. {Peyk} 2 min.' });
    expect(second).to.include({ id: first.id, repeated: true });
    expect(await outboxCount()).to.equal(count + 1);
    const done = await waitForSend(api, tree.subAdmin.token, first.id);
    expect(done).to.include({ status: 'Sent', sentCount: 1, smsText: 'Your code is 4821. {Peyk} 2 min.' });
    // The same answer as messages/send: readable by id through v1, marked as an API send.
    expect(ok(await api.call('GET', `v1/messages/by-send-id/${sendId}`, { headers: { 'x-api-key': key } })).id).to.equal(first.id);
    const audits = ok(await api.get('Audits/GetAll?pageSize=50&className=ScheduledMessage', { token: tree.orgAdmin.token })).items as any[];
    expect(audits.find((r) => String(r.referenceId) === String(first.id))?.channel).to.equal('api');
  });

  it('a parameter count that does not match is a 400 on parameters naming both counts; bad values too', async () => {
    const f = ok(await create(tree.subAdmin.token));
    const count = await outboxCount();
    expect(fieldMessage(await otp(key, { formatId: f.id, parameters: ['4821'] }), 'parameters')).to.equal('This format needs 2 parameters but 1 were sent.');
    expect(fieldMessage(await otp(key, { formatId: f.id, parameters: ['1', '2', '3'] }, 'fa-IR'), 'parameters')).to.equal('این الگو ۲ پارامتر می‌خواهد اما ۳ پارامتر فرستاده شد.');
    expect(fieldMessage(await otp(key, { formatId: f.id, parameters: ['1', 'x'.repeat(101)] }), 'parameters')).to.equal('Parameter 2 is longer than 100 characters.');
    expect(fieldMessage(await otp(key, { formatId: f.id, parameters: ['12\n34', '2'] }), 'parameters')).to.match(/Parameter 1 contains a control character/);
    bad(await otp(key, { formatId: f.id, parameters: ['', '2'] }), 400, 'parameters');
    bad(await otp(key, { formatId: f.id }), 400, 'parameters');
    expect(await outboxCount()).to.equal(count);
  });

  it('an unconfirmed format is a 400 on formatId; another organization\'s or a deleted one is a 404; a send-less key is a 403', async () => {
    const waiting = ok(await create(tree.subUser.token, { smsText: 'Code {0}' }));
    expect(fieldMessage(await otp(key, { formatId: waiting.id, parameters: ['1'] }), 'formatId')).to.equal('This format is not confirmed yet; it cannot be used to send.');
    ok(await api.post(`OtpFormats/Reject/${waiting.id}`, {}, { token: tree.subAdmin.token }));
    bad(await otp(key, { formatId: waiting.id, parameters: ['1'] }), 400, 'formatId');

    // Above (the parent organization), beside (another tree): neither is the token's own organization.
    const parents = ok(await create(tree.orgAdmin.token, { smsText: 'Code {0}' }));
    const others = ok(await create(tree.otherAdmin.token, { smsText: 'Code {0}' }));
    for (const f of [parents, others]) expect(bad(await otp(key, { formatId: f.id, parameters: ['1'] }), 404).message).to.equal('OTP format not found.');
    // The parent's administrator manages the sub-organization's formats in the panel, but sends only with their own organization's.
    const sub = ok(await create(tree.subAdmin.token, { smsText: 'Code {0}' }));
    const parentKey = ok(await api.post('ApiTokens/Create', { title: unique('OTP parent ') }, { token: tree.orgAdmin.token })).token;
    bad(await otp(parentKey, { formatId: sub.id, parameters: ['1'] }), 404);

    ok(await api.delete(`OtpFormats/Delete/${sub.id}`, { token: tree.subAdmin.token }));
    bad(await otp(key, { formatId: sub.id, parameters: ['1'] }), 404);

    const readOnly = ok(await api.post('ApiTokens/Create', { title: unique('RO '), isCanSend: false }, { token: tree.subAdmin.token })).token;
    const mine = ok(await create(tree.subAdmin.token, { smsText: 'Code {0}' }));
    expect(bad(await otp(readOnly, { formatId: mine.id, parameters: ['1'] }), 403).message).to.equal('This API key is not allowed to send messages.');
  });

  it('the send\'s own failures keep the panel\'s codes with the v1 field names', async () => {
    const f = ok(await create(tree.subAdmin.token, { smsText: 'Code {0}' }));
    expect(bad(await otp(key, { formatId: f.id, parameters: ['1'], to: 'abc' }), 400, 'to').data.failureCode).to.equal('RecipientNotExist');
    // The rendered text is judged like any send's (links are not allowed for this organization); it has no field of its own here.
    expect(bad(await otp(key, { formatId: f.id, parameters: ['https://x.example/a'] }), 400, 'formatId').data.failureCode).to.equal('LinkIsNotAllowed');
  });
});
