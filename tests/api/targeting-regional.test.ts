import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import type { ApiClient } from '../support/api-client.js';
import { adminToken, sharedServer, unique, type Tree } from '../support/fixtures.js';
import { available, bad, expectLedgerClean, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';
import { RegionalSendService } from '../../server/modules/targeting/index.js';
import { SelectionLoader } from '../../server/modules/messaging/index.js';
import { maskMobile } from '../../server/shared/sms/masked-numbers.js';
import { importBankRows } from '../support/number-bank.js';

/**
 * Issue 26, regional sends (server/modules/targeting/CONTEXT.md "Regional sends"): receivers picked
 * from the number bank by filters, priced and held as any send, never shown whole on any path.
 */
describe('Targeting: regional sends (CreateRegionalScheduledMessage)', function () {
  this.timeout(180_000);
  let api: ApiClient;
  let base: string;
  let tree: Tree;
  let admin: string;
  let line: { lineId: number };
  let plain: { lineId: number };
  let province: number;
  let otherProvince: number;
  const tag = `reg${Date.now().toString(36)}`;
  const seed = 1_000_000 + Math.floor(Math.random() * 8_000_000);
  const local = (i: number, prefix = '0912') => `${prefix}${String(seed + i).padStart(7, '0')}`;
  const full = (i: number, prefix = '0912') => `98${local(i, prefix).slice(1)}`;
  const provinceName = unique('Regional province ');
  const otherName = unique('Regional other ');
  // MCI women of the province: 0..9 reachable, 20 reachable but on the customer's blacklist; 21, 22 blacklisted in the bank.
  const mciWomen = [...Array.from({ length: 10 }, (_, i) => full(i)), full(20)];
  const irancellMen = Array.from({ length: 6 }, (_, i) => full(10 + i, '0935'));
  const everyNumber = [...mciWomen, ...irancellMen, full(21), full(22), ...Array.from({ length: 5 }, (_, i) => full(30 + i))];

  const send = (body: Record<string, unknown>, token = tree.subAdmin.token) => api.post('ScheduledMessages/CreateRegionalScheduledMessage', {
    senderNumberId: line.lineId, smsBody: `${tag} hello`, simType: 'All', sendId: randomUUID(), ...body,
  }, { token, culture: 'en-US' });
  const preview = (body: Record<string, unknown>) => api.post('ScheduledMessages/GetRegionalScheduledMessageCalculations', {
    senderNumberId: line.lineId, smsBody: `${tag} hello`, simType: 'All', ...body,
  }, { token: tree.subAdmin.token, culture: 'en-US' });

  /** No answer may carry a whole number of the bank, in any of its forms. */
  function expectNoNumber(what: string, answer: unknown) {
    const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
    for (const n of everyNumber) {
      expect(text.includes(n.slice(-10)), `${what} reveals ${n}`).to.equal(false);
    }
  }

  before(async () => {
    let l: { lineId: number };
    ({ api, tree, line: l } = await sendingTree());
    plain = l;
    base = (await sharedServer()).url;
    admin = await adminToken(api);
    line = await simulatorLine(api, {}, { isSendGender: true, isSendGroup: true, isAutomaticBulk: true, isAutomaticGroup: true });
    const rows = ['mobile,genderType,stateName,cityName,guildName,zipCode,isBlackList,isBlackListLocal,simType'];
    for (let i = 0; i < 10; i++) rows.push(`${local(i)},Woman,${provinceName},City A,${i < 4 ? 'Bakery' : ''},11${String(i).padStart(8, '0')},false,false,Credits`);
    for (let i = 10; i < 16; i++) rows.push(`${local(i, '0935')},Man,${provinceName},City B,,22${String(i).padStart(8, '0')},false,false,Permanent`);
    rows.push(`${local(20)},Woman,${provinceName},City A,,,false,false,Credits`);
    rows.push(`${local(21)},Woman,${provinceName},City A,,,true,false,Credits`);
    rows.push(`${local(22)},Woman,${provinceName},City A,,,false,true,Credits`);
    for (let i = 30; i < 35; i++) rows.push(`${local(i)},Woman,${otherName},,,,false,false,Credits`);
    await importBankRows(api, admin, rows, 'regional.csv');
    const zones = ok(await api.get('Zones/GetTree', { token: admin })).items as any[];
    province = zones.find((z) => z.name === provinceName).id;
    otherProvince = zones.find((z) => z.name === otherName).id;
    // The customer's own blacklist: a regional receiver on it is never sent.
    ok(await api.post('BlackLists/Create', { mobile: local(20) }, { token: tree.subAdmin.token }));
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it("answers the spec's rules on their fields: a state, a SIM type, a count or a percentage, an empty region, 'SMS count bigger than total'", async () => {
    const noZone = bad(await send({ zoneIds: [], count: 1 }), 400);
    expect(noZone.validationErrors!.map((e: any) => e.propertyName)).to.deep.equal(['zoneIds']);
    expect(noZone.validationErrors![0].message).to.match(/at least a state/i);
    const noSim = bad(await send({ zoneIds: [province], simType: undefined, count: 1 }), 400);
    expect(noSim.validationErrors![0]).to.include({ propertyName: 'simType' });
    expect(noSim.validationErrors![0].message).to.match(/at least a SIM type/i);
    expect(bad(await send({ zoneIds: [province], count: 1, percentage: 10 }), 400).validationErrors![0]).to.include({ propertyName: 'count' });
    const empty = bad(await send({ zoneIds: [province], zipCodePrefix: '99999', count: 1 }), 400);
    expect(empty.validationErrors![0]).to.include({ propertyName: 'zoneIds' });
    expect(empty.validationErrors![0].message).to.match(/empty region/i);
    const tooMany = bad(await send({ zoneIds: [province], mobileOperators: ['MCI'], genderType: 'Woman', count: 12 }), 400);
    expect(tooMany.validationErrors![0]).to.include({ propertyName: 'count' });
    expect(tooMany.validationErrors![0].message).to.match(/SMS count bigger than total/);
    expect(tooMany.validationErrors![0].message).to.contain('11');
  });

  it("enforces the line's flags: gender needs isSendGender, a guild isSendGroup; without isAutomaticBulk the send waits for confirmation", async () => {
    const gender = bad(await send({ senderNumberId: plain.lineId, zoneIds: [province], genderType: 'Woman', count: 1 }), 400);
    expect(gender.validationErrors![0]).to.include({ propertyName: 'genderType' });
    const guild = bad(await send({ senderNumberId: plain.lineId, zoneIds: [province], guildName: 'Bakery', count: 1 }), 400);
    expect(guild.validationErrors![0]).to.include({ propertyName: 'guildName' });
    const waiting = ok(await send({ senderNumberId: plain.lineId, zoneIds: [province], mobileOperators: ['Irancell'], count: 1 }));
    expect(waiting).to.include({ queueStatus: 'WatingForConfirm', isHiddenReceivers: true, recipientCount: 1 });
    ok(await api.post('SendQueue/Reject', { id: waiting.id, reason: 'test' }, { token: admin }));
  });

  it('picks only matching reachable numbers (bank blacklist left out, the customer blacklist never sent), priced and held exactly, masked everywhere', async () => {
    const shown = ok(await preview({ zoneIds: [province], mobileOperators: ['MCI'], genderType: 'Woman', count: 11 }));
    expect(shown.available).to.deep.equal({ mciCount: 11, mtnCount: 0, rightelCount: 0, otherCount: 0, totalCount: 11 });
    expect(shown).to.include({ requestedCount: 11, recipientCount: 10, blackListCount: 1, mciCount: 10 });
    expectNoNumber('the preview', shown);

    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const created = ok(await send({ zoneIds: [province], mobileOperators: ['MCI'], genderType: 'Woman', count: 11, grayListExpireHour: 0 }));
    expect(created).to.include({ isHiddenReceivers: true, recipientCount: 10, blackListCount: 1, mciCount: 10, queueStatus: 'Ready' });
    expect(created.totalPrice).to.equal(shown.totalPrice);
    const during = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(during.held - before.held, 'held = priced').to.equal(BigInt(created.totalPrice));
    expectNoNumber('the create', created);

    const done = await waitForSend(api, tree.subAdmin.token, created.id);
    expectNoNumber('the outbox send', done);
    const receivers = ok(await api.get(`OutBox/GetRecipients?id=${created.id}&pageSize=100`, { token: tree.subAdmin.token })).items as any[];
    expectNoNumber('the receivers list', receivers);
    expect(receivers.map((r) => r.toNumber).sort()).to.deep.equal(mciWomen.map(maskMobile).sort());
    const blocked = receivers.filter((r) => r.deliveryStatus === 'BlackList');
    expect(blocked.map((r) => r.toNumber)).to.deep.equal([maskMobile(full(20))]);
    for (const r of receivers) expectNoNumber(`the delivery report of ${r.seq}`, ok(await api.get(`OutBox/GetDeliveryReport?id=${created.id}&seq=${r.seq}`, { token: tree.subAdmin.token })));
    // A search by number never probes a hidden send: refused on its receivers, no hit in the advanced search.
    expect(bad(await api.get(`OutBox/GetRecipients?id=${created.id}&toNumber=${local(0)}`, { token: tree.subAdmin.token }), 400).validationErrors![0]).to.include({ propertyName: 'toNumber' });
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const probe = ok(await api.post('OutBox/AdvancedSearch', { fromDate: from, toDate: to, toNumber: local(0) }, { token: tree.subAdmin.token }));
    expect(probe.items.filter((r: any) => r.sendId === created.id)).to.deep.equal([]);
    const searched = ok(await api.post('OutBox/AdvancedSearch', { fromDate: from, toDate: to, smsText: tag, pageSize: 500 }, { token: tree.subAdmin.token }));
    expect(searched.items.filter((r: any) => r.sendId === created.id)).to.have.length(11);
    expectNoNumber('the advanced search', searched);

    // Exports: the send's receivers and the search, as files.
    for (const [path, body] of [[`OutBox/ExportRecipients/${created.id}`, {}], ['OutBox/ExportSearch', { fromDate: from, toDate: to, smsText: tag }]] as const) {
      const request = ok(await api.post(path, body, { token: tree.subAdmin.token }));
      const deadline = Date.now() + 30_000;
      let doneExport: any;
      for (;;) {
        doneExport = ok(await api.get(`OutBox/ExcelRequest/${request.id}`, { token: tree.subAdmin.token }));
        if (doneExport.status === 'Done' || doneExport.status === 'Failed') break;
        if (Date.now() > deadline) throw new Error('export did not finish');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(doneExport.status).to.equal('Done');
      const file = await fetch(`${base}/api/${doneExport.path}`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await file.arrayBuffer());
      const cells: string[] = [];
      workbook.getWorksheet('Sheet1')?.eachRow((row) => row.eachCell((c) => { cells.push(String(c.value ?? '')); }));
      expect(cells.some((c) => c.includes('***')), `${path} has masked numbers`).to.equal(true);
      expectNoNumber(path, cells.join('\n'));
    }

    // A resend is allowed and stays hidden.
    const resent = ok(await api.post('OutBox/ResendByDeliveryStatus', { id: created.id, deliveryStatuses: ['SentAndReceivedbyPhone'], senderNumberId: line.lineId }, { token: tree.subAdmin.token }));
    expect(resent).to.include({ isHiddenReceivers: true, recipientCount: 10 });
    await waitForSend(api, tree.subAdmin.token, resent.id);
    const resentReceivers = ok(await api.get(`OutBox/GetRecipients?id=${resent.id}&pageSize=100`, { token: tree.subAdmin.token })).items;
    expect(resentReceivers).to.have.length(10);
    expectNoNumber('the resend', resentReceivers);

    // The outbox search by the regional filters finds it.
    const byZone = ok(await api.post('OutBox/AdvancedSearch', { fromDate: from, toDate: to, smsText: tag, zone: province, pageSize: 500 }, { token: tree.subAdmin.token }));
    expect(new Set(byZone.items.map((r: any) => r.sendId)).has(created.id)).to.equal(true);
    const byOtherZone = ok(await api.post('OutBox/AdvancedSearch', { fromDate: from, toDate: to, smsText: tag, zone: otherProvince, pageSize: 500 }, { token: tree.subAdmin.token }));
    expect(byOtherZone.items).to.deep.equal([]);
  });

  it('takes a percentage of the available numbers; filters by guild and postal prefix', async () => {
    const half = ok(await send({ zoneIds: [province], mobileOperators: ['Irancell'], percentage: 50 }));
    expect(half).to.include({ recipientCount: 3, mtnCount: 3, isHiddenReceivers: true });
    const bakery = ok(await send({ zoneIds: [province], guildName: 'Bakery', count: 4 }));
    expect(bakery).to.include({ recipientCount: 4 });
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    await waitForSend(api, tree.subAdmin.token, bakery.id);
    const byGuild = ok(await api.post('OutBox/AdvancedSearch', { fromDate: from, toDate: to, smsText: tag, guild: 'Bakery', pageSize: 500 }, { token: tree.subAdmin.token }));
    expect([...new Set(byGuild.items.map((r: any) => r.sendId))]).to.deep.equal([bakery.id]);
    const byZip = ok(await api.post('OutBox/AdvancedSearch', { fromDate: from, toDate: to, smsText: tag, zipCode: '1100000003', pageSize: 500 }, { token: tree.subAdmin.token }));
    expect(byZip.items).to.deep.equal([]);
    const zipSend = ok(await send({ zoneIds: [province], zipCodePrefix: '1100', count: 2 }));
    await waitForSend(api, tree.subAdmin.token, zipSend.id);
    const byZip2 = ok(await api.post('OutBox/AdvancedSearch', { fromDate: from, toDate: to, smsText: tag, zipCode: '1100000003', pageSize: 500 }, { token: tree.subAdmin.token }));
    expect([...new Set(byZip2.items.map((r: any) => r.sendId))]).to.deep.equal([zipSend.id]);
    await waitForSend(api, tree.subAdmin.token, half.id);
  });

  it("gray list: numbers a send took are not picked again for the organization until they expire; the sweep drops expired rows", async () => {
    const first = ok(await send({ zoneIds: [province], mobileOperators: ['Irancell'], count: 6, grayListExpireHour: 1 }));
    expect(first).to.include({ recipientCount: 6 });
    const again = bad(await send({ zoneIds: [province], mobileOperators: ['Irancell'], count: 1, grayListExpireHour: 1 }), 400);
    expect(again.validationErrors![0]).to.include({ propertyName: 'zoneIds' });
    // Without a gray list of its own the send may take them again; another organization is not affected.
    expect(ok(await send({ zoneIds: [province], mobileOperators: ['Irancell'], count: 6 }))).to.include({ recipientCount: 6 });
    expect(ok(await send({ zoneIds: [province], mobileOperators: ['Irancell'], count: 6, grayListExpireHour: 1 }, tree.orgAdmin.token))).to.include({ recipientCount: 6 });
    // An hour later they are free again, and the sweep removes the expired rows.
    const swept = await (await sharedServer()).peyk.container.get(RegionalSendService).sweepGrayList(new Date(Date.now() + 2 * 3_600_000));
    expect(swept).to.be.at.least(6);
    expect(ok(await send({ zoneIds: [province], mobileOperators: ['Irancell'], count: 6, grayListExpireHour: 1 }))).to.include({ recipientCount: 6 });
  });

  /** Waits until every send of the organization has ended, so its held credit moves only by what a test does. */
  async function quiet(): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const items = ok(await api.get('OutBox/GetAll?pageSize=100', { token: tree.subAdmin.token })).items as any[];
      if (items.every((x) => ['Completed', 'Failed', 'Rejected'].includes(x.queueStatus))) return;
      if (Date.now() > deadline) throw new Error('sends of the file did not end');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('a send without a gray list is held from its counts and loaded by the scheduler; a cancel before the load gives back all of it', async () => {
    await quiet();
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const later = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const created = ok(await send({ zoneIds: [province], mobileOperators: ['MCI'], genderType: 'Woman', count: 11, sendDateTime: later }));
    expect(created).to.include({ queueStatus: 'Stored', recipientCount: 10, blackListCount: 1, mciCount: 10 });
    const held = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(held.held - before.held).to.equal(BigInt(created.totalPrice));
    // Not loaded yet: no receiver row exists.
    expect(ok(await api.get(`OutBox/GetRecipients?id=${created.id}&pageSize=100`, { token: tree.subAdmin.token })).items).to.deep.equal([]);
    ok(await api.post(`OutBox/Cancel/${created.id}`, {}, { token: tree.subAdmin.token }));
    const ended = await waitForSend(api, tree.subAdmin.token, created.id);
    expect(ended).to.include({ canceledCount: 10, sentCount: 0 });
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(after.held, 'nothing held').to.equal(before.held);
    expect(after.balance, 'nothing charged').to.equal(before.balance);
    // A load that comes after the cancel finds nothing to load.
    const loader = (await sharedServer()).peyk.container.get(SelectionLoader);
    expect(await loader.load(created.id)).to.equal(null);
  });

  it('a load after the hold takes what the bank holds then: a number blacklisted meanwhile is not sent and its price is given back at once', async () => {
    await quiet();
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const later = new Date(Date.now() + 3 * 3_600_000).toISOString();
    // Every MCI woman of the province is picked (11 of 11): 10 sendable, local(20) on the customer's blacklist.
    const created = ok(await send({ zoneIds: [province], mobileOperators: ['MCI'], genderType: 'Woman', count: 11, sendDateTime: later }));
    expect(created).to.include({ recipientCount: 10, blackListCount: 1 });
    const perReceiver = BigInt(created.totalPrice) / 10n;
    const entry = ok(await api.post('BlackLists/Create', { mobile: local(3) }, { token: tree.subAdmin.token }));
    try {
      const loader = (await sharedServer()).peyk.container.get(SelectionLoader);
      const loaded = await loader.load(created.id);
      expect(loaded).to.include({ recipientCount: 9, blackListCount: 2, mciCount: 9, pendingCount: 9 });
      expect(await loader.load(created.id), 'a second load finds nothing').to.equal(null);
      const receivers = ok(await api.get(`OutBox/GetRecipients?id=${created.id}&pageSize=100`, { token: tree.subAdmin.token })).items as any[];
      expect(receivers).to.have.length(11);
      expect(receivers.filter((r) => r.deliveryStatus === 'BlackList').map((r) => r.toNumber).sort()).to.deep.equal([maskMobile(full(3)), maskMobile(full(20))].sort());
      const held = await available(api, tree.orgAdmin.token, tree.sub.id);
      expect(held.held - before.held, 'nine receivers held').to.equal(BigInt(created.totalPrice) - perReceiver);
      ok(await api.post(`OutBox/Cancel/${created.id}`, {}, { token: tree.subAdmin.token }));
      const ended = await waitForSend(api, tree.subAdmin.token, created.id);
      expect(ended).to.include({ canceledCount: 9, sentCount: 0 });
      const after = await available(api, tree.orgAdmin.token, tree.sub.id);
      expect(after.held).to.equal(before.held);
      expect(after.balance).to.equal(before.balance);
    } finally {
      ok(await api.delete(`BlackLists/Delete/${entry.id}`, { token: tree.subAdmin.token }));
    }
  });

  it('a load that finds every held receiver blacklisted meanwhile ends the send with all of it given back', async () => {
    await quiet();
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const later = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const created = ok(await send({ zoneIds: [province], mobileOperators: ['MCI'], genderType: 'Woman', count: 2, sendDateTime: later }));
    expect(created).to.include({ queueStatus: 'Stored' });
    const sendable = created.recipientCount as number;
    expect(sendable).to.be.within(1, 2);
    const entries = [];
    for (let i = 0; i < 10; i++) entries.push(ok(await api.post('BlackLists/Create', { mobile: local(i) }, { token: tree.subAdmin.token })));
    try {
      const loaded = await (await sharedServer()).peyk.container.get(SelectionLoader).load(created.id);
      expect(loaded).to.include({ recipientCount: 0, blackListCount: 2, queueStatus: 'Completed' });
      const ended = ok(await api.get(`OutBox/Get/${created.id}`, { token: tree.subAdmin.token }));
      expect(ended).to.include({ queueStatus: 'Completed', sentCount: 0 });
      const after = await available(api, tree.orgAdmin.token, tree.sub.id);
      expect(after.held, 'nothing held').to.equal(before.held);
      expect(after.balance, 'nothing charged').to.equal(before.balance);
    } finally {
      for (const e of entries) ok(await api.delete(`BlackLists/Delete/${e.id}`, { token: tree.subAdmin.token }));
    }
  });

  it('two sends of the same filters do not always take the same first numbers', async () => {
    const picks = new Set<string>();
    // 3 of 11 numbers that differ only in their last digits: four random seeds all took the same
    // three in about 1 run of 115 (simulated; seen once on the embedded database). Up to twenty
    // sends, stopping at the first different pick (usually the second), never did in 50,000.
    for (let i = 0; i < 20 && picks.size < 2; i++) {
      const s = ok(await send({ zoneIds: [province], mobileOperators: ['MCI'], genderType: 'Woman', count: 3 }));
      // Held from its pick's counts; the receivers are there once the scheduler loaded them.
      await waitForSend(api, tree.subAdmin.token, s.id, (x) => x.queueStatus !== 'Ready' && x.queueStatus !== 'Extracting');
      const rows = ok(await api.get(`OutBox/GetRecipients?id=${s.id}&pageSize=10`, { token: tree.subAdmin.token })).items as any[];
      picks.add(rows.map((r) => r.toNumber).sort().join(','));
    }
    expect(picks.size).to.be.greaterThan(1);
  });
});
