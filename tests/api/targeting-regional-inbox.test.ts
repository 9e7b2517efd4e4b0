import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import type { ApiClient } from '../support/api-client.js';
import { adminToken, sharedServer, unique, type Tree } from '../support/fixtures.js';
import { bad, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';
import { maskMobile } from '../../server/shared/sms/masked-numbers.js';
import { importBankRows } from '../support/number-bank.js';

/**
 * Issue 26: a reply from a receiver of a regional (hidden) send never shows the number to the
 * customer (inbound's CONTEXT.md "Hidden senders"): the inbox list, its search and its export.
 * And the sender agent's isSendBulkActive / sendBulkIsAutomatic (targeting's CONTEXT.md).
 */
describe('Targeting: replies from the receivers of a regional send are masked in the inbox; the sender agent\'s bulk flags', function () {
  this.timeout(180_000);
  let api: ApiClient;
  let base: string;
  let tree: Tree;
  let line: { lineId: number };
  let province: number;
  const tag = `rin${Date.now().toString(36)}`;
  const seed = 1_000_000 + Math.floor(Math.random() * 8_000_000);
  const local = (i: number) => `0912${String(seed + i).padStart(7, '0')}`;
  const full = (i: number) => `98${local(i).slice(1)}`;
  const numbers = [0, 1, 2].map(full);

  function expectNoNumber(what: string, answer: unknown) {
    const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
    for (const n of numbers) expect(text.includes(n.slice(-10)), `${what} reveals ${n}`).to.equal(false);
  }

  before(async () => {
    ({ api, tree } = await sendingTree());
    base = (await sharedServer()).url;
    const admin = await adminToken(api);
    // The simulator answers "echo …" texts with a reply from the receiver to the line.
    line = await simulatorLine(api, { inboundEcho: true }, { organizationId: tree.sub.id, isAutomaticBulk: true });
    const provinceName = unique('Regional inbox ');
    const rows = ['mobile,genderType,stateName,cityName,simType', ...[0, 1, 2].map((i) => `${local(i)},Woman,${provinceName},City,Credits`)];
    await importBankRows(api, admin, rows, 'regional-inbox.csv');
    province = (ok(await api.get('Zones/GetTree', { token: admin })).items as any[]).find((z) => z.name === provinceName).id;
  });

  it('a reply from a picked number arrives masked in the list, cannot be found by number, and is masked in the export', async () => {
    const created = ok(await api.post('ScheduledMessages/CreateRegionalScheduledMessage', {
      senderNumberId: line.lineId, smsBody: `echo ${tag} reply`, simType: 'All', zoneIds: [province], count: 3, sendId: randomUUID(),
    }, { token: tree.subAdmin.token, culture: 'en-US' }));
    expect(created).to.include({ isHiddenReceivers: true, recipientCount: 3 });
    await waitForSend(api, tree.subAdmin.token, created.id);
    const deadline = Date.now() + 30_000;
    let replies: any[] = [];
    for (;;) {
      replies = (ok(await api.get('Inbox/GetAll?pageSize=100', { token: tree.subAdmin.token })).items as any[]).filter((m) => m.smsText === `${tag} reply`);
      if (replies.length === 3 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(replies.map((m) => m.senderMobile).sort()).to.deep.equal(numbers.map(maskMobile).sort());
    expectNoNumber('the inbox', replies);
    // The parent organization's administrator sees the same masked messages.
    expectNoNumber('the parent inbox', (ok(await api.get('Inbox/GetAll?pageSize=100', { token: tree.orgAdmin.token })).items as any[]).filter((m) => m.smsText === `${tag} reply`));
    // A search by number never probes who replied.
    expect(ok(await api.get(`Inbox/GetAll?search=${numbers[0].slice(-10)}`, { token: tree.subAdmin.token })).items).to.deep.equal([]);

    const request = ok(await api.post('Inbox/Export', { smsText: tag }, { token: tree.subAdmin.token }));
    const until = Date.now() + 30_000;
    let done: any;
    for (;;) {
      done = ok(await api.get(`Inbox/ExcelRequest/${request.id}`, { token: tree.subAdmin.token }));
      if (done.status === 'Done' || done.status === 'Failed') break;
      if (Date.now() > until) throw new Error('export did not finish');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(done.status).to.equal('Done');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await fetch(`${base}/api/${done.path}`)).arrayBuffer());
    const cells: string[] = [];
    workbook.worksheets[0]?.eachRow((row) => row.eachCell((c) => { cells.push(String(c.value ?? '')); }));
    expect(cells.some((c) => c.includes('***')), 'the export has masked senders').to.equal(true);
    expectNoNumber('the inbox export', cells.join('\n'));
  });

  it("reads the sender agent's flags: isSendBulkActive off refuses, sendBulkIsAutomatic skips the confirmation", async () => {
    const body = { smsBody: `${tag} flags`, simType: 'All', zoneIds: [province], count: 1 };
    const off = await simulatorLine(api, {}, { organizationId: tree.sub.id, isAutomaticBulk: true }, { isSendBulkActive: false });
    const refused = bad(await api.post('ScheduledMessages/CreateRegionalScheduledMessage', { ...body, senderNumberId: off.lineId, sendId: randomUUID() }, { token: tree.subAdmin.token, culture: 'en-US' }), 400, 'senderNumberId');
    expect(refused.validationErrors![0].message).to.match(/isSendBulkActive/);
    const automatic = await simulatorLine(api, {}, { organizationId: tree.sub.id }, { sendBulkIsAutomatic: true });
    expect(ok(await api.post('ScheduledMessages/CreateRegionalScheduledMessage', { ...body, senderNumberId: automatic.lineId, sendId: randomUUID() }, { token: tree.subAdmin.token, culture: 'en-US' })))
      .to.include({ queueStatus: 'Ready', recipientCount: 1 });
    const manual = await simulatorLine(api, {}, { organizationId: tree.sub.id });
    const waiting = ok(await api.post('ScheduledMessages/CreateRegionalScheduledMessage', { ...body, senderNumberId: manual.lineId, sendId: randomUUID() }, { token: tree.subAdmin.token, culture: 'en-US' }));
    expect(waiting).to.include({ queueStatus: 'WatingForConfirm' });
  });
});
