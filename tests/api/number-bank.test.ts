import { expect } from 'chai';
import sinon from 'sinon';
import { io as connect, type Socket } from 'socket.io-client';
import type { ApiClient } from '../support/api-client.js';
import { adminToken, createTree, sharedApi, sharedServer, unique, type Tree } from '../support/fixtures.js';
import { bad, ok } from '../support/envelope.js';
import { xlsxBuffer, type XlsxCell } from '../support/spreadsheets.js';
import { NumberBankRepository } from '../../server/modules/targeting/number-bank.repository.js';
import { BANK_BATCH } from '../../server/modules/targeting/number-bank.worker.js';

/** Issue 26, first slice: the number bank's import, zone counts, the customers' count and who may read numbers. */
describe('Targeting: the number bank (NumberBank, Zones)', function () {
  this.timeout(180_000);
  let api: ApiClient;
  let base: string;
  let tree: Tree;
  let admin: string;
  // A range of its own per run: the bank is one for the installation.
  const seed = 1_000_000 + Math.floor(Math.random() * 8_000_000);
  const mobile = (i: number, prefix = '0912') => `${prefix}${String(seed + i).padStart(7, '0')}`;
  const province = unique('Province ');
  const other = unique('Other province ');

  async function upload(token: string, bytes: Buffer, fileName: string, culture = 'en-US') {
    const res = await fetch(`${base}/api/NumberBank/Import?fileName=${encodeURIComponent(fileName)}&culture=${culture}`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, body: new Uint8Array(bytes),
    });
    return { status: res.status, body: await res.json() as any, headers: res.headers };
  }

  async function finished(id: number): Promise<any> {
    const until = Date.now() + 120_000;
    for (;;) {
      const row = ok(await api.get(`NumberBank/Import/${id}?culture=en-US`, { token: admin }));
      if (row.status === 'Completed' || row.status === 'Failed') return row;
      if (Date.now() > until) throw new Error(`import ${id} still ${row.status}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  function socketOf(token: string): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect(base, { auth: { token }, transports: ['websocket'], reconnection: false });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (err) => { socket.close(); reject(err); });
    });
  }

  const zones = async (token: string) => ok(await api.get('Zones/GetTree', { token })).items as any[];
  const zoneNamed = (all: any[], name: string, parentId?: number) => all.find((z) => z.name === name && (parentId === undefined || z.parentId === parentId));
  const count = async (token: string, body: Record<string, unknown>) => ok(await api.post('NumberBank/Count', body, { token }));

  before(async () => {
    api = await sharedApi();
    base = (await sharedServer()).url;
    tree = await createTree(api);
    admin = await adminToken(api);
  });

  it('a customer can neither import nor list the bank nor its imports (403)', async () => {
    for (const who of [tree.subUser, tree.subAdmin, tree.orgAdmin, tree.resellerAdmin]) {
      bad(await api.get('NumberBank/GetAll', { token: who.token }), 403);
      bad(await api.get('NumberBank/Imports', { token: who.token }), 403);
      bad(await api.get('NumberBank/Import/1', { token: who.token }), 403);
      const refused = await upload(who.token, Buffer.from('mobile,stateName\n09120000000,X\n'), 'x.csv');
      expect(refused.status).to.equal(403);
    }
  });

  it('imports a CSV (bad rows counted with reasons, zones created, counts per operator without the blacklisted), progress pushed live; the count answers only counts', async () => {
    const rows: string[] = ['mobile,genderType,stateName,cityName,areaName,guildName,subGuildName,zipCode,isBlackList,isBlackListLocal,mobileOperator,simType'];
    // 12 MCI women in the province's city A area 1, 6 Irancell men in city B, 3 Rightel with no city, 2 blacklisted MCI.
    for (let i = 0; i < 12; i++) rows.push(`${mobile(i)},Woman,${province},City A,Area 1,Bakery,Bread,11${String(i).padStart(8, '0')},false,false,,Credits`);
    for (let i = 12; i < 18; i++) rows.push(`${mobile(i, '0935')},Man,${province},City B,,Clothing,,22${String(i).padStart(8, '0')},false,false,,Permanent`);
    for (let i = 18; i < 21; i++) rows.push(`${mobile(i, '0921')},مرد,${province},,,,,,,,,`);
    rows.push(`${mobile(21)},Woman,${province},City A,Area 1,Bakery,,,true,false,,Credits`);
    rows.push(`${mobile(22)},Woman,${province},City A,,,,,false,true,,Credits`);
    // Bad rows: each with its reason.
    rows.push('abc,Woman,X,,,,,,,,,');
    rows.push(`${mobile(30)},Alien,${province},,,,,,,,,`);
    rows.push(`${mobile(31)},Man,,,,,,,,,,`);
    rows.push(`${mobile(32)},Man,${province},,,,,123,,,,`);
    rows.push(`${mobile(33)},Man,${province},,Area 9,,,,,,,`);
    const socket = await socketOf(admin);
    const events: any[] = [];
    try {
      const started = ok(await upload(admin, Buffer.from(`${rows.join('\r\n')}\r\n`, 'utf8'), 'bank.csv'));
      socket.on('number-bank-import-progress', (e: any) => { if (e.id === started.id) events.push(e); });
      expect(started).to.include({ fileName: 'bank.csv', format: 'csv' });
      const done = await finished(started.id);
      expect(done).to.include({ status: 'Completed', progressPercent: 100, processedCount: 28, addedCount: 23, updatedCount: 0, rejectedCount: 5 });
      expect(done.rejects.map((r: any) => [r.rowNumber, r.propertyName, r.reason])).to.deep.equal([
        [25, 'mobile', 'Not a valid Iranian mobile number.'],
        [26, 'genderType', 'The gender must be All, Man or Woman.'],
        [27, 'stateName', 'The province (state) is empty.'],
        [28, 'zipCode', 'The postal code must have 10 digits.'],
        [29, 'areaName', 'An area is given without its city.'],
      ]);
      const until = Date.now() + 5_000;
      while (!events.some((e) => e.status === 'Completed') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(events.at(-1)).to.include({ status: 'Completed', processedCount: 28 });
    } finally {
      socket.close();
    }

    const all = await zones(tree.subUser.token);
    const p = zoneNamed(all, province);
    expect(p).to.include({ zoneType: 'Province', mciCount: 12, mtnCount: 6, rightelCount: 3, otherCount: 0, totalCount: 21 });
    expect(zoneNamed(all, 'City A', p.id)).to.include({ zoneType: 'City', mciCount: 12, totalCount: 12 });
    expect(zoneNamed(all, 'City B', p.id)).to.include({ mtnCount: 6, totalCount: 6 });
    expect(zoneNamed(all, 'Area 1', zoneNamed(all, 'City A', p.id).id)).to.include({ zoneType: 'Area', mciCount: 12 });
    const country = all.find((z) => z.zoneType === 'Country');
    expect(country.totalCount).to.be.at.least(21);

    const customer = tree.subUser.token;
    expect(await count(customer, { zoneIds: [p.id] })).to.deep.equal({ mciCount: 12, mtnCount: 6, rightelCount: 3, otherCount: 0, totalCount: 21 });
    expect(await count(customer, { zoneIds: [p.id], genderType: 'Man' })).to.deep.equal({ mciCount: 0, mtnCount: 6, rightelCount: 3, otherCount: 0, totalCount: 9 });
    expect((await count(customer, { zoneIds: [p.id], mobileOperators: ['MCI'], genderType: 'Woman', simType: 'Credits' })).totalCount).to.equal(12);
    expect((await count(customer, { zoneIds: [zoneNamed(all, 'City B', p.id).id], simType: 'Permanent' })).mtnCount).to.equal(6);
    expect((await count(customer, { zoneIds: [p.id], zipCodePrefix: '11' })).totalCount).to.equal(12);
    expect((await count(customer, { zoneIds: [p.id], guildName: 'Clothing' })).totalCount).to.equal(6);
    const answer = await api.post('NumberBank/Count', { zoneIds: [p.id] }, { token: customer });
    expect(JSON.stringify(answer.body)).to.not.match(/9\d{9}/);
    bad(await api.post('NumberBank/Count', { zoneIds: [2147483647] }, { token: customer }), 400, 'zoneIds');
    bad(await api.post('NumberBank/Count', { genderType: 'Robot' }, { token: customer }), 400, 'genderType');
    bad(await api.post('NumberBank/Count', { zipCodePrefix: '12a' }, { token: customer }), 400, 'zipCodePrefix');

    const listed = ok(await api.get(`NumberBank/GetAll?mobile=${mobile(0)}`, { token: admin }));
    expect(listed.items).to.have.length(1);
    expect(listed.items[0]).to.include({ mobile: `98${mobile(0).slice(1)}`, genderType: 'Woman', stateName: province, cityName: 'City A', areaName: 'Area 1', mobileOperator: 'MCI', simType: 'Credits', guildName: 'Bakery' });
    expect(ok(await api.get(`NumberBank/GetAll?zoneId=${p.id}&pageSize=100`, { token: admin })).totalCount).to.equal(23);
    bad(await api.get('NumberBank/GetAll?mobile=12', { token: admin }), 400, 'mobile');
  });

  it('re-importing from xlsx updates existing numbers and recounts both the zones they left and the ones they joined', async () => {
    const header: XlsxCell[] = ['موبایل', 'جنسیت', 'استان', 'شهر', 'اپراتور', 'نوع سیم کارت'];
    const rows: XlsxCell[][] = [header];
    // Three of the province's MCI women move to the other province as men; two new numbers there; one bad row.
    for (let i = 0; i < 3; i++) rows.push([`+98${mobile(i).slice(1)}`, 'مرد', other, 'Town', 'MCI', 'دائمی']);
    rows.push([Number(mobile(40).slice(1)), 'زن', other, 'Town', '', '']);
    rows.push([mobile(41, '0935'), '', other, '', 'Irancell', 'Credits']);
    rows.push(['0912', '', other, '', '', '']);
    const started = ok(await upload(admin, await xlsxBuffer(rows), 'bank.xlsx', 'fa-IR'));
    expect(started.format).to.equal('xlsx');
    const done = await finished(started.id);
    expect(done).to.include({ status: 'Completed', processedCount: 6, addedCount: 2, updatedCount: 3, rejectedCount: 1 });

    const all = await zones(admin);
    const p = zoneNamed(all, province);
    const o = zoneNamed(all, other);
    expect(p).to.include({ mciCount: 9, mtnCount: 6, rightelCount: 3, totalCount: 18 });
    expect(zoneNamed(all, 'City A', p.id)).to.include({ mciCount: 9 });
    expect(o).to.include({ zoneType: 'Province', mciCount: 4, mtnCount: 1, totalCount: 5 });
    expect(await count(tree.subUser.token, { zoneIds: [o.id], genderType: 'Man' })).to.include({ mciCount: 3, totalCount: 3 });
    const moved = ok(await api.get(`NumberBank/GetAll?mobile=${mobile(1)}`, { token: admin })).items[0];
    expect(moved).to.include({ stateName: other, cityName: 'Town', areaName: null, genderType: 'Man', simType: 'Permanent' });
  });

  it('a file of several batches pushes progress as it goes; a file without a mobile column fails with its reason', async () => {
    const lines = ['mobile,stateName,cityName'];
    const N = 4_500;
    for (let i = 0; i < N; i++) lines.push(`${mobile(1000 + i, '0919')},${province},City ${i % 7}`);
    const socket = await socketOf(admin);
    const events: any[] = [];
    try {
      socket.on('number-bank-import-progress', (e: any) => events.push(e));
      const started = ok(await upload(admin, Buffer.from(lines.join('\n')), 'many.csv'));
      const done = await finished(started.id);
      expect(done).to.include({ status: 'Completed', processedCount: N, addedCount: N, rejectedCount: 0 });
      const until = Date.now() + 5_000;
      while (!events.some((e) => e.id === started.id && e.status === 'Completed') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const mine = events.filter((e) => e.id === started.id);
      expect(mine.length).to.be.at.least(2);
      expect(mine.map((e) => e.processedCount)).to.deep.equal([...mine.map((e) => e.processedCount)].sort((a, b) => a - b));
    } finally {
      socket.close();
    }
    expect(zoneNamed(await zones(admin), province).mciCount).to.equal(9 + N);

    const failed = await finished(ok(await upload(admin, Buffer.from('name,city\nAli,Tehran\n'), 'nomobile.csv')).id);
    expect(failed).to.include({ status: 'Failed', failedReason: 'The first row must hold the column titles, with a mobile column.' });
    bad(await upload(admin, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3, 4]), 'old.xls'), 400, 'file');
    bad(await upload(admin, Buffer.alloc(0), 'empty.csv'), 400, 'file');
  });
  it('a batch that fails mid-import is retried from the last committed batch: no number twice, counts exact', async () => {
    const retried = unique('Retried province ');
    const N = BANK_BATCH * 3 + 500;
    const lines = ['mobile,stateName'];
    for (let i = 0; i < N; i++) lines.push(`${mobile(20_000 + i, '0917')},${retried}`);
    const repo = (await sharedServer()).peyk.container.get(NumberBankRepository);
    const original = repo.upsert.bind(repo);
    const first = `98${mobile(20_000, '0917').slice(1)}`;
    const last = `98${mobile(20_000 + N - 1, '0917').slice(1)}`;
    let calls = 0;
    const stub = sinon.stub(repo, 'upsert').callsFake(async (...args: Parameters<typeof original>) => {
      const m = args[1][0]?.mobile;
      if (!m || m < first || m > last) return original(...args);
      calls += 1;
      if (calls === 3) throw new Error('the database went away');
      return original(...args);
    });
    try {
      const done = await finished(ok(await upload(admin, Buffer.from(lines.join('\n')), 'retry.csv')).id);
      expect(done).to.include({ status: 'Completed', processedCount: N, addedCount: N, updatedCount: 0, rejectedCount: 0 });
    } finally {
      stub.restore();
    }
    // Two batches, the third failing, then the third again and the fourth: nothing stored twice.
    expect(calls).to.equal(5);
    expect(zoneNamed(await zones(admin), retried)).to.include({ mciCount: N, totalCount: N });
  });
});
