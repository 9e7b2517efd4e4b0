import { request as httpRequest } from 'node:http';
import { expect } from 'chai';
import sinon from 'sinon';
import { io as connect, type Socket } from 'socket.io-client';
import type { ApiClient } from '../support/api-client.js';
import { createTree, sharedApi, sharedServer, unique, type Actor, type Tree } from '../support/fixtures.js';
import { bad, ok } from '../support/envelope.js';
import { brokenWorkbooks, readXlsx, xlsxBuffer, type XlsxCell } from '../support/spreadsheets.js';
import { ContactImportRepository } from '../../server/modules/contacts/contact-import.repository.js';
import { IMPORT_BATCH } from '../../server/modules/contacts/contact-import.batches.js';

const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';
const ARABIC = '٠١٢٣٤٥٦٧٨٩';
const persian = (s: string) => s.replace(/\d/g, (d) => PERSIAN[Number(d)]);
const arabic = (s: string) => s.replace(/\d/g, (d) => ARABIC[Number(d)]);

describe('Contacts: import from xlsx and CSV (PhonebookFiles)', function () {
  this.timeout(240_000);
  let api: ApiClient;
  let base: string;
  let tree: Tree;

  const phonebook = async (who: Actor) => ok(await api.post('Phonebooks/Create', { title: unique('Import ') }, { token: who.token }));
  const field = async (who: Actor, type: string, nameEn: string, nameFa: string) => ok(await api.post('CustomFields/Create', { type, nameEn, nameFa }, { token: who.token }));

  async function upload(who: Actor, phonebookId: number, bytes: Buffer, fileName: string, culture = 'en-US') {
    const res = await fetch(`${base}/api/PhonebookFiles/Upload?phonebookId=${phonebookId}&fileName=${encodeURIComponent(fileName)}&culture=${culture}`, {
      method: 'POST', headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/octet-stream' }, body: bytes,
    });
    return { status: res.status, body: await res.json() as any, headers: res.headers };
  }

  async function finished(who: Actor, id: number): Promise<any> {
    const until = Date.now() + 180_000;
    for (;;) {
      const file = ok(await api.get(`PhonebookFiles/Get/${id}`, { token: who.token }));
      if (file.status === 'Completed' || file.status === 'Failed') return file;
      if (Date.now() > until) throw new Error(`import ${id} still ${file.status} at ${file.progressPercent}%`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const contactByNumber = async (who: Actor, phonebookId: number, number: string) =>
    (ok(await api.get(`Contacts/GetAll?phonebookId=${phonebookId}&search=${number}`, { token: who.token })).items as any[])[0];

  function socketOf(who: Actor): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect(base, { auth: { token: who.token }, transports: ['websocket'], reconnection: false });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (err) => { socket.close(); reject(err); });
    });
  }

  before(async () => {
    api = await sharedApi();
    base = (await sharedServer()).url;
    tree = await createTree(api);
  });

  it('imports a 100,000-row xlsx: every number form, duplicates, existing numbers and bad rows counted, progress pushed live, a rejected-rows file in both languages', async () => {
    const who = tree.subAdmin;
    const fields = {
      city: await field(who, 'String', 'city', 'شهر'), score: await field(who, 'Integer', 'score', 'امتیاز'), vip: await field(who, 'Boolean', 'vip', 'ویژه'),
      joined: await field(who, 'Datetime', 'joined', 'عضویت'), ratio: await field(who, 'Float', 'ratio', 'نسبت'),
    };
    const book = await phonebook(who);
    ok(await api.post('Contacts/Create', { phonebookId: book.id, cellphone: '09350000001', firstName: 'Already' }, { token: who.token }));

    const local = (i: number) => `912${String(i).padStart(7, '0')}`;
    const mobileOf = (i: number): XlsxCell => {
      const n = local(i);
      switch (i % 7) {
        case 0: return `0${n}`;
        case 1: return `+98${n}`;
        case 2: return `98${n}`;
        case 3: return Number(n);
        case 4: return persian(`0${n}`);
        case 5: return `0098 ${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}`;
        default: return arabic(`+98 ${n}`);
      }
    };
    const ROWS = 100_000;
    function* rows(): Generator<XlsxCell[]> {
      yield ['mobile', 'firstName', 'lastName', 'email', 'city', 'score', 'vip', 'joined', 'ratio'];
      for (let i = 0; i < ROWS; i++) {
        const k = i % 1000;
        const row: XlsxCell[] = [mobileOf(i), `نام${i % 100}`, `Family ${i % 37}`, i % 10 === 0 ? `u${i}@example.com` : null, `City ${i % 50}`, i % 500, i % 2 === 0,
          new Date(Date.UTC(2024, 0, 1 + (i % 365))), (i % 100) / 4];
        if (k === 100) { row[0] = 'abc'; row[1] = '=HYPERLINK("http://x","y")'; }
        if (k === 200) row[0] = null;
        if (k === 300) row[5] = 'many';
        if (k === 400) row[0] = `+98${local(i - 1)}`;
        if (i === 50) row[0] = '0935 000 0001';
        yield row;
      }
    }
    const bytes = await xlsxBuffer(rows());

    const socket = await socketOf(who);
    const events: any[] = [];
    try {
      const uploaded = ok(await upload(who, book.id, bytes, 'customers.xlsx'));
      expect(uploaded).to.include({ status: 'Stored', format: 'xlsx', fileName: 'customers.xlsx', phonebookId: book.id, phonebookName: book.title, columnCount: 9 });
      expect(uploaded.preview[0]).to.deep.equal(['mobile', 'firstName', 'lastName', 'email', 'city', 'score', 'vip', 'joined', 'ratio']);
      expect(uploaded.preview[1].slice(0, 3)).to.deep.equal(['09120000000', 'نام0', 'Family 0']);
      expect(uploaded.suggested).to.deep.equal({
        hasHeaderRow: true, mapping: { cellphone: 0, firstName: 1, lastName: 2, email: 3 },
        fields: { [fields.city.id]: 4, [fields.score.id]: 5, [fields.vip.id]: 6, [fields.joined.id]: 7, [fields.ratio.id]: 8 },
      });
      socket.on('phonebook-file-progress', (e: any) => { if (e.id === uploaded.id) events.push(e); });
      const started = ok(await api.post('PhonebookFiles/Start', { id: uploaded.id, hasHeaderRow: true, mapping: uploaded.suggested.mapping, fields: uploaded.suggested.fields }, { token: who.token }));
      expect(started.status).to.equal('Waiting');
      bad(await api.post('PhonebookFiles/Start', { id: uploaded.id, mapping: { cellphone: 0 } }, { token: who.token }), 409);

      const done = await finished(who, uploaded.id);
      expect(done).to.include({
        status: 'Completed', progressPercent: 100, totalCount: ROWS, processedCount: ROWS,
        addedCount: ROWS - 300 - 100 - 1, rejectedCount: 300, duplicateCount: 100, existingCount: 1, updatedCount: 0,
      });
      expect((ok(await api.get(`Phonebooks/Get/${book.id}`, { token: who.token }))).contactsCount).to.equal(1 + ROWS - 401);
      const peyk = (await sharedServer()).peyk;
      const [{ n }] = await peyk.database.knex('contacts').where({ phonebookId: book.id }).count({ n: '*' });
      expect(Number(n)).to.equal(1 + ROWS - 401);

      // Live progress: batches pushed while running, never going back, ending at 100 %.
      await new Promise((r) => setTimeout(r, 300));
      expect(events.length).to.be.greaterThan(2);
      expect(events.some((e) => e.status === 'Extracting' && e.progressPercent > 0 && e.progressPercent < 100)).to.equal(true);
      for (let i = 1; i < events.length; i++) {
        expect(events[i].progressPercent).to.be.at.least(events[i - 1].progressPercent);
        expect(events[i].processedCount).to.be.at.least(events[i - 1].processedCount);
      }
      expect(events.at(-1)).to.include({ status: 'Completed', progressPercent: 100, addedCount: ROWS - 401 });

      // Every written form became the same number; typed values of each field type.
      const c3 = await contactByNumber(who, book.id, '989120000003');
      expect(c3).to.include({ cellphone: '989120000003', firstName: 'نام3', lastName: 'Family 3', createType: 'Import' });
      expect(c3.fields).to.deep.equal({ [fields.city.id]: 'City 3', [fields.score.id]: 3, [fields.vip.id]: false, [fields.joined.id]: '2024-01-03T20:30:00.000Z', [fields.ratio.id]: 0.75 });
      for (const i of [4, 5, 6, 7]) expect((await contactByNumber(who, book.id, `98${local(i)}`))?.cellphone).to.equal(`98${local(i)}`);
      expect((await contactByNumber(who, book.id, '989350000001')).firstName).to.equal('Already');

      const list = ok(await api.get(`PhonebookFiles/GetAll?phonebookId=${book.id}`, { token: who.token }));
      expect(list.totalCount).to.equal(1);
      expect(list.items[0].rejectedFileUrl).to.match(/^\/api\/PhonebookFiles\/RejectedFile\/[A-Za-z0-9_-]{43}$/);

      // The rejected rows, as xlsx in English: the file's columns, the row number and the reason; formulas escaped.
      const xlsx = await fetch(`${base}${done.rejectedFileUrl}?culture=en-US`);
      expect(xlsx.status).to.equal(200);
      expect(xlsx.headers.get('content-type')).to.contain('spreadsheetml');
      const back = await readXlsx(Buffer.from(await xlsx.arrayBuffer()));
      expect(back.length).to.equal(301);
      expect(back[0]).to.deep.equal(['mobile', 'firstName', 'lastName', 'email', 'city', 'score', 'vip', 'joined', 'ratio', 'Row', 'Reason']);
      const byRow = new Map(back.slice(1).map((r) => [Number(r[9]), r]));
      expect(byRow.get(102)!.slice(0, 2)).to.deep.equal(['abc', `'=HYPERLINK("http://x","y")`]);
      expect(byRow.get(102)![10]).to.equal('Invalid mobile number.');
      expect(byRow.get(202)![10]).to.equal('The mobile is empty.');
      expect(byRow.get(302)![5]).to.equal('many');
      expect(byRow.get(302)![10]).to.equal('score must be a whole number.');

      // The same rows as CSV in Persian (with a BOM, so Excel reads it).
      const csv = Buffer.from(await (await fetch(`${base}${done.rejectedFileUrl}?format=csv&culture=fa`)).arrayBuffer()).toString('utf8');
      expect(csv.startsWith('\ufeffmobile,firstName,')).to.equal(true);
      const lines = csv.slice(1).trim().split('\r\n');
      expect(lines.length).to.equal(301);
      expect(lines[0].endsWith(',ردیف,دلیل')).to.equal(true);
      expect(lines.find((l) => l.startsWith('abc,'))).to.contain(`"'=HYPERLINK(""http://x"",""y"")"`).and.contain('شماره موبایل نامعتبر است.');
      expect(lines.some((l) => l.endsWith(',202,موبایل خالی است.'))).to.equal(true);

      // Audit: one row for the import.
      const audits = ok(await api.get('Audits/GetAll?pageSize=50&className=Contact', { token: who.token })).items as any[];
      expect(audits.some((a) => a.operationType === 'Import' && String(a.referenceId) === String(book.id))).to.equal(true);
      // The import's entry can go (the contacts stay); the rejected file goes with it.
      ok(await api.delete(`PhonebookFiles/Delete/${uploaded.id}`, { token: who.token }));
      expect((await fetch(`${base}${done.rejectedFileUrl}`)).status).to.equal(404);
    } finally {
      socket.close();
    }
  });

  it('reads a UTF-8 CSV with a BOM, semicolons, quoted fields and Persian/Arabic digits; a Windows-1256 CSV without titles', async () => {
    const own = await createTree(api);
    const who = own.subAdmin;
    const city = await field(who, 'String', 'city', 'شهر');
    const score = await field(who, 'Integer', 'score', 'امتیاز');
    const book = await phonebook(who);
    const text = '\ufeff"موبایل";"نام";"نام خانوادگی";"شهر";"امتیاز"\r\n'
      + '۰۹۱۲۱۱۱۲۲۳۳;"سارا";"احمدی; تهرانی";"تهران";"۱۲"\r\n'
      + '"+98 935 111 2233";"علی";"رضایی\nدوم";کرج;٧\r\n'
      + `${arabic('00989011112233')};"""مهدی""";;شیراز;\r\n`
      + '\r\n'
      + '09121112233;تکراری;;;\r\n'
      + '12345;بد;;;';
    const uploaded = ok(await upload(who, book.id, Buffer.from(text, 'utf8'), 'people.csv'));
    expect(uploaded).to.include({ format: 'csv', columnCount: 5 });
    expect(uploaded.preview[0]).to.deep.equal(['موبایل', 'نام', 'نام خانوادگی', 'شهر', 'امتیاز']);
    expect(uploaded.preview[2][2]).to.equal('رضایی\nدوم');
    expect(uploaded.suggested).to.deep.equal({ hasHeaderRow: true, mapping: { cellphone: 0, firstName: 1, lastName: 2 }, fields: { [city.id]: 3, [score.id]: 4 } });
    ok(await api.post('PhonebookFiles/Start', { id: uploaded.id, mapping: uploaded.suggested.mapping, fields: uploaded.suggested.fields }, { token: who.token }));
    const done = await finished(who, uploaded.id);
    expect(done).to.include({ status: 'Completed', totalCount: 5, addedCount: 3, duplicateCount: 1, rejectedCount: 1, existingCount: 0 });
    expect(await contactByNumber(who, book.id, '989121112233')).to.deep.include({ firstName: 'سارا', lastName: 'احمدی; تهرانی', fields: { [city.id]: 'تهران', [score.id]: 12 } });
    expect(await contactByNumber(who, book.id, '989351112233')).to.deep.include({ firstName: 'علی', lastName: 'رضایی دوم', fields: { [city.id]: 'کرج', [score.id]: 7 } });
    expect(await contactByNumber(who, book.id, '989011112233')).to.deep.include({ firstName: '"مهدی"', lastName: null, fields: { [city.id]: 'شیراز' } });

    // Excel on a Persian Windows saves "CSV" in Windows-1256; no title row here.
    const ansi = Buffer.concat([Buffer.from('09121234567,'), Buffer.from([0xd3, 0xc7, 0xd1, 0xc7]), Buffer.from('\r\n09121234568,x\r\n')]);
    const second = ok(await upload(who, book.id, ansi, 'ansi.csv'));
    expect(second.preview[0]).to.deep.equal(['09121234567', 'سارا']);
    expect(second.suggested).to.deep.include({ hasHeaderRow: false, mapping: { cellphone: 0 } });
    ok(await api.post('PhonebookFiles/Start', { id: second.id, hasHeaderRow: false, mapping: { cellphone: 0, firstName: 1 } }, { token: who.token }));
    expect(await finished(who, second.id)).to.include({ status: 'Completed', addedCount: 2, totalCount: 2 });
    expect((await contactByNumber(who, book.id, '989121234567')).firstName).to.equal('سارا');

    // updateExisting: the mapped columns of numbers the phonebook has are updated (empty cells keep what is stored).
    const again = ok(await upload(who, book.id, Buffer.from('mobile,firstName,city\n09121234567,Sara,Rasht\n09121234568,,Qom\n09121234569,New,\n'), 'again.csv'));
    ok(await api.post('PhonebookFiles/Start', { id: again.id, updateExisting: true, mapping: { cellphone: 0, firstName: 1 }, fields: { [city.id]: 2 } }, { token: who.token }));
    expect(await finished(who, again.id)).to.include({ status: 'Completed', addedCount: 1, updatedCount: 2, existingCount: 0 });
    expect(await contactByNumber(who, book.id, '989121234567')).to.deep.include({ firstName: 'Sara', fields: { [city.id]: 'Rasht' } });
    expect(await contactByNumber(who, book.id, '989121234568')).to.deep.include({ firstName: 'x', fields: { [city.id]: 'Qom' } });
    expect((ok(await api.get(`Phonebooks/Get/${book.id}`, { token: who.token }))).contactsCount).to.equal(6);
  });

  it("stops an import at the organization's maximumPhoneNumber: the batches before stay, the reason is the spec's message", async () => {
    const own = await createTree(api);
    ok(await api.post('Organizations/Update', { id: own.sub.id, maximumPhoneNumber: 2 }, { token: own.orgAdmin.token }));
    const book = await phonebook(own.subAdmin);
    const uploaded = ok(await upload(own.subAdmin, book.id, Buffer.from('mobile\n09121110001\n09121110002\n09121110003\n'), 'three.csv'));
    ok(await api.post('PhonebookFiles/Start', { id: uploaded.id, mapping: { cellphone: 0 } }, { token: own.subAdmin.token }));
    const done = await finished(own.subAdmin, uploaded.id);
    expect(done.status).to.equal('Failed');
    expect(JSON.stringify(done)).to.contain('(2) has been reached');
    expect(ok(await api.get(`Phonebooks/Get/${book.id}`, { token: own.subAdmin.token })).contactsCount).to.equal(0);
  });

  it('reads formula cells as the values Excel stored with them', async () => {
    const who = tree.subAdmin;
    const book = await phonebook(who);
    const score = (ok(await api.get('CustomFields/GetAll', { token: who.token })).items as any[]).find((f) => f.nameEn === 'score');
    const bytes = await xlsxBuffer([
      ['mobile', 'name', 'score'],
      [{ formula: '"0912"&"2220001"', result: '09122220001' }, { formula: 'UPPER("ali")', result: 'ALI' }, { formula: '40+2', result: 42 }],
      [{ formula: 'Z99' }, 'No cached value', 1],
      [{ formula: '9122220000+3', result: 9122220003 }, { formula: 'A1&""', result: '=cmd' }, { formula: '1/0', result: { error: '#DIV/0!' } }],
    ], { sharedStrings: false });
    const uploaded = ok(await upload(who, book.id, bytes, 'formulas.xlsx'));
    expect(uploaded.preview.slice(1)).to.deep.equal([['09122220001', 'ALI', '42'], ['', 'No cached value', '1'], ['9122220003', '=cmd', '']]);
    ok(await api.post('PhonebookFiles/Start', { id: uploaded.id, mapping: { cellphone: 0, firstName: 1 }, fields: { [score.id]: 2 } }, { token: who.token }));
    const done = await finished(who, uploaded.id);
    expect(done).to.include({ status: 'Completed', addedCount: 2, rejectedCount: 1 });
    expect(await contactByNumber(who, book.id, '989122220001')).to.deep.include({ firstName: 'ALI', fields: { [score.id]: 42 } });
    expect(await contactByNumber(who, book.id, '989122220003')).to.deep.include({ firstName: '=cmd', fields: {} });
    const back = await readXlsx(Buffer.from(await (await fetch(`${base}${done.rejectedFileUrl}?culture=en-US`)).arrayBuffer()));
    expect(back[1].slice(1)).to.deep.equal(['No cached value', '1', 3, 'The mobile is empty.']);
  });

  it('refuses what is not a spreadsheet, too large a body (413 in the spec shape), and a wrong mapping', async () => {
    const who = tree.subAdmin;
    const book = await phonebook(who);
    const fileError = async (bytes: Buffer, message: string) => {
      const res = await upload(who, book.id, bytes, 'x');
      expect(res.status, JSON.stringify(res.body)).to.equal(400);
      expect(res.body.validationErrors).to.deep.equal([{ propertyName: 'file', message }]);
    };
    await fileError(Buffer.alloc(0), 'The file is empty.');
    await fileError(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]), 'Old Excel files (.xls) are not supported; save the file as .xlsx or CSV.');
    await fileError(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]), 'The file must be an Excel (.xlsx) or CSV file.');
    await fileError(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]), 'The file must be an Excel (.xlsx) or CSV file.');
    await fileError(Buffer.from('\r\n\r\n'), 'The file has no rows.');

    // Declared larger than the limit: answered before the body is read, and the connection is closed.
    const answer = await new Promise<{ status: number; body: any; connection: string | undefined }>((resolve, reject) => {
      const req = httpRequest(`${base}/api/PhonebookFiles/Upload?phonebookId=${book.id}&culture=en-US`, {
        method: 'POST', headers: { authorization: `Bearer ${who.token}`, 'content-type': 'text/csv', 'content-length': String(300 * 1024 * 1024) },
      }, (res) => {
        let text = '';
        res.on('data', (c) => { text += c; });
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), connection: res.headers.connection }));
      });
      req.on('error', reject);
      req.write('mobile\n09121234567\n');
    });
    expect(answer.status).to.equal(413);
    expect(answer.body).to.deep.include({ isSucceed: false, message: 'The file is too large (at most 200 MB).' });
    expect(answer.body.validationErrors).to.deep.equal([{ propertyName: 'file', message: 'The file is too large (at most 200 MB).' }]);
    expect(answer.connection).to.equal('close');
    const left = ok(await api.get(`PhonebookFiles/GetAll?phonebookId=${book.id}`, { token: who.token }));
    expect(left.totalCount).to.equal(0);

    const uploaded = ok(await upload(who, book.id, Buffer.from('a,b\n09121234567,x\n'), 'two.csv'));
    const body = bad(await api.post('PhonebookFiles/Start', { id: uploaded.id, mapping: { cellphone: 0, firstName: 0, lastName: 5 }, fields: { 999999: 1 } }, { token: who.token }), 400);
    expect(body.validationErrors).to.deep.equal([
      { propertyName: 'mapping.firstName', message: 'A column can be mapped to one field only.' },
      { propertyName: 'mapping.lastName', message: 'The file has no such column.' },
      { propertyName: 'fields.999999', message: "This custom field does not belong to the phonebook's organization." },
    ]);
    // Another tree's administrator sees nothing of it.
    bad(await api.get(`PhonebookFiles/Get/${uploaded.id}`, { token: tree.otherAdmin.token }), 404);
    bad(await api.post('PhonebookFiles/Start', { id: uploaded.id, mapping: { cellphone: 0 } }, { token: tree.otherAdmin.token }), 404);
    expect((await upload(tree.otherAdmin, book.id, Buffer.from('x'), 'x')).status).to.equal(404);
  });

  it('answers 400 naming the problem for a workbook no spreadsheet program writes (never 500), bombs refused before they are unpacked', async () => {
    const who = tree.subAdmin;
    const book = await phonebook(who);
    for (const broken of brokenWorkbooks()) {
      const started = Date.now();
      const res = await upload(who, book.id, broken.bytes, 'broken.xlsx');
      expect(res.status, `${broken.label}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.validationErrors, broken.label).to.deep.equal([{ propertyName: 'file', message: broken.message }]);
      expect(Date.now() - started, broken.label).to.be.below(5_000);
    }
    const fa = await upload(who, book.id, brokenWorkbooks()[1].bytes, 'broken.xlsx', 'fa');
    expect(fa.status).to.equal(400);
    expect(fa.body.validationErrors).to.deep.equal([{ propertyName: 'file', message: 'فایل، فایل اکسل معتبری نیست: خانه XFE2 بعد از آخرین ستون (XFD) است.' }]);
    // Nothing of the refused uploads is left.
    expect(ok(await api.get(`PhonebookFiles/GetAll?phonebookId=${book.id}`, { token: who.token })).totalCount).to.equal(0);
  });

  it('answers 400 for a CSV past Excel\'s limits: a quote never closed, a row of too many columns', async () => {
    const who = tree.subAdmin;
    const book = await phonebook(who);
    const unclosed = await upload(who, book.id, Buffer.from(`mobile,name\n"09121111111,${'x'.repeat(40_000)}\n09122222222,b\n`), 'open-quote.csv');
    expect(unclosed.status, JSON.stringify(unclosed.body)).to.equal(400);
    expect(unclosed.body.validationErrors).to.deep.equal([{ propertyName: 'file', message: 'The CSV file is not valid: a cell has more than 32767 characters (perhaps a quote was never closed).' }]);
    const wide = await upload(who, book.id, Buffer.from(`${'a,'.repeat(17_000)}a\n`), 'wide.csv', 'fa');
    expect(wide.status, JSON.stringify(wide.body)).to.equal(400);
    expect(wide.body.validationErrors[0].propertyName).to.equal('file');
    expect(wide.body.validationErrors[0].message).to.match(/ستون/);
  });

  it('a batch that fails mid-import is retried from the last committed batch: no row twice, contactsCount exact', async () => {
    const who = tree.subAdmin;
    const book = await phonebook(who);
    const lines = ['mobile'];
    const ROWS = IMPORT_BATCH * 3 + 3_000;
    for (let i = 0; i < ROWS; i++) lines.push(`0913${String(i).padStart(7, '0')}`);
    lines.push('09130000005');
    const repo = (await sharedServer()).peyk.container.get(ContactImportRepository);
    const original = repo.insertContacts.bind(repo);
    let calls = 0;
    const stub = sinon.stub(repo, 'insertContacts').callsFake(async (...args: Parameters<typeof original>) => {
      if (args[1] !== book.id) return original(...args);
      calls += 1;
      if (calls === 3) throw new Error('the database went away');
      return original(...args);
    });
    try {
      const uploaded = ok(await upload(who, book.id, Buffer.from(lines.join('\n')), 'retry.csv'));
      ok(await api.post('PhonebookFiles/Start', { id: uploaded.id, mapping: { cellphone: 0 } }, { token: who.token }));
      const done = await finished(who, uploaded.id);
      expect(done).to.include({ status: 'Completed', totalCount: ROWS + 1, processedCount: ROWS + 1, addedCount: ROWS, duplicateCount: 1, rejectedCount: 0 });
    } finally {
      stub.restore();
    }
    // Two batches, the third failing, then the third again and the last: nothing was stored twice.
    expect(calls).to.equal(5);
    const [{ n }] = await (await sharedServer()).peyk.database.knex('contacts').where({ phonebookId: book.id }).count({ n: '*' });
    expect(Number(n)).to.equal(ROWS);
    expect((ok(await api.get(`Phonebooks/Get/${book.id}`, { token: who.token }))).contactsCount).to.equal(ROWS);
  });
});
