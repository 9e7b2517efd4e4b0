import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { sharedServer, unique, type Tree } from '../support/fixtures.js';
import { available, bad, expectLedgerClean, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';
import { ClubFileImporter } from '../../server/modules/engage/club/club-files.worker.js';

/**
 * Customer club (engage/CONTEXT.md "Customer club"): a store's device is a club request decided
 * from above; once confirmed, its signed posts add members, put them in its phonebooks and
 * schedule its thank-you message (one send, billed once); members are listed and sent to; club
 * files are read by a worker with progress.
 */
describe('Customer club: devices, the signed purchase webhook, members, club sends and files', function () {
  this.timeout(180_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };
  let plainLine: { agentId: number; lineId: number; number: string };
  let superToken: string;

  const newBook = async (token = tree.subAdmin.token) => ok(await api.post('Phonebooks/Create', { title: unique('Club book ') }, { token })).id as number;
  const deviceBody = (extra: Record<string, unknown> = {}) => ({
    deviceId: unique('POS-'), phonebookIdList: [] as number[], delayType: 'Minute', delayValue: 10, isShowDetail: false,
    messageText: 'Thanks {name}! {points} points for {amount} rials; you have {totalPoints}.', privateNumberId: line.lineId, rialsPerPoint: 10_000, ...extra,
  });
  /** A device of the sub-organization (its administrator's request), confirmed by the organization's administrator above. */
  const confirmedDevice = async (extra: Record<string, unknown> = {}) => {
    const book = await newBook();
    ok(await api.post('ClubDevices/SetPhonebookDevice', { phonebookId: book, isSendMessageAfterAddFromDevice: true }, { token: tree.subAdmin.token }));
    const device = ok(await api.post('ClubDevices/Create', deviceBody({ phonebookIdList: [book], ...extra }), { token: tree.subAdmin.token }));
    ok(await api.post(`ClubDevices/Confirm/${device.id}`, {}, { token: tree.orgAdmin.token }));
    return { device, book, secret: device.secret as string };
  };
  const now = () => Math.floor(Date.now() / 1000);
  const post = (deviceRowId: number, secret: string | null, payload: Record<string, unknown>, signature?: string) => {
    const raw = JSON.stringify(payload);
    const headers: Record<string, string> = {};
    const sig = signature ?? (secret ? createHmac('sha256', secret).update(raw).digest('hex') : undefined);
    if (sig) headers['x-peyk-signature'] = sig;
    return api.call('POST', `ClubDevices/Webhook/${deviceRowId}`, { rawBody: raw, headers });
  };
  const purchase = (deviceId: string, extra: Record<string, unknown> = {}) => ({ deviceId, mobile: '09121990001', amount: 250_000, purchaseId: unique('P'), timestamp: now(), ...extra });
  const members = async (token: string, query = '') => ok(await api.get(`ClubMembers/GetAll?pageSize=100${query}`, { token })).items as any[];
  const contacts = async (phonebookId: number) =>
    (ok(await api.get(`Contacts/GetAll?phonebookId=${phonebookId}&pageSize=100`, { token: tree.subAdmin.token })).items as any[]).map((c) => c.cellphone).sort();
  const fieldMessages = (res: Parameters<typeof bad>[0]) =>
    Object.fromEntries((bad(res, 400).validationErrors as { propertyName: string; message: string }[]).map((v) => [v.propertyName, v.message]));

  before(async () => {
    ({ api, tree, superToken } = await sendingTree());
    line = await simulatorLine(api, {}, { organizationId: tree.sub.id, isSendClub: true });
    plainLine = await simulatorLine(api, {}, { organizationId: tree.sub.id });
  });

  after(async () => {
    if (api) await expectLedgerClean(api);
  });

  it('answers every problem of a device at once, each on its field; the deviceId is unique in the organization', async () => {
    const book = await newBook();
    const taken = ok(await api.post('ClubDevices/Create', deviceBody({ phonebookIdList: [book] }), { token: tree.subAdmin.token }));
    const otherBook = await newBook(tree.otherAdmin.token);
    const all = fieldMessages(await api.post('ClubDevices/Create', deviceBody({
      deviceId: taken.deviceId.toLowerCase(), phonebookIdList: [otherBook], messageText: 'Hi {nickname}', privateNumberId: plainLine.lineId, delayType: 'Daily', delayValue: 31,
      webhookUrl: 'http://169.254.169.254/latest',
    }), { token: tree.subAdmin.token }));
    expect(all).to.deep.equal({
      deviceId: 'Another device of your organization has this ID.',
      phonebookIdList: 'Choose a phonebook of your own organization that you may change.',
      messageText: 'Unknown placeholders: {nickname}. Allowed: {name}, {amount}, {points}, {totalPoints}, {totalAmount}, {purchaseCount}.',
      privateNumberId: 'This line is not open to customer club messages: its "Customers club send" capability is off or the line is not yours to use.',
      delayValue: 'The message delay is at most 30 days.',
      webhookUrl: 'This address is not accepted: only public http or https addresses (not an internal network) are allowed.',
    });
    const fa = fieldMessages(await api.post('ClubDevices/Create', deviceBody({ deviceId: ' ', phonebookIdList: [book], privateNumberId: null }), { token: tree.subAdmin.token, culture: 'fa-IR' }));
    expect(fa).to.deep.equal({ deviceId: 'شناسه دستگاه را وارد کنید.', privateNumberId: 'برای ارسال پیام، خط ارسال را انتخاب کنید.' });
    // The schema's own rules: a PeriodType and at least one phonebook.
    const schema = fieldMessages(await api.post('ClubDevices/Create', deviceBody({ phonebookIdList: [], delayType: 'Week' }), { token: tree.subAdmin.token }));
    expect(Object.keys(schema)).to.include.members(['phonebookIdList', 'delayType']);
  });

  it('a new device is a club request: the secret is shown once, the organization cannot approve it, reject keeps a comment, an edit sends it back', async () => {
    const book = await newBook();
    const device = ok(await api.post('ClubDevices/Create', deviceBody({ phonebookIdList: [book] }), { token: tree.subAdmin.token }));
    expect(device).to.include({ status: 'WatingForConfirm', organizationId: tree.sub.id, rejectComment: null, delayType: 'Minute', delayValue: 10 });
    expect(device.secret).to.match(/^[0-9a-f]{64}$/);
    const listed = (ok(await api.get('ClubDevices/GetAll?pageSize=100', { token: tree.subAdmin.token })).items as any[]).find((d) => d.id === device.id);
    expect(listed).to.include({ senderNumber: line.number, purchaseCount: 0 });
    expect(listed).not.to.have.property('secret');

    expect(bad(await api.post(`ClubDevices/Confirm/${device.id}`, {}, { token: tree.subAdmin.token }), 403).message)
      .to.equal('Only an administrator above the organization can confirm or reject its club request.');
    bad(await api.post(`ClubDevices/Confirm/${device.id}`, {}, { token: tree.otherAdmin.token }), 404);
    expect((ok(await api.get('ClubDevices/GetAll?pageSize=100', { token: tree.otherAdmin.token })).items as any[]).map((d) => d.id)).not.to.include(device.id);

    const rejected = ok(await api.post('ClubDevices/Reject', { id: device.id, rejectComment: ' not our store ' }, { token: tree.orgAdmin.token }));
    expect(rejected).to.include({ status: 'Rejected', rejectComment: 'not our store', decidedByUserId: tree.orgAdmin.userId });
    // A rejected device's purchases are refused, nothing stored.
    const refused = await post(device.id, device.secret, purchase(device.deviceId, { mobile: '09121990100' }));
    expect(refused.status).to.equal(403);
    expect(refused.body).to.include({ isSucceed: false, message: 'The club request is not confirmed.' });
    expect((await members(tree.subAdmin.token, '&search=09121990100')).length).to.equal(0);

    const edited = ok(await api.post('ClubDevices/Update', { id: device.id, ...deviceBody({ deviceId: device.deviceId, phonebookIdList: [book], delayValue: 5 }) }, { token: tree.subAdmin.token }));
    expect(edited).to.include({ status: 'WatingForConfirm', rejectComment: null, delayValue: 5 });
    const confirmed = ok(await api.post(`ClubDevices/Confirm/${device.id}`, {}, { token: tree.resellerAdmin.token }));
    expect(confirmed).to.include({ status: 'Confirmed', decidedByUserId: tree.resellerAdmin.userId });
    // An unchanged save keeps the decision.
    expect(ok(await api.post('ClubDevices/Update', { id: device.id, ...deviceBody({ deviceId: device.deviceId, phonebookIdList: [book], delayValue: 5 }) }, { token: tree.subAdmin.token }))).to.include({ status: 'Confirmed' });

    // A rotated secret: the old one stops at once.
    const rotated = ok(await api.post(`ClubDevices/RotateSecret/${device.id}`, {}, { token: tree.subAdmin.token }));
    expect(rotated.secret).to.match(/^[0-9a-f]{64}$/).and.not.equal(device.secret);
    expect((await post(device.id, device.secret, purchase(device.deviceId))).status).to.equal(401);
    ok(await post(device.id, rotated.secret, purchase(device.deviceId, { mobile: '09121990101' })));

    const audits = ok(await api.get('Audits/GetAll?pageSize=100&className=ClubDevice', { token: tree.orgAdmin.token })).items as any[];
    expect(audits.filter((a) => String(a.referenceId) === String(device.id)).map((a) => a.operationType)).to.include.members(['Create', 'Reject', 'Update', 'Confirm', 'RotateSecret']);
  });

  it('refuses a bad or missing signature, an unknown device, a stale timestamp and an unconfirmed device: nothing stored', async () => {
    const { device, book, secret } = await confirmedDevice();
    const mobile = '09121990200';
    const body = purchase(device.deviceId, { mobile });
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const answers = [
      await post(device.id, null, body),
      await post(device.id, secret, body, 'ab'.repeat(32)),
      await post(device.id, 'not-the-secret', body),
      await post(device.id + 100_000, secret, body),
      await post(device.id, secret, { ...body, timestamp: now() - 3600 }),
    ];
    expect(answers.map((a) => a.status)).to.deep.equal([401, 401, 401, 401, 401]);
    expect(answers[0].body).to.deep.include({ isSucceed: false, message: 'The request signature or the device is not valid.' });
    expect(answers[4].body.message).to.equal('The request timestamp is stale or not valid (at most 5 minutes apart).');
    // Signed but wrong fields: each on its field.
    const wrong = await post(device.id, secret, { ...body, mobile: '123', amount: -5, deviceId: 'other' });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.validationErrors!.map((v) => v.propertyName)).to.have.members(['deviceId', 'mobile', 'amount']);
    // Unconfirmed (undone): 403.
    ok(await api.post(`ClubDevices/UndoConfirm/${device.id}`, {}, { token: tree.orgAdmin.token }));
    expect((await post(device.id, secret, body)).status).to.equal(403);

    expect((await members(tree.subAdmin.token, `&search=${mobile}`)).length).to.equal(0);
    expect(await contacts(book)).to.deep.equal([]);
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(after.held).to.equal(before.held);
  });

  it('a signed purchase: member + contact + one delayed send billed once; a replay is idempotent', async () => {
    const { device, book, secret } = await confirmedDevice();
    const mobile = '09121990300';
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const body = purchase(device.deviceId, { mobile, amount: 255_000, name: 'Sara' });
    const first = ok(await post(device.id, secret, body));
    expect(first).to.include({ repeated: false, points: 25, amount: 255_000, mobile: '989121990300', messageFailureCode: null });
    expect(first.member).to.deep.equal({ points: 25, totalAmount: 255_000, purchaseCount: 1 });
    expect(first.sendId).to.be.a('number');
    const send = ok(await api.get(`OutBox/Get/${first.sendId}`, { token: tree.subAdmin.token }));
    expect(send).to.include({ sendSubType: 'Club', sendType: 'Single', privateNumberId: line.lineId, smsText: 'Thanks Sara! 25 points for 255000 rials; you have 25.' });
    const delay = new Date(send.dateTimeSend).getTime() - Date.now();
    expect(delay, 'scheduled about 10 minutes ahead').to.be.within(9 * 60_000, 10 * 60_000 + 5000);
    const held = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(held.held - before.held).to.equal(BigInt(send.totalPrice));

    // The same purchase again (a device's retry), even at once from two requests: the first answer, nothing more.
    const [again, twice] = await Promise.all([post(device.id, secret, { ...body, timestamp: now() }), post(device.id, secret, body)]);
    for (const r of [ok(again), ok(twice)]) expect(r).to.include({ repeated: true, sendId: first.sendId, points: 25 });
    expect((await available(api, tree.orgAdmin.token, tree.sub.id)).held).to.equal(held.held);
    const listed = await members(tree.subAdmin.token, `&search=${mobile}`);
    expect(listed).to.have.length(1);
    expect(listed[0]).to.include({ mobile: '989121990300', name: 'Sara', points: 25, totalAmount: 255_000, purchaseCount: 1, organizationId: tree.sub.id });
    expect(await contacts(book)).to.deep.equal(['989121990300']);

    // A second purchase adds up; the contact is not added twice.
    const second = ok(await post(device.id, secret, purchase(device.deviceId, { mobile, amount: 100_000 })));
    expect(second.member).to.deep.equal({ points: 35, totalAmount: 355_000, purchaseCount: 2 });
    expect(await contacts(book)).to.deep.equal(['989121990300']);
    const sends = (ok(await api.get(`OutBox/GetAll?pageSize=100`, { token: tree.subAdmin.token })).items as any[]).filter((s) => s.id === first.sendId || s.id === second.sendId);
    expect(sends).to.have.length(2);
  });

  it('the phonebook\'s device fields take effect: no message when isSendMessageAfterAddFromDevice is off; a port takes only its purchases', async () => {
    const { device, book, secret } = await confirmedDevice();
    const portBook = await newBook();
    ok(await api.post('ClubDevices/SetPhonebookDevice', { phonebookId: portBook, deviceConnectionPort: 2, isSendMessageAfterAddFromDevice: false }, { token: tree.subAdmin.token }));
    const quiet = ok(await api.post('ClubDevices/SetPhonebookDevice', { phonebookId: book, deviceConnectionPort: null, isSendMessageAfterAddFromDevice: false }, { token: tree.subAdmin.token }));
    expect(quiet).to.include({ id: book, deviceConnectionPort: null, isSendMessageAfterAddFromDevice: false });
    expect(ok(await api.get(`Phonebooks/Get/${portBook}`, { token: tree.subAdmin.token }))).to.include({ deviceConnectionPort: 2, isSendMessageAfterAddFromDevice: false });
    ok(await api.post('ClubDevices/Update', { id: device.id, ...deviceBody({ deviceId: device.deviceId, phonebookIdList: [book, portBook] }) }, { token: tree.subAdmin.token }));
    ok(await api.post(`ClubDevices/Confirm/${device.id}`, {}, { token: tree.orgAdmin.token }));

    const port1 = ok(await post(device.id, secret, purchase(device.deviceId, { mobile: '09121990401', port: 1 })));
    expect(port1).to.include({ sendId: null, messageFailureCode: null });
    const port2 = ok(await post(device.id, secret, purchase(device.deviceId, { mobile: '09121990402', port: 2 })));
    expect(port2.sendId).to.equal(null);
    expect(await contacts(book)).to.deep.equal(['989121990401', '989121990402']);
    expect(await contacts(portBook), 'only the port-2 purchase').to.deep.equal(['989121990402']);
  });

  it('tells the store\'s webhookUrl (through the outbound guard) that a member joined; member details only with isShowDetail', async () => {
    const heard: any[] = [];
    const store = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => { text += c; });
      req.on('end', () => { heard.push(JSON.parse(text)); res.end('ok'); });
    });
    await new Promise<void>((r) => store.listen(0, '127.0.0.1', () => r()));
    try {
      const url = `http://127.0.0.1:${(store.address() as AddressInfo).port}/club`;
      const detailed = await confirmedDevice({ webhookUrl: url, isShowDetail: true, messageText: null, privateNumberId: null });
      const plain = await confirmedDevice({ webhookUrl: url, isShowDetail: false, messageText: null, privateNumberId: null });
      const a = purchase(detailed.device.deviceId, { mobile: '09121990900', amount: 30_000 });
      const b = purchase(plain.device.deviceId, { mobile: '09121990901', amount: 30_000 });
      ok(await post(detailed.device.id, detailed.secret, a));
      ok(await post(plain.device.id, plain.secret, b));
      const deadline = Date.now() + 10_000;
      while (heard.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const byPurchase = Object.fromEntries(heard.map((h) => [h.purchaseId, h]));
      expect(byPurchase[a.purchaseId]).to.deep.equal({
        event: 'member.joined', deviceId: detailed.device.deviceId, purchaseId: a.purchaseId, points: 3,
        member: { mobile: '989121990900', name: null, points: 3, totalAmount: 30_000, purchaseCount: 1 },
      });
      expect(byPurchase[b.purchaseId]).to.deep.equal({ event: 'member.joined', deviceId: plain.device.deviceId, purchaseId: b.purchaseId, points: 3 });
    } finally {
      store.close();
    }
  });

  it('a message refused (the line lost isSendClub) still counts the purchase and says why on the device', async () => {
    const clubLine = await simulatorLine(api, {}, { organizationId: tree.sub.id, isSendClub: true });
    const { device, secret } = await confirmedDevice({ privateNumberId: clubLine.lineId });
    ok(await api.post('PrivateNumbers/Update', { id: clubLine.lineId, isSendClub: false }, { token: superToken }));
    const answer = ok(await post(device.id, secret, purchase(device.deviceId, { mobile: '09121990500' })));
    expect(answer).to.include({ sendId: null, messageFailureCode: 'PrivateNumberNotValid' });
    expect(answer.member.purchaseCount).to.equal(1);
    const listed = (ok(await api.get('ClubDevices/GetAll?pageSize=100', { token: tree.subAdmin.token })).items as any[]).find((d) => d.id === device.id);
    expect(listed).to.include({ lastFailureCode: 'PrivateNumberNotValid', purchaseCount: 1 });
  });

  it('the delayed message goes out when due (a few seconds), through the dispatcher', async () => {
    const { device, secret } = await confirmedDevice({ delayType: 'Second', delayValue: 2 });
    const answer = ok(await post(device.id, secret, purchase(device.deviceId, { mobile: '09121990600', amount: 50_000 })));
    const waiting = ok(await api.get(`OutBox/Get/${answer.sendId}`, { token: tree.subAdmin.token }));
    expect(waiting.queueStatus).not.to.equal('Completed');
    const done = await waitForSend(api, tree.subAdmin.token, answer.sendId, (s) => s.queueStatus === 'Completed', 60_000);
    expect(new Date(done.dateTimeStart).getTime()).to.be.at.least(new Date(waiting.dateTimeSend).getTime() - 1000);
    expect(done.sentCount + done.failedCount).to.equal(1);
  });

  it('members: paged, searched by mobile, filtered by points, in the tenant slice; a club send goes to them through compose', async () => {
    const { device, secret } = await confirmedDevice({ messageText: null, privateNumberId: null });
    for (const [mobile, amount] of [['09121990701', 10_000], ['09121990702', 500_000], ['09121990703', 1_000_000]] as const) {
      ok(await post(device.id, secret, purchase(device.deviceId, { mobile, amount })));
    }
    const rich = await members(tree.subAdmin.token, '&search=0912199070&minPoints=50');
    expect(rich.map((m) => m.mobile).sort()).to.deep.equal(['989121990702', '989121990703']);
    const page = ok(await api.get('ClubMembers/GetAll?pageSize=2&pageIndex=0&search=0912199070', { token: tree.subAdmin.token }));
    expect(page.items).to.have.length(2);
    expect(page.totalCount).to.equal(3);
    // Above sees the sub-organization's members; another tree does not.
    expect((await members(tree.orgAdmin.token, '&search=09121990703')).length).to.equal(1);
    expect((await members(tree.otherAdmin.token, '&search=09121990703')).length).to.equal(0);

    bad(await api.post('ClubMembers/Send', { privateNumberId: plainLine.lineId, smsBody: 'Sale!' }, { token: tree.subAdmin.token }), 400, 'privateNumberId');
    bad(await api.post('ClubMembers/Send', { privateNumberId: line.lineId, smsBody: 'Sale!', minPoints: 10, maxPoints: 5 }, { token: tree.subAdmin.token }), 400, 'minPoints');
    bad(await api.post('ClubMembers/Send', { privateNumberId: line.lineId, smsBody: 'Sale!', minPoints: 1_000_000_000 }, { token: tree.subAdmin.token }), 400, 'minPoints');
    // Every member of the sub-organization with 50 points or more (this test's two, and any of the tests before).
    const expected = (await members(tree.subAdmin.token, '&minPoints=50')).length;
    const send = ok(await api.post('ClubMembers/Send', { privateNumberId: line.lineId, smsBody: 'Sale for our gold members!', minPoints: 50 }, { token: tree.subAdmin.token }));
    expect(send).to.include({ sendSubType: 'Club', sendType: 'Bulk', recipientCount: expected, privateNumberId: line.lineId });
    await waitForSend(api, tree.subAdmin.token, send.id);
  });

  it('a club file is read by the worker with progress: members added, wrong rows counted, a repeated run adds nothing', async () => {
    const csv = ['mobile,amount,points,purchaseId,name', '09121990801,120000,12,F-1,Ali', '09121990802,50000,5,F-2,', 'not-a-mobile,1,1,F-3,', '09121990801,30000,3,F-4,Ali'].join('\n');
    const up = await api.call('POST', `ClubFiles/Upload?smartSmsClubTitle=${encodeURIComponent('Old purchases')}&fileName=history.csv`, { rawBody: Buffer.from(csv), token: tree.subAdmin.token, headers: { 'content-type': 'text/csv' } });
    const file = ok(up);
    expect(file).to.include({ smartSmsClubTitle: 'Old purchases', fileName: 'history.csv' });
    const deadline = Date.now() + 30_000;
    let row: any;
    for (;;) {
      row = (ok(await api.get('ClubFiles/GetAll?pageSize=100', { token: tree.subAdmin.token })).items as any[]).find((f) => f.id === file.id);
      if (row.status === 'Completed' || row.status === 'Failed' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(row).to.include({ status: 'Completed', totalCount: 5, addedCount: 3, wrongCount: 1, progressPercent: 100, failedReason: null });
    const ali = (await members(tree.subAdmin.token, '&search=09121990801'))[0];
    expect(ali).to.include({ points: 15, totalAmount: 150_000, purchaseCount: 2, name: 'Ali' });
    // A second run of the same file (a resumed job) finds every row taken.
    const server = await sharedServer();
    await server.peyk.container.get(ClubFileImporter).run(file.id);
    expect((await members(tree.subAdmin.token, '&search=09121990801'))[0]).to.include({ points: 15, purchaseCount: 2 });
    bad(await api.call('POST', 'ClubFiles/Upload?smartSmsClubTitle=%20', { rawBody: Buffer.from(csv), token: tree.subAdmin.token }), 400, 'smartSmsClubTitle');
  });
});
