import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { io as connect, type Socket } from 'socket.io-client';
import type { ApiClient } from '../support/api-client.js';
import { sharedServer, type Tree } from '../support/fixtures.js';
import { expectLedgerClean, ok, sendingTree, waitForSend } from '../support/sending.js';
import { OutboxExporter } from '../../server/modules/messaging/index.js';
import { bucketOf } from '../../server/shared/insight/delivery-buckets.js';

const HEADERS = ['SendId', 'ToNumber', 'Operator', 'Description', 'SendStatus', 'DeliveryStatus', 'SendDateTime', 'StatusDateTime', 'SenderNumber', 'DateTimeSend', 'SmsText', 'Outcome'];

/** The rows of the file's Sheet1 as text (the header row first). */
async function readXlsx(bytes: ArrayBuffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.getWorksheet('Sheet1');
  if (!sheet) throw new Error('no Sheet1');
  const rows: string[][] = [];
  sheet.eachRow((row) => { rows.push(HEADERS.map((_, i) => { const v = row.getCell(i + 1).value; return v === null || v === undefined ? '' : String(v); })); });
  return rows;
}

/** OutBox/ExportRecipients and OutBox/ExportSearch: the spec's Excel request, its progress pushes, the file. */
describe('Outbox export to Excel', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let url: string;
  let socket: Socket;
  const pushed: any[] = [];
  const tag = `exp${Date.now().toString(36)}`;
  let sendId: number;
  const descriptions = ['=HYPERLINK("http://x")', '+98 plus', '-minus', '@at', 'plain'];

  before(async () => {
    let line: { lineId: number };
    ({ api, tree, line } = await sendingTree());
    url = (await sharedServer()).url;
    socket = await new Promise((resolve, reject) => {
      const s = connect(url, { auth: { token: tree.subAdmin.token }, transports: ['websocket'], reconnection: false });
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
    socket.on('excel-request', (p: unknown) => pushed.push(p));
    const bulkRecipients = descriptions.map((description, i) => ({ mobile: `0912555${String(i).padStart(4, '0')}`, description }));
    const send = ok(await api.post('ScheduledMessages/CreateScheduledMessageBulk', { senderNumberId: line.lineId, smsBody: `=${tag} text`, bulkRecipients }, { token: tree.subAdmin.token }));
    await waitForSend(api, tree.subAdmin.token, send.id);
    sendId = send.id;
  });

  after(async () => {
    socket?.close();
    await expectLedgerClean(api);
  });

  const finished = async (id: number) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const r = ok(await api.get(`OutBox/ExcelRequest/${id}`, { token: tree.subAdmin.token }));
      if (r.status === 'Done' || r.status === 'Failed') return r;
      if (Date.now() > deadline) throw new Error(`export ${id} did not finish: ${JSON.stringify(r)}`);
      await new Promise((res) => setTimeout(res, 100));
    }
  };
  const download = async (path: string) => {
    const res = await fetch(`${url}/api/${path}`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/spreadsheetml/);
    return readXlsx(await res.arrayBuffer());
  };

  it("exports a send's receivers: the file equals the receivers, formula-like cells escaped, progress pushed to the requester", async () => {
    const request = ok(await api.post(`OutBox/ExportRecipients/${sendId}`, {}, { token: tree.subAdmin.token }));
    expect(request).to.include({ type: 'OutboxRecipients', isReadyForDownload: false, path: null });
    const done = await finished(request.id);
    expect(done).to.include({ status: 'Done', isReadyForDownload: true, progressPercent: 100, rowCount: descriptions.length });
    expect(done.errors).to.deep.equal([]);

    const receivers = ok(await api.get(`OutBox/GetRecipients?id=${sendId}&pageSize=100`, { token: tree.subAdmin.token })).items as any[];
    const rows = await download(done.path);
    expect(rows[0]).to.deep.equal(HEADERS);
    const body = rows.slice(1);
    expect(body.map((r) => r[1])).to.deep.equal([...receivers].sort((a, b) => b.seq - a.seq).map((r) => r.toNumber));
    const byNumber = new Map(body.map((r) => [r[1], r]));
    for (const r of receivers) {
      const row = byNumber.get(r.toNumber)!;
      expect(row[0]).to.equal(String(sendId));
      expect(row[4]).to.equal(r.sendStatus);
      expect(row[5]).to.equal(r.deliveryStatus);
      expect(row[6]).to.equal(new Date(r.sendDateTime).toISOString());
      // The outcome in the screens' one vocabulary (issue 23 item 6): every receiver here was delivered.
      expect(row[11]).to.equal(bucketOf(r.deliveryStatus)).and.to.equal('delivered');
    }
    expect(body.map((r) => r[3]).sort()).to.deep.equal(["'+98 plus", "'-minus", "'=HYPERLINK(\"http://x\")", "'@at", 'plain']);
    expect(new Set(body.map((r) => r[10]))).to.deep.equal(new Set([`'=${tag} text`]));

    await new Promise((res) => setTimeout(res, 300));
    const mine = pushed.filter((p) => p.id === request.id);
    expect(mine.map((p) => p.status)).to.include.members(['Running', 'Done']);
    expect(mine[mine.length - 1]).to.include({ status: 'Done', progressPercent: 100, isReadyForDownload: true });
  });

  it('ExportDataStatus: None before any export, Get while it is made, Complete when ready, Refresh once the send changed', async () => {
    const line = ok(await api.get(`OutBox/Get/${sendId}`, { token: tree.subAdmin.token })).privateNumberId;
    const send = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line, smsBody: `${tag} status`, sendType: 'Bulk', receivers: ['09125559901'] }, { token: tree.subAdmin.token }));
    await waitForSend(api, tree.subAdmin.token, send.id);
    const detail = async () => ok(await api.get(`OutBox/Get/${send.id}`, { token: tree.subAdmin.token })).exportDataStatus;
    expect(await detail()).to.equal('None');
    const request = ok(await api.post(`OutBox/ExportRecipients/${send.id}`, {}, { token: tree.subAdmin.token }));
    expect(request.exportDataStatus).to.equal('Get');
    const done = await finished(request.id);
    expect(done.exportDataStatus).to.equal('Complete');
    expect(await detail()).to.equal('Complete');
    // Another user's view of the send has no export of its own.
    expect(ok(await api.get(`OutBox/Get/${send.id}`, { token: tree.orgAdmin.token })).exportDataStatus).to.equal('None');
    await new Promise((res) => setTimeout(res, 20));
    ok(await api.post('OutBox/Archive', { ids: [send.id] }, { token: tree.subAdmin.token }));
    expect(await detail()).to.equal('Refresh');
    expect(ok(await api.get(`OutBox/ExcelRequest/${request.id}`, { token: tree.subAdmin.token })).exportDataStatus).to.equal('Refresh');
    expect(ok(await api.get('OutBox/ExcelRequests', { token: tree.subAdmin.token })).find((r: any) => r.id === request.id).exportDataStatus).to.equal('Refresh');
  });

  it('exports a search result: the same rows the search pages through', async () => {
    const filter = { fromDate: new Date(Date.now() - 3_600_000).toISOString(), toDate: new Date(Date.now() + 3_600_000).toISOString(), smsText: tag };
    const request = ok(await api.post('OutBox/ExportSearch', { ...filter, description: 'minus' }, { token: tree.subAdmin.token }));
    const done = await finished(request.id);
    const rows = await download(done.path);
    const found = ok(await api.post('OutBox/AdvancedSearch', { ...filter, description: 'minus' }, { token: tree.subAdmin.token })).items as any[];
    expect(rows.slice(1).map((r) => [Number(r[0]), r[1]])).to.deep.equal(found.map((r) => [r.sendId, r.toNumber]));
    expect(found).to.have.length(1);
  });

  it('a request is its requester\'s: others get 404, a wrong key downloads nothing', async () => {
    const request = ok(await api.post(`OutBox/ExportRecipients/${sendId}`, {}, { token: tree.subAdmin.token }));
    const done = await finished(request.id);
    expect((await api.get(`OutBox/ExcelRequest/${request.id}`, { token: tree.orgAdmin.token })).status).to.equal(404);
    expect((await api.post(`OutBox/ExportRecipients/${sendId}`, {}, { token: tree.otherAdmin.token })).status).to.equal(404);
    const wrong = done.path.replace(/[0-9a-f]{48}$/, '0'.repeat(48));
    expect((await fetch(`${url}/api/${wrong}`)).status).to.equal(404);
    const listed = ok(await api.get('OutBox/ExcelRequests', { token: tree.subAdmin.token })) as any[];
    expect(listed.map((r) => r.id)).to.include(request.id);
    expect(ok(await api.get('OutBox/ExcelRequests', { token: tree.orgAdmin.token })).map((r: any) => r.id)).to.not.include(request.id);
  });

  it('the daily sweep removes requests older than a week with their files', async () => {
    const request = ok(await api.post(`OutBox/ExportRecipients/${sendId}`, {}, { token: tree.subAdmin.token }));
    const done = await finished(request.id);
    const exporter = (await sharedServer()).peyk.container.get(OutboxExporter);
    expect(await exporter.sweep(new Date(Date.now() + 6 * 86_400_000))).to.equal(0);
    expect((await fetch(`${url}/api/${done.path}`)).status).to.equal(200);
    expect(await exporter.sweep(new Date(Date.now() + 8 * 86_400_000))).to.be.greaterThan(0);
    expect((await api.get(`OutBox/ExcelRequest/${request.id}`, { token: tree.subAdmin.token })).status).to.equal(404);
    expect((await fetch(`${url}/api/${done.path}`)).status).to.equal(404);
  });
});
