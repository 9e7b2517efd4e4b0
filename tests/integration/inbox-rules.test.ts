import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { bad, ok, standaloneLine, standaloneSender } from '../support/sending.js';
import { InboxService } from '../../server/modules/inbound/index.js';
import { InboundActionsRepository } from '../../server/modules/inbound/inbound-actions.repository.js';
import { startTestSmtpServer } from '../../plugins/email/contract.fixture.js';

/**
 * Inbox groups and rules (issue 24): a rule files a new message into a group by line, sender or
 * keyword (first match by priority wins) and forwards it to a URL (the spec's GET with To, From and
 * Text, retried), an email (through an Email sender agent) or a mobile (a priced send from the same
 * line, never back to the organization's own lines); the inbox's search fields, mark unread, and
 * the Excel export. Messages are handed over as the simulator gateway does (`InboxService.receive`).
 */
describe('Inbox groups, rules, forwarding, search and export', function () {
  this.timeout(180_000);
  let server: TestServer;
  let api: ApiClient;
  let token: string;
  let admin: string;
  let organizationId: number;
  let line: { agentId: number; lineId: number };
  let line2: { agentId: number; lineId: number };
  let hook: http.Server;
  const hits: URL[] = [];
  let answers: number[] = [];
  let seq = 0;

  const receive = (agentId: number, to: string, from: string, text: string, at = new Date()) =>
    server.peyk.container.get(InboxService).receive(agentId, [{ from, to, text, at, providerId: `p-${++seq}` }]);
  const list = async (q: string) => ok(await api.get(`Inbox/GetAll?pageSize=100${q}`, { token }));
  const actionsOf = (ruleId: number) => server.peyk.container.get(InboundActionsRepository).bySourcePrefix(`inbox-rule:${ruleId}:`);
  async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (done(v)) return v;
      if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(v)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  before(async () => {
    server = await startTestServer({ inboundActions: { enabled: true, concurrency: 4, timeoutMs: 2000, retryBaseMs: 100, pollMs: 100 } });
    api = new ApiClient(server.url);
    const sender = await standaloneSender(api, 'Inbox rules');
    ({ admin, token, organizationId } = sender);
    line = await standaloneLine(api, admin, '30006601', { deliveryDelayMs: 10 }, { organizationId, isSendSingle: true });
    line2 = await standaloneLine(api, admin, '30006602', { deliveryDelayMs: 10 }, { organizationId, isSendSingle: true });
    hook = http.createServer((req, res) => {
      hits.push(new URL(req.url ?? '/', 'http://x'));
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  });

  after(async () => {
    hook?.close();
    await server?.stop();
  });

  it('files messages by line, sender and keyword (case and digits folded); the first matching rule by priority wins; the list filters by group', async () => {
    const sales = ok(await api.post('InboxGroups/Create', { name: 'Sales' }, { token }));
    const vip = ok(await api.post('InboxGroups/Create', { name: 'VIP' }, { token }));
    const second = ok(await api.post('InboxGroups/Create', { name: 'Second line' }, { token }));
    bad(await api.post('InboxGroups/Create', { name: 'sales' }, { token }), 400, 'name');
    // Priority 1 (tried first): a sender; priority 5: a keyword; priority 9: the second line.
    ok(await api.post('InboxRules/Create', { title: 'line 2', priority: 9, privateNumberId: line2.lineId, inboxGroupId: second.id }, { token }));
    ok(await api.post('InboxRules/Create', { title: 'buy', priority: 5, keyword: 'BUY 12', keywordType: 'StartsWith', inboxGroupId: sales.id }, { token }));
    ok(await api.post('InboxRules/Create', { title: 'boss', priority: 1, senderMobile: '09121110000', inboxGroupId: vip.id }, { token }));
    expect(ok(await api.get('InboxRules/GetAll', { token })).map((r: any) => r.title)).to.deep.equal(['boss', 'buy', 'line 2']);

    await receive(line.agentId, '30006601', '09125550001', 'buy ۱۲ apples');
    await receive(line.agentId, '30006601', '+989121110000', 'Buy 12 please');
    await receive(line2.agentId, '30006602', '09125550002', 'hello');
    await receive(line.agentId, '30006601', '09125550003', 'I will buy 12');
    const all = (await list('')).items;
    const bySender = (m: string) => all.find((x: any) => x.senderMobile === m);
    expect(bySender('989125550001')).to.include({ inboxGroupId: sales.id, inboxGroupName: 'Sales' });
    expect(bySender('989121110000')).to.include({ inboxGroupName: 'VIP' });
    expect(bySender('989125550002')).to.include({ inboxGroupName: 'Second line' });
    expect(bySender('989125550003')).to.include({ inboxGroupId: null, inboxGroupName: null });

    expect((await list(`&inboxGroupId=${sales.id}`)).items.map((m: any) => m.senderMobile)).to.deep.equal(['989125550001']);
    expect((await list('&inboxGroupId=0')).items.map((m: any) => m.senderMobile)).to.deep.equal(['989125550003']);
    expect(ok(await api.get('InboxGroups/GetAll', { token })).find((g: any) => g.id === vip.id)).to.include({ messageCount: 1 });

    // A group that goes leaves its messages ungrouped.
    ok(await api.delete(`InboxGroups/Delete/${vip.id}`, { token }));
    expect((await list('')).items.find((m: any) => m.senderMobile === '989121110000')).to.include({ inboxGroupId: null });
    for (const r of ok(await api.get('InboxRules/GetAll', { token }))) ok(await api.delete(`InboxRules/Delete/${r.id}`, { token }));
  });

  it('searches by receiver, sender, text and received range with the read state; marks unread and read again', async () => {
    const day = (d: string) => new Date(`2026-03-${d}T10:00:00Z`);
    await receive(line.agentId, '30006601', '09127770001', 'search alpha', day('01'));
    await receive(line2.agentId, '30006602', '09127770002', 'search beta', day('05'));
    await receive(line.agentId, '30006601', '09127770003', 'search gamma', day('09'));
    const senders = async (q: string) => (await list(`&smsText=search${q}`)).items.map((m: any) => m.senderMobile).sort();
    expect(await senders('')).to.have.length(3);
    expect(await senders('&receiverNumber=6602')).to.deep.equal(['989127770002']);
    expect(await senders('&senderMobile=70003')).to.deep.equal(['989127770003']);
    expect(await senders(`&fromDate=${day('02').toISOString()}&toDate=${day('09').toISOString()}`)).to.deep.equal(['989127770002']);
    bad(await api.get(`Inbox/GetAll?fromDate=${day('09').toISOString()}&toDate=${day('02').toISOString()}`, { token }), 400, 'toDate');

    const ids = (await list('&smsText=search')).items.map((m: any) => m.id);
    expect(ok(await api.post('Inbox/MarkAsRead', { ids }, { token })).updated).to.equal(3);
    expect(await senders('&isRead=false')).to.deep.equal([]);
    const unread = ok(await api.post('Inbox/MarkAsUnread', { ids: [ids[0]] }, { token }));
    expect(unread.updated).to.equal(1);
    expect((await list('&smsText=search&isRead=false')).items.map((m: any) => m.id)).to.deep.equal([ids[0]]);
    // The flag on MarkAsRead does the same; without it MarkAsRead still marks read.
    expect(ok(await api.post('Inbox/MarkAsRead', { ids: [ids[1]], isRead: false }, { token })).updated).to.equal(1);
    expect(ok(await api.post('Inbox/MarkAsRead', { ids: [ids[0], ids[1]] }, { token })).updated).to.equal(2);
  });

  it('forwards to a URL with To, From and Text: a 500 is retried and the 200 after it is Done; a private address is refused at save', async () => {
    bad(await api.post('InboxRules/Create', { title: 'private', keyword: 'x', forwardUrl: 'http://10.1.2.3/hook' }, { token }), 400, 'forwardUrl');
    bad(await api.post('InboxRules/Create', { title: 'ftp', keyword: 'x', forwardUrl: 'ftp://example.com/' }, { token }), 400, 'forwardUrl');

    const port = (hook.address() as AddressInfo).port;
    const rule = ok(await api.post('InboxRules/Create', { title: 'hook', keyword: 'order', forwardUrl: `http://127.0.0.1:${port}/in?k=1` }, { token }));
    answers = [500, 200];
    hits.length = 0;
    await receive(line.agentId, '30006601', '09128880001', 'Order ۵ سلام');
    const [done] = await until('the forward is done', () => actionsOf(rule.id), (a) => a[0]?.status === 'Done');
    expect(done).to.include({ kind: 'forward-url', attempts: 2 });
    expect(hits).to.have.length(2);
    const last = hits[1];
    expect(last.pathname).to.equal('/in');
    expect(Object.fromEntries(last.searchParams)).to.deep.equal({ k: '1', To: '30006601', From: '989128880001', Text: 'Order ۵ سلام' });
    ok(await api.delete(`InboxRules/Delete/${rule.id}`, { token }));
  });

  it('forwards to a mobile as a priced send from the same line; never a message from one of the organization\'s own lines', async () => {
    const rule = ok(await api.post('InboxRules/Create', { title: 'to me', keyword: 'fwd', forwardMobile: '09121239999' }, { token }));
    expect(rule.forwardMobile).to.equal('989121239999');
    await receive(line.agentId, '30006601', '09128880002', 'fwd this');
    const [action] = await until('the forward send', () => actionsOf(rule.id), (a) => a[0]?.status === 'Done');
    expect(action.kind).to.equal('reply');
    const sendId = Number(action.result?.scheduledMessageId);
    const send = await until('the send is priced', async () => ok(await api.get(`OutBox/Get/${sendId}`, { token })), (s: any) => s && s.id === sendId);
    expect(send.smsText ?? send.smsBody ?? '').to.contain('989128880002: fwd this');
    expect(send.senderNumber ?? send.senderNumberId).to.be.oneOf(['30006601', line.lineId]);
    expect(Number(send.sendPrice ?? send.price ?? 0)).to.be.greaterThan(0);

    // A message whose sender is one of the organization's own lines is filed but never forwarded.
    await receive(line2.agentId, '30006602', '30006601', 'fwd loop');
    await new Promise((r) => setTimeout(r, 500));
    expect((await actionsOf(rule.id)).length).to.equal(1);
    ok(await api.delete(`InboxRules/Delete/${rule.id}`, { token }));
  });

  it('forwards to an email only through an Email sender agent; without one the save is refused', async () => {
    bad(await api.post('InboxRules/Create', { title: 'mail', keyword: 'mail', forwardEmail: 'owner@example.com' }, { token }), 400, 'forwardEmail');
    // The email gateway plugin against a local SMTP server, as an operator configures it at the top.
    const smtp = await startTestSmtpServer();
    try {
      ok(await api.post('SenderAgents/Create', {
        title: 'Mail out', pluginName: 'email', type: 'Email', maxPerSecond: 100, isActive: true, isSendActive: true, isActiveAllTime: true,
        options: { host: '127.0.0.1', port: smtp.port, from: 'sms@peyk.test', toTemplate: '{to}@sms.peyk.test', timeoutMs: 5000 },
      }, { token: admin }));
      const rule = ok(await api.post('InboxRules/Create', { title: 'mail', keyword: 'mail', forwardEmail: 'owner@example.com' }, { token }));
      await receive(line.agentId, '30006601', '09128880003', 'mail me');
      const [action] = await until('the email forward', () => actionsOf(rule.id), (a) => a[0]?.status === 'Done');
      expect(action.kind).to.equal('forward-email');
      expect(smtp.received).to.have.length(1);
      expect(smtp.received[0].to).to.deep.equal(['owner@example.com']);
      expect(smtp.received[0].body).to.contain('mail me').and.contain('989128880003');
      ok(await api.delete(`InboxRules/Delete/${rule.id}`, { token }));
    } finally {
      await smtp.close();
    }
  });

  it('exports the filtered inbox to Excel as a background job and serves the file', async () => {
    const request = ok(await api.post('Inbox/Export', { smsText: 'search' }, { token }));
    expect(request).to.include({ type: 'InboxMessages' });
    const done = await until('the export', async () => ok(await api.get(`Inbox/ExcelRequest/${request.id}`, { token })), (r: any) => r.status === 'Done' || r.status === 'Failed');
    expect(done).to.include({ status: 'Done', rowCount: 3, progressPercent: 100 });
    const res = await fetch(`${server.url}/api/${done.path}`);
    expect(res.status).to.equal(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).to.include('SenderMobile').and.include('Encoding');
    const texts = [2, 3, 4].map((i) => String(sheet.getRow(i).getCell(4).value)).sort();
    expect(texts).to.deep.equal(['search alpha', 'search beta', 'search gamma']);
    expect(String(sheet.getRow(2).getCell(5).value)).to.equal('English');
    expect((await fetch(`${server.url}/api/Inbox/DownloadExcel/${request.id}/${'0'.repeat(48)}`)).status).to.equal(404);
  });
});
