import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import type { Tree } from '../support/fixtures.js';
import { available, bad, expectLedgerClean, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';
import { brokenWorkbooks, xlsxBuffer, type XlsxCell } from '../support/spreadsheets.js';

describe('P2P sends from a file: CreateP2PScheduledMessage and CreateTrackingNumberP2PScheduledMessage', function () {
  this.timeout(180_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let line: { lineId: number };
  const intl = (n: string) => `98${n.slice(1)}`;

  // Texts on both sides of each part boundary (GSM-7: 160 in one part, 153 per part after; UCS-2: 70, then 67).
  const rows = [
    { mobile: '09121250001', text: 'a'.repeat(160), parts: 1 },
    { mobile: '09121250002', text: 'a'.repeat(161), parts: 2 },
    { mobile: '09121250003', text: 'ب'.repeat(70), parts: 1 },
    { mobile: '09121250004', text: 'ب'.repeat(71), parts: 2 },
    { mobile: '09121250005', text: 'a'.repeat(307), parts: 3 },
  ];
  const totalParts = rows.reduce((n, r) => n + r.parts, 0);
  // The same mobile as the first row again, with its own one-part text; and a row whose mobile is no mobile.
  const repeat = { mobile: '0912 125 0001', text: 'second row for the first mobile', parts: 1 };
  const sheet = (): XlsxCell[][] => [['mobile', 'text'], ...rows.map((r) => [r.mobile, r.text]), [repeat.mobile, repeat.text], ['12ab', 'not a mobile']];

  const upload = async (bytes: Buffer | string, token = tree.subAdmin.token, fileName = 'p2p.xlsx') =>
    api.call('POST', `ScheduledMessages/UploadP2PFile?fileName=${encodeURIComponent(fileName)}`, {
      rawBody: bytes, headers: { 'content-type': 'application/octet-stream' }, token, culture: 'en-US',
    });
  const uploaded = async (cells: XlsxCell[][], options: { sheetName?: string } = {}) => ok(await upload(await xlsxBuffer(cells, options))).uploadId as string;
  const send = (body: Record<string, unknown>, action = 'CreateP2PScheduledMessage', token = tree.subAdmin.token) =>
    api.post(`ScheduledMessages/${action}`, { senderNumberId: line.lineId, ...body }, { token, culture: 'en-US' });
  const receivers = async (id: number) => ok(await api.get(`OutBox/GetRecipients?id=${id}&pageSize=100`, { token: tree.subAdmin.token })).items as any[];
  const refusedFile = async (cells: XlsxCell[][], options: { sheetName?: string } = {}) => bad(await upload(await xlsxBuffer(cells, options)), 400, 'file').validationErrors!.map((e) => e.message);

  before(async () => {
    ({ api, tree, superToken } = await sendingTree());
    line = await simulatorLine(api, {});
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('answers the upload with the titles, the counts and sample rows', async () => {
    const res = ok(await upload(await xlsxBuffer(sheet())));
    expect(res).to.include({ fileName: 'p2p.xlsx', format: 'xlsx', rowCount: 7, validCount: 6, wrongNumberCount: 1, duplicateCount: 1 });
    expect(res.columns).to.deep.equal(['mobile', 'text']);
    expect(res.invalidSamples).to.deep.equal(['12ab']);
    expect(res.sampleRows[0]).to.deep.equal(['09121250001', 'a'.repeat(160)]);
  });

  it('previews the sum of every receiver\'s own parts and the most expensive receiver, holding nothing', async () => {
    const uploadId = await uploaded(sheet());
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const quote = ok(await send({ uploadId }, 'GetScheduledMessageCalculationsByP2P'));
    // Reseller tariff: 100 rials per part; the repeated mobile is removed (its first row wins).
    expect(quote).to.include({ recipientCount: 5, duplicateCount: 1, wrongNumberCount: 1, smsParts: 3, smsEncoding: 'English', sendPrice: String(totalParts * 100), duplicateWarning: null });
    expect(quote.dynamicSample).to.deep.equal({ toNumber: intl('09121250005'), smsText: 'a'.repeat(307), smsParts: 3 });
    expect(await available(api, tree.orgAdmin.token, tree.sub.id)).to.deep.equal(before);
  });

  it('sends each row its own text until delivered; the hold is the sum of the parts and the charge exact', async () => {
    const uploadId = await uploaded(sheet());
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const created = ok(await send({ uploadId }));
    expect(created).to.include({ sendType: 'P2P', recipientCount: 5, duplicateCount: 1, wrongNumberCount: 1, smsParts: 3, sendPrice: String(totalParts * 100), p2PIsSendDuplicateNumber: false });
    // No template: the send row shows its most expensive receiver's text.
    expect(created.smsText).to.equal('a'.repeat(307));
    const held = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(held.held - before.held).to.equal(BigInt(created.totalPrice));
    const done = await waitForSend(api, tree.subAdmin.token, created.id);
    expect(done).to.include({ sentCount: 5, deliveredCount: 5 });
    const got = await receivers(created.id);
    for (const r of rows) expect(got.find((g) => g.toNumber === intl(r.mobile)), r.mobile).to.include({ smsText: r.text, smsParts: r.parts });
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(before.balance - after.balance).to.equal(BigInt(done.totalPrice));
    expect(after.held).to.equal(before.held);
    // The file went with the send.
    expect(bad(await send({ uploadId }), 400, 'uploadId').validationErrors![0].message).to.equal('The uploaded file was not found; upload it again.');
    // Each receiver had its own text: no resend by status, no edit of the text.
    const resend = bad(await api.post('OutBox/ResendByDeliveryStatus', { id: created.id, deliveryStatuses: ['SentAndReceivedbyPhone'], senderNumberId: line.lineId }, { token: tree.subAdmin.token, culture: 'en-US' }), 400);
    expect(resend.message).to.equal('A P2P send (its own text per receiver) cannot be resent by delivery status.');
  });

  it('keeps repeated mobiles when asked, each row its own receiver and text, with the warning', async () => {
    const uploadId = await uploaded(sheet());
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const quote = ok(await send({ uploadId, p2PIsSendDuplicateNumber: true }, 'GetScheduledMessageCalculationsByP2P'));
    expect(quote).to.include({ recipientCount: 6, duplicateCount: 0, sendPrice: String((totalParts + repeat.parts) * 100) });
    expect(quote.duplicateWarning).to.equal('Duplicate numbers in the file are not removed: each row is sent and charged separately.');
    const created = ok(await send({ uploadId, p2PIsSendDuplicateNumber: true }));
    expect(created).to.include({ recipientCount: 6, duplicateCount: 0, p2PIsSendDuplicateNumber: true });
    expect(created.duplicateWarning).to.equal(quote.duplicateWarning);
    const done = await waitForSend(api, tree.subAdmin.token, created.id);
    expect(done).to.include({ sentCount: 6, deliveredCount: 6 });
    const first = (await receivers(created.id)).filter((g) => g.toNumber === intl(rows[0].mobile)).map((g) => g.smsText).sort();
    expect(first).to.deep.equal([repeat.text, rows[0].text].sort());
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(before.balance - after.balance).to.equal(BigInt(done.totalPrice));
    expect(after.held).to.equal(before.held);
  });

  it('gives back each failed receiver\'s own parts at settlement', async () => {
    const lossy = await simulatorLine(api, { deliveryRatio: 0, expireRatio: 0 });
    const uploadId = await uploaded([['mobile', 'text'], ...rows.slice(3).map((r) => [r.mobile, r.text])]);
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const created = ok(await send({ uploadId, senderNumberId: lossy.lineId }));
    const done = await waitForSend(api, tree.subAdmin.token, created.id);
    expect(done).to.include({ status: 'SentAndGiveBackCredit', notDeliveredCount: 2 });
    // Rows 4 and 5: 2 + 3 parts, all given back.
    expect(Object.values(done.refundedParts as Record<string, number>).reduce((a, b) => a + b, 0)).to.equal(5);
    expect(await available(api, tree.orgAdmin.token, tree.sub.id)).to.deep.equal(before);
  });

  it('fills a template from each row\'s columns (any case), and reads CSV files too', async () => {
    const csv = 'mobile,name,amount\n09121250011,Sara,1200\n09121250012,Reza,\n';
    const res = ok(await upload(csv, tree.subAdmin.token, 'p2p.csv'));
    expect(res).to.include({ format: 'csv', rowCount: 2, validCount: 2 });
    expect(res.columns).to.deep.equal(['mobile', 'name', 'amount']);
    const created = ok(await send({ uploadId: res.uploadId, smsBody: 'Dear {NAME}, you owe {amount} {{rials}}' }));
    expect(created).to.include({ recipientCount: 2, smsText: 'Dear {NAME}, you owe {amount} {{rials}}' });
    await waitForSend(api, tree.subAdmin.token, created.id);
    const got = await receivers(created.id);
    expect(got.find((g) => g.toNumber === intl('09121250011')).smsText).to.equal('Dear Sara, you owe 1200 {rials}');
    expect(got.find((g) => g.toNumber === intl('09121250012')).smsText).to.equal('Dear Reza, you owe  {rials}');
    // A placeholder naming no column, and a file without a text column and no template.
    const uploadId = await uploaded([['mobile', 'name'], ['09121250013', 'Ali']]);
    expect(bad(await send({ uploadId, smsBody: 'Hi {nickname}' }), 400, 'smsBody').validationErrors![0].message).to.equal('The file has no such columns: {nickname}');
    const single = await uploaded([['mobile'], ['09121250013']]);
    expect(bad(await send({ uploadId: single }), 400, 'smsBody').validationErrors![0].message)
      .to.equal('Put each recipient\'s text in the file\'s second column, or enter a template using the column titles.');
    const empty = await uploaded([['mobile', 'text'], ['09121250013', 'ok'], ['09121250014', '']]);
    expect(bad(await send({ uploadId: empty }), 400, 'uploadId').validationErrors![0].message).to.equal('The SMS text of row 3 is empty.');
  });

  it('tracking numbers: the template must name {trackingNumber}, the file must carry it on every row', async () => {
    const file: XlsxCell[][] = [['mobile', 'trackingNumber', 'name'], ['09121250021', 'TRK-1001', 'Sara'], ['09121250022', 55012, 'Reza']];
    const uploadId = await uploaded(file);
    const action = 'CreateTrackingNumberP2PScheduledMessage';
    expect(bad(await send({ uploadId }, action), 400, 'smsBody').validationErrors![0].message).to.equal('Enter the template text with {trackingNumber}.');
    expect(bad(await send({ uploadId, smsBody: 'Hello {name}' }, action), 400, 'smsBody').validationErrors![0].message).to.equal('A tracking number template must contain {trackingNumber}.');
    const quote = ok(await send({ uploadId, smsBody: '{name}: your code is {TrackingNumber}' }, 'GetScheduledMessageCalculationsByTrackingNumberP2P'));
    expect(quote).to.include({ recipientCount: 2, sendPrice: '200' });
    const created = ok(await send({ uploadId, smsBody: '{name}: your code is {TrackingNumber}' }, action));
    expect(created).to.include({ sendType: 'P2P', recipientCount: 2 });
    await waitForSend(api, tree.subAdmin.token, created.id);
    const got = await receivers(created.id);
    expect(got.map((g) => g.smsText).sort()).to.deep.equal(['Reza: your code is 55012', 'Sara: your code is TRK-1001']);
    const without = await uploaded([['mobile', 'name'], ['09121250023', 'Ali']]);
    expect(bad(await send({ uploadId: without, smsBody: '{trackingNumber}' }, action), 400, 'uploadId').validationErrors![0].message).to.equal('The file has no column titled trackingNumber.');
    const missing = await uploaded([['mobile', 'trackingNumber'], ['09121250024', 'T-1'], ['09121250025', null]]);
    expect(bad(await send({ uploadId: missing, smsBody: 'Code {trackingNumber}' }, action), 400, 'uploadId').validationErrors![0].message).to.equal('The tracking number of row 3 is empty.');
  });

  it('refuses every Excel rule on the file field, in English and Persian', async () => {
    expect(await refusedFile([['mobile', 'text'], ['09121250031', 'x']], { sheetName: 'Customers' }))
      .to.deep.equal(['The Excel sheet must be named Sheet1 (the file\'s sheet is named "Customers").']);
    expect(await refusedFile([['mobile', 'sms text', 'نام', 'text'], ['09121250031', 'x', 'y', 'z']])).to.deep.equal([
      'The column title "sms text" has spaces; titles must have no spaces.',
      'The column title "نام" must be English text (English letters, digits and _, starting with a letter).',
    ]);
    expect(await refusedFile([['', 'text'], ['09121250031', 'x']])).to.deep.equal(['The first column\'s title (the mobile number) is empty.']);
    expect(await refusedFile([['mobile', 'Mobile'], ['09121250031', 'x']])).to.deep.equal(['The column title "Mobile" is repeated.']);
    expect(await refusedFile([['name', 'mobile'], ['Sara', '09121250031']])).to.deep.equal(['Mobile numbers must be in the first column only.']);
    expect(await refusedFile([['09121250031', 'x'], ['09121250032', 'y']]))
      .to.deep.equal(['The first row is not read: it must hold the column titles in English without spaces; this file\'s first row is a mobile number.']);
    expect(await refusedFile([['mobile', 'text']])).to.deep.equal(['Mobile numbers list is empty']);
    const fa = bad(await api.call('POST', 'ScheduledMessages/UploadP2PFile', {
      rawBody: await xlsxBuffer([['mobile', 'text']], { sheetName: 'Data' }), headers: { 'content-type': 'application/octet-stream' }, token: tree.subAdmin.token, culture: 'fa',
    }), 400, 'file');
    expect(fa.validationErrors![0].message).to.equal('نام برگه اکسل باید Sheet1 باشد (نام برگه فایل: «Data»).');
    // Not a spreadsheet at all.
    expect(bad(await upload(Buffer.from([0, 1, 2, 3, 0, 0, 7])), 400, 'file').validationErrors).to.have.length(1);
  });

  it('answers 400 naming the problem for a workbook no spreadsheet program writes (never 500), bombs refused before they are unpacked', async () => {
    for (const broken of brokenWorkbooks()) {
      const started = Date.now();
      const res = await upload(broken.bytes);
      expect(res.status, `${broken.label}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.validationErrors, broken.label).to.deep.equal([{ propertyName: 'file', message: broken.message }]);
      expect(Date.now() - started, broken.label).to.be.below(5_000);
    }
  });

  it('keeps an upload to its uploader, and refuses a line without isSendP2P', async () => {
    const uploadId = await uploaded(sheet());
    expect(bad(await send({ uploadId }, 'GetScheduledMessageCalculationsByP2P', tree.orgAdmin.token), 400, 'uploadId').validationErrors![0].message)
      .to.equal('The uploaded file was not found; upload it again.');
    const bulkOnly = await simulatorLine(api, {}, { isSendP2P: false });
    expect(bad(await send({ uploadId, senderNumberId: bulkOnly.lineId }), 400).data.failureCode).to.equal('PrivateNumberNotValid');
  });

  it('a scheduled P2P send may be moved but its texts are not edited; leaving the edit gives everything back', async () => {
    const uploadId = await uploaded(sheet());
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const created = ok(await send({ uploadId, sendDirect: false, sendDateTime: later(1) }));
    const edit = (action: string, body: Record<string, unknown>) => api.post(`ScheduledMessages/${action}`, body, { token: tree.subAdmin.token, culture: 'en-US' });
    ok(await edit(`StartEdit/${created.id}`, {}));
    expect(bad(await edit('Update', { id: created.id, smsBody: 'one text for all' }), 400, 'smsBody').validationErrors![0].message)
      .to.equal('The text of a P2P send cannot be edited; each recipient has its own text.');
    ok(await edit(`AbandonEdit/${created.id}`, {}));
    expect(await waitForSend(api, tree.subAdmin.token, created.id)).to.include({ queueStatus: 'Completed', canceledCount: 5, sentCount: 0 });
    expect(await available(api, tree.orgAdmin.token, tree.sub.id)).to.deep.equal(before);
  });

  it('sends to the confirmation queue on a line with confirmP2pAndDynamic; a reject releases the hold', async () => {
    const confirming = await simulatorLine(api, {}, { confirmP2pAndDynamic: true });
    const uploadId = await uploaded(sheet());
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const held = ok(await send({ uploadId, senderNumberId: confirming.lineId }));
    expect(held.queueStatus).to.equal('WatingForConfirm');
    ok(await api.post('SendQueue/Reject', { id: held.id, reason: 'test' }, { token: tree.resellerAdmin.token }));
    expect(await available(api, tree.orgAdmin.token, tree.sub.id)).to.deep.equal(before);
  });

  it('allows at most MaxUploadRecipients rows, at the upload and again at the send', async () => {
    const three: XlsxCell[][] = [['mobile', 'text'], ['09121250041', 'a'], ['09121250042', 'b'], ['09121250043', 'c']];
    try {
      ok(await api.post('MainSettings/Update', { MaxUploadRecipients: 2 }, { token: superToken }));
      expect(await refusedFile(three)).to.deep.equal(['You can add a maximum of 2 numbers.']);
      ok(await api.post('MainSettings/Update', { MaxUploadRecipients: 3 }, { token: superToken }));
      const uploadId = await uploaded(three);
      ok(await api.post('MainSettings/Update', { MaxUploadRecipients: 2 }, { token: superToken }));
      expect(bad(await send({ uploadId }), 400, 'uploadId').validationErrors![0].message).to.equal('You can add a maximum of 2 numbers.');
    } finally {
      ok(await api.post('MainSettings/Update', { MaxUploadRecipients: 1_000_000 }, { token: superToken }));
    }
  });
});
