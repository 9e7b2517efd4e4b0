import { existsSync } from 'node:fs';
import { expect } from 'chai';
import { io as connect, type Socket } from 'socket.io-client';
import type { ApiClient } from '../support/api-client.js';
import { createTree, sharedApi, sharedServer, unique, type Actor, type Tree } from '../support/fixtures.js';
import { bad, ok } from '../support/envelope.js';
import { readXlsx } from '../support/spreadsheets.js';
import { ContactExporter } from '../../server/modules/contacts/contact-export.worker.js';
import { ContactExportRepository } from '../../server/modules/contacts/contact-export.repository.js';
import { TYPES } from '../../server/platform/tokens.js';
import type { UnitOfWork } from '../../server/platform/unit-of-work.js';

const OWN = ['Cellphone', 'FirstName', 'LastName', 'Email', 'Job', 'Birthdate', 'Telephone', 'Address', 'PhonebookGroup'];
const OWN_KEYS = ['cellphone', 'firstName', 'lastName', 'email', 'job', 'birthdate', 'telephone', 'address', 'phonebookGroup'];

/** RFC 4180 records of a CSV text (quotes, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; }
    else cell += c;
  }
  if (cell !== '' || row.length > 0) { row.push(cell); rows.push(row); }
  return rows;
}

/** ContactExports/*: a phonebook's contacts to xlsx or CSV, as a queued job with progress pushes and a keyed link. */
describe('Contacts: export to xlsx and CSV (ContactExports)', function () {
  this.timeout(180_000);
  let api: ApiClient;
  let base: string;
  let tree: Tree;
  let socket: Socket;
  const pushed: any[] = [];
  let fields: Record<'city' | 'points' | 'vip' | 'joined' | 'score', any>;
  let book: any;
  let contacts: any[];

  const create = (who: Actor, body: Record<string, unknown>, culture?: string) => api.post('ContactExports/Create', body, { token: who.token, culture });
  const list = async (who: Actor, phonebookId: number, query = '') =>
    ok(await api.get(`Contacts/GetAll?phonebookId=${phonebookId}&pageSize=500${query}`, { token: who.token })).items as any[];

  async function finished(who: Actor, id: number): Promise<any> {
    const until = Date.now() + 60_000;
    for (;;) {
      const row = ok(await api.get(`ContactExports/Get/${id}`, { token: who.token }));
      if (row.status === 'Done' || row.status === 'Failed') return row;
      if (Date.now() > until) throw new Error(`export ${id} still ${row.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function exported(who: Actor, body: Record<string, unknown>): Promise<{ row: any; res: Response }> {
    const row = await finished(who, ok(await create(who, body)).id);
    expect(row.status, JSON.stringify(row)).to.equal('Done');
    const res = await fetch(`${base}/api/${row.path}`);
    expect(res.status).to.equal(200);
    return { row, res };
  }

  async function xlsxRows(who: Actor, body: Record<string, unknown>) {
    const { row, res } = await exported(who, { ...body, format: 'xlsx' });
    expect(res.headers.get('content-type')).to.match(/spreadsheetml/);
    return { row, rows: await readXlsx(Buffer.from(await res.arrayBuffer())) };
  }

  function socketOf(who: Actor): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const s = connect(base, { auth: { token: who.token }, transports: ['websocket'], reconnection: false });
      s.once('connect', () => resolve(s));
      s.once('connect_error', (err) => { s.close(); reject(err); });
    });
  }

  /** A plain user of the sub-organization with the Phonebook claim and these user flags. */
  const plainUser = async (flags: Record<string, boolean>): Promise<Actor> => {
    const role = ok(await api.post('Roles/Create', { title: unique('Export '), claims: ['Phonebook.Manage'], organizationId: tree.sub.id }, { token: tree.subAdmin.token }));
    ok(await api.post('Roles/AssignToUser', { userId: tree.subUser.userId, roleId: role.id }, { token: tree.subAdmin.token }));
    ok(await api.post('Users/Update', { id: tree.subUser.userId, isCanSeeContactsOfPublicPhonebooks: false, isCanSeeContactsOfPrivatePhonebooks: false, ...flags }, { token: tree.subAdmin.token }));
    return tree.subUser;
  };

  /** The cells an exported contact should have, as a reader with numbers shown sees it. */
  const expectedCells = (c: any) => [
    ...OWN_KEYS.map((k) => c[k] ?? null),
    c.fields[fields.city.id] ?? null, c.fields[fields.points.id] ?? null, c.fields[fields.vip.id] ?? null,
    c.fields[fields.joined.id] ?? null, c.fields[fields.score.id] ?? null, c.createType,
  ];

  before(async () => {
    api = await sharedApi();
    base = (await sharedServer()).url;
    tree = await createTree(api);
    const who = tree.subAdmin;
    const field = async (type: string, nameEn: string, nameFa: string) => ok(await api.post('CustomFields/Create', { type, nameEn, nameFa }, { token: who.token }));
    fields = {
      city: await field('String', 'city', 'شهر'), points: await field('Integer', 'points', 'امتیاز'), vip: await field('Boolean', 'vip', 'ویژه'),
      joined: await field('Datetime', 'joined', 'عضویت'), score: await field('Float', 'score', 'نمره'),
    };
    book = ok(await api.post('Phonebooks/Create', { title: unique('Export '), isPublic: true, isShowNumber: false }, { token: who.token }));
    const add = async (body: Record<string, unknown>) => ok(await api.post('Contacts/Create', { phonebookId: book.id, ...body }, { token: who.token }));
    await add({
      cellphone: '09121234567', firstName: 'سارا', lastName: 'احمدی', email: 'sara@example.com', job: 'مهندس', birthdate: '1990-03-21', telephone: '02188776655',
      address: 'تهران، خیابان "ولیعصر", پلاک ۱۲', phonebookGroup: 'VIP',
      // 2024-03-20T20:30Z is 00:00 of 1 Farvardin 1403 in Tehran (a day, as the panel stores it); 20:31 is a time.
      fields: { [fields.city.id]: 'تهران', [fields.points.id]: 12, [fields.vip.id]: true, [fields.joined.id]: '2024-03-20T20:30:00Z', [fields.score.id]: 3.5 },
    });
    await add({ cellphone: '09351112233', firstName: 'Ali', lastName: 'Rezaei', fields: { [fields.vip.id]: false, [fields.joined.id]: '2024-03-20T20:31:05Z', [fields.points.id]: -4 } });
    await add({ cellphone: '09011112222' });
    for (let i = 0; i < 40; i++) await add({ cellphone: `0912000${String(i).padStart(4, '0')}`, firstName: `Bulk${i}`, fields: { [fields.city.id]: i % 2 ? 'Shiraz' : 'Tabriz' } });
    // Text a spreadsheet would run as a formula.
    await add({ cellphone: '09129998877', firstName: '=HYPERLINK("http://x")', job: '+cmd', address: '-2+3', phonebookGroup: '@SUM(A1)', fields: { [fields.city.id]: '=1+1' } });
    contacts = await list(who, book.id);
    socket = await socketOf(who);
    socket.on('contact-export', (p: unknown) => pushed.push(p));
  });

  after(() => socket?.close());

  it('exports every contact to xlsx: titles the import reads, each field and custom field by type, readable Tehran dates, formula-like text escaped, progress pushed', async () => {
    const { row, rows } = await xlsxRows(tree.subAdmin, { phonebookId: book.id, selectAll: true });
    expect(row).to.include({ phonebookId: book.id, format: 'xlsx', status: 'Done', progressPercent: 100, rowCount: contacts.length, totalCount: contacts.length, numbersHidden: false });
    expect(rows[0]).to.deep.equal([...OWN, 'city', 'points', 'vip', 'joined', 'score', 'CreateType']);
    const body = rows.slice(1).map((r) => Array.from({ length: 15 }, (_, i) => r[i] ?? null));
    expect(body.map((r) => r[0])).to.deep.equal(contacts.map((c) => c.cellphone));

    const byNumber = new Map(body.map((r) => [r[0], r]));
    const sara = contacts.find((c) => c.cellphone === '989121234567');
    expect(byNumber.get('989121234567')).to.deep.equal([
      '989121234567', 'سارا', 'احمدی', 'sara@example.com', 'مهندس', '1990-03-21', '02188776655', 'تهران، خیابان "ولیعصر", پلاک ۱۲', 'VIP',
      'تهران', 12, true, '2024-03-21', 3.5, 'Manual',
    ]);
    expect(byNumber.get('989351112233')!.slice(9, 12)).to.deep.equal([null, -4, false]);
    expect(byNumber.get('989351112233')![12]).to.equal('2024-03-21 00:01:05');
    expect(byNumber.get('989129998877')).to.deep.equal([
      '989129998877', '\'=HYPERLINK("http://x")', null, null, "'+cmd", null, null, "'-2+3", "'@SUM(A1)", "'=1+1", null, null, null, null, 'Manual',
    ]);
    // Every other contact, field by field, as the list shows it.
    for (const c of contacts.filter((x) => ![sara.id].includes(x.id) && x.cellphone !== '989129998877' && x.cellphone !== '989351112233')) {
      expect(byNumber.get(c.cellphone), c.cellphone).to.deep.equal(expectedCells(c));
    }

    const audits = ok(await api.get('Audits/GetAll?pageSize=100&className=Contact&operationType=Export', { token: tree.subAdmin.token })).items as any[];
    expect(audits.find((a) => a.newData?.exportId === row.id)).to.deep.include({ referenceId: String(book.id) });

    await new Promise((r) => setTimeout(r, 300));
    const mine = pushed.filter((p) => p.id === row.id);
    expect(mine.map((p) => p.status)).to.include.members(['Running', 'Done']);
    expect(mine[mine.length - 1]).to.include({ status: 'Done', progressPercent: 100, rowCount: contacts.length });
    expect(mine[mine.length - 1].path).to.equal(row.path);
  });

  it('exports a search result or chosen ids to CSV: UTF-8 with a BOM, RFC 4180 quoting, the same rows as the list', async () => {
    const { row, res } = await exported(tree.subAdmin, { phonebookId: book.id, selectAll: true, search: 'Bulk1', format: 'csv' });
    expect(res.headers.get('content-type')).to.match(/^text\/csv/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    const records = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(records[0]).to.deep.equal([...OWN, 'city', 'points', 'vip', 'joined', 'score', 'CreateType']);
    const found = await list(tree.subAdmin, book.id, '&search=Bulk1');
    expect(records.slice(1).map((r) => [r[0], r[1], r[9]])).to.deep.equal(found.map((c) => [c.cellphone, c.firstName, c.fields[fields.city.id]]));
    expect(row).to.include({ rowCount: found.length, totalCount: found.length });

    const chosen = [contacts[0].id, contacts[contacts.length - 1].id];
    const picked = await exported(tree.subAdmin, { phonebookId: book.id, ids: chosen, format: 'csv' });
    const lines = parseCsv((await picked.res.text()).replace(/^\ufeff/, ''));
    expect(lines.slice(1).map((r) => r[0])).to.deep.equal(['989121234567', '989129998877']);
    expect(lines[1][7]).to.equal('تهران، خیابان "ولیعصر", پلاک ۱۲');
    expect(lines[1].slice(9, 14)).to.deep.equal(['تهران', '12', 'true', '2024-03-21', '3.5']);
    expect(lines[2].slice(1, 10)).to.deep.equal(['\'=HYPERLINK("http://x")', '', '', "'+cmd", '', '', "'-2+3", "'@SUM(A1)", "'=1+1"]);
  });

  it('the exported file re-imports through PhonebookFiles/Upload and Start with the suggested mapping into the same contacts', async () => {
    const who = tree.subAdmin;
    for (const format of ['xlsx', 'csv'] as const) {
      const { res } = await exported(who, { phonebookId: book.id, selectAll: true, format });
      const bytes = Buffer.from(await res.arrayBuffer());
      const target = ok(await api.post('Phonebooks/Create', { title: unique('Round trip ') }, { token: who.token }));
      const upload = await fetch(`${base}/api/PhonebookFiles/Upload?phonebookId=${target.id}&fileName=back.${format}`, {
        method: 'POST', headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/octet-stream' }, body: bytes,
      });
      const uploaded = ok({ status: upload.status, body: await upload.json() } as Parameters<typeof ok>[0]);
      // Every column is recognised by its title: the contact's own and each custom field.
      expect(uploaded.suggested.hasHeaderRow).to.equal(true);
      expect(uploaded.suggested.mapping).to.deep.equal(Object.fromEntries(OWN_KEYS.map((k, i) => [k, i])));
      expect(uploaded.suggested.fields).to.deep.equal({ [fields.city.id]: 9, [fields.points.id]: 10, [fields.vip.id]: 11, [fields.joined.id]: 12, [fields.score.id]: 13 });
      ok(await api.post('PhonebookFiles/Start', { id: uploaded.id, hasHeaderRow: true, mapping: uploaded.suggested.mapping, fields: uploaded.suggested.fields }, { token: who.token }));
      const until = Date.now() + 60_000;
      let done: any;
      for (;;) {
        done = ok(await api.get(`PhonebookFiles/Get/${uploaded.id}`, { token: who.token }));
        if (done.status === 'Completed' || done.status === 'Failed' || Date.now() > until) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(done, format).to.include({ status: 'Completed', addedCount: contacts.length, rejectedCount: 0 });
      const back = await list(who, target.id);
      const strip = (c: any) => ({ ...Object.fromEntries(OWN_KEYS.map((k) => [k, c[k]])), fields: c.fields });
      // The same contacts, except that text escaped against formulas keeps its apostrophe (a spreadsheet shows it so too).
      const escaped = (c: any) => c.cellphone === '989129998877'
        ? { ...c, firstName: `'${c.firstName}`, job: `'${c.job}`, address: `'${c.address}`, phonebookGroup: `'${c.phonebookGroup}`, fields: { [fields.city.id]: "'=1+1" } }
        : c;
      expect(back.map(strip), format).to.deep.equal(contacts.map(escaped).map(strip));
      expect(new Set(back.map((c) => c.createType))).to.deep.equal(new Set(['Import']));
    }
  });

  it('rights: a reader without the contacts flag is refused, hidden numbers are masked in the file, a number search refused; tenancy and the key hold', async () => {
    const user = await plainUser({});
    expect(bad(await create(user, { phonebookId: book.id, selectAll: true }), 403).message).to.equal('You are not allowed to see the contacts of this phonebook.');
    expect(bad(await create(user, { phonebookId: book.id, selectAll: true }, 'fa'), 403).message).to.equal('اجازه مشاهده مخاطبان این دفترچه را ندارید.');

    await plainUser({ isCanSeeContactsOfPublicPhonebooks: true });
    const { row, rows } = await xlsxRows(user, { phonebookId: book.id, selectAll: true });
    expect(row.numbersHidden).to.equal(true);
    const sara = rows.slice(1).find((r) => r[1] === 'سارا')!;
    expect([sara[0], sara[6]]).to.deep.equal(['98912***4567', '02188**6655']);
    expect(rows.slice(1).every((r) => /\*\*\*/.test(String(r[0])))).to.equal(true);
    const search = bad(await create(user, { phonebookId: book.id, selectAll: true, search: '0912123' }), 400, 'search');
    expect(search.validationErrors![0].message).to.equal('The numbers of this phonebook are hidden from you; search by name or by a field.');

    // Another tree: the phonebook does not exist for it; the export is its requester's only.
    expect(bad(await create(tree.otherAdmin, { phonebookId: book.id, selectAll: true }), 404).message).to.equal('Phonebook not found.');
    bad(await api.get(`ContactExports/Get/${row.id}`, { token: tree.subAdmin.token }), 404);
    expect((ok(await api.get(`ContactExports/GetAll?phonebookId=${book.id}`, { token: user.token })) as any[]).map((r) => r.id)).to.include(row.id);
    expect((ok(await api.get(`ContactExports/GetAll?phonebookId=${book.id}`, { token: tree.orgAdmin.token })) as any[]).map((r) => r.id)).to.not.include(row.id);
    expect((await fetch(`${base}/api/${row.path.replace(/[0-9a-f]{48}$/, '0'.repeat(48))}`)).status).to.equal(404);

    // The selection is Contacts/DeleteMany's: ids or selectAll, exactly one; a bad format is a 400 on its field.
    const both = bad(await create(tree.subAdmin, { phonebookId: book.id, selectAll: true, ids: [contacts[0].id] }, 'fa'), 400, 'ids');
    expect(both.validationErrors![0].message).to.equal('مخاطبان را انتخاب کنید (ids) یا همه موارد منطبق را (selectAll)، نه هر دو.');
    bad(await create(tree.subAdmin, { phonebookId: book.id }), 400, 'ids');
    bad(await create(tree.subAdmin, { phonebookId: book.id, selectAll: true, format: 'pdf' }), 400, 'format');
  });

  it('a large selection (25,000 contacts) is written in a worker thread: the same columns, every row, in id order, progress pushed', async () => {
    const who = tree.subAdmin;
    const big = ok(await api.post('Phonebooks/Create', { title: unique('Large ') }, { token: who.token }));
    const count = 25_000;
    let csv = 'mobile,firstName,city,points\r\n';
    for (let i = 0; i < count; i++) csv += `0913${String(i).padStart(7, '0')},نام${i},${i % 2 ? '=cmd' : 'Yazd'},${i}\r\n`;
    const upload = await fetch(`${base}/api/PhonebookFiles/Upload?phonebookId=${big.id}&fileName=big.csv`, {
      method: 'POST', headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/octet-stream' }, body: csv,
    });
    const uploaded = ok({ status: upload.status, body: await upload.json() } as Parameters<typeof ok>[0]);
    ok(await api.post('PhonebookFiles/Start', { id: uploaded.id, hasHeaderRow: true, mapping: { cellphone: 0, firstName: 1 }, fields: { [fields.city.id]: 2, [fields.points.id]: 3 } }, { token: who.token }));
    for (const until = Date.now() + 120_000; ;) {
      const file = ok(await api.get(`PhonebookFiles/Get/${uploaded.id}`, { token: who.token }));
      if (file.status === 'Completed') break;
      if (file.status === 'Failed' || Date.now() > until) throw new Error(JSON.stringify(file));
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const format of ['xlsx', 'csv'] as const) {
      const { row, res } = await exported(who, { phonebookId: big.id, selectAll: true, format });
      expect(row).to.include({ rowCount: count, totalCount: count });
      const bytes = Buffer.from(await res.arrayBuffer());
      const rows = format === 'xlsx' ? await readXlsx(bytes) : parseCsv(bytes.subarray(3).toString('utf8'));
      expect(rows, format).to.have.length(count + 1);
      expect(rows[0]).to.deep.equal([...OWN, 'city', 'points', 'vip', 'joined', 'score', 'CreateType']);
      const pick = (r: unknown[]) => [r[0], r[1], r[9], r[10], r[14]].map((v) => (v === undefined || v === '' ? null : String(v)));
      expect(pick(rows[1])).to.deep.equal(['989130000000', 'نام0', 'Yazd', '0', 'Import']);
      expect(pick(rows[count])).to.deep.equal(['989130024999', 'نام24999', "'=cmd", '24999', 'Import']);
      expect(rows.slice(1).every((r, i) => r[0] === `98913${String(i).padStart(7, '0')}`), format).to.equal(true);
      const mine = pushed.filter((p) => p.id === row.id);
      expect(mine.some((p) => p.status === 'Running' && p.progressPercent > 0 && p.progressPercent < 100), format).to.equal(true);
    }
  });

  it('rights are checked again when the job runs: a reader who lost the contacts flag since gets a Failed export and no file', async () => {
    const user = await plainUser({});
    const container = (await sharedServer()).peyk.container;
    // Requested while the flag was on (the row as Create writes it), run after it went off.
    const row = await container.get<UnitOfWork>(TYPES.UnitOfWork).run((tx) => container.get(ContactExportRepository).create(tx, {
      organizationId: tree.sub.id, userId: user.userId, phonebookId: book.id, format: 'xlsx', selection: { phonebookId: book.id, selectAll: true },
      downloadKey: 'ab'.repeat(24), numbersHidden: true, culture: 'en-US',
    }));
    await container.get(ContactExporter).run(row.id);
    const after = ok(await api.get(`ContactExports/Get/${row.id}`, { token: user.token }));
    expect(after).to.include({ status: 'Failed', failedReason: 'You are not allowed to see the contacts of this phonebook.', path: null, rowCount: 0 });
    expect((await fetch(`${base}/api/ContactExports/Download/${row.id}/${'ab'.repeat(24)}`)).status).to.equal(400);
  });

  it('a job delivered twice writes nothing the second time: the export is claimed by one run', async () => {
    const container = (await sharedServer()).peyk.container;
    const repo = container.get(ContactExportRepository);
    const row = await container.get<UnitOfWork>(TYPES.UnitOfWork).run((tx) => repo.create(tx, {
      organizationId: tree.sub.id, userId: tree.subAdmin.userId, phonebookId: book.id, format: 'xlsx', selection: { phonebookId: book.id, selectAll: true },
      downloadKey: 'ef'.repeat(24), numbersHidden: false, culture: 'en-US',
    }));
    // Another process took it first.
    expect(await repo.claim(row.id)).to.include({ status: 'Running' });
    expect(await repo.claim(row.id)).to.equal(null);
    const exporter = container.get(ContactExporter);
    await exporter.run(row.id);
    expect(ok(await api.get(`ContactExports/Get/${row.id}`, { token: tree.subAdmin.token }))).to.include({ status: 'Running', rowCount: 0, totalCount: null });
    expect(existsSync(exporter.filePath(row.id, 'xlsx'))).to.equal(false);
    expect(existsSync(`${exporter.filePath(row.id, 'xlsx')}.part`)).to.equal(false);
  });

  it('the hourly sweep fails exports left unfinished for an hour and removes exports older than a day with their files', async () => {
    const { row } = await exported(tree.subAdmin, { phonebookId: book.id, ids: [contacts[0].id] });
    const container = (await sharedServer()).peyk.container;
    const exporter = container.get(ContactExporter);
    // An export whose process died before it ran (never queued here).
    const lost = await container.get<UnitOfWork>(TYPES.UnitOfWork).run((tx) => container.get(ContactExportRepository).create(tx, {
      organizationId: tree.sub.id, userId: tree.subAdmin.userId, phonebookId: book.id, format: 'csv', selection: { phonebookId: book.id, selectAll: true },
      downloadKey: 'cd'.repeat(24), numbersHidden: false, culture: 'fa',
    }));
    await exporter.sweep(new Date(Date.now() + 30 * 60_000));
    expect(ok(await api.get(`ContactExports/Get/${lost.id}`, { token: tree.subAdmin.token })).status).to.equal('Waiting');
    await exporter.sweep(new Date(Date.now() + 23 * 3_600_000));
    expect(ok(await api.get(`ContactExports/Get/${lost.id}`, { token: tree.subAdmin.token }))).to.include({ status: 'Failed', failedReason: 'تهیه فایل خروجی با خطا متوقف شد؛ دوباره درخواست دهید.' });
    expect(ok(await api.get(`ContactExports/Get/${row.id}`, { token: tree.subAdmin.token })).status).to.equal('Done');
    expect((await fetch(`${base}/api/${row.path}`)).status).to.equal(200);
    expect(await exporter.sweep(new Date(Date.now() + 25 * 3_600_000))).to.be.greaterThan(0);
    bad(await api.get(`ContactExports/Get/${row.id}`, { token: tree.subAdmin.token }), 404);
    expect((await fetch(`${base}/api/${row.path}`)).status).to.equal(404);
  });
});
