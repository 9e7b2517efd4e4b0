import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { exportLayout, tehranDateText, writeCsv, type ExportedContact } from '../../../server/modules/contacts/contact-export.files.js';

const contact = (over: Partial<ExportedContact> = {}): ExportedContact => ({
  id: 1, cellphone: '989121234567', firstName: 'سارا', lastName: null, email: null, job: null, birthdate: '1990-03-21', telephone: '02188776655',
  address: null, phonebookGroup: null, createType: 'Manual', fields: {}, ...over,
});

describe('contact export: files', () => {
  it('writes Datetime values as Tehran wall-clock days or times, across the old daylight saving', () => {
    expect(tehranDateText('2024-03-20T20:30:00.000Z')).to.equal('2024-03-21');
    expect(tehranDateText('2024-03-20T20:31:05.000Z')).to.equal('2024-03-21 00:01:05');
    // Summer 2020: Tehran was +04:30.
    expect(tehranDateText('2020-07-01T19:30:00.000Z')).to.equal('2020-07-02');
    expect(tehranDateText('not a date')).to.equal('not a date');
  });

  it('lays out own columns, custom fields by English name in order, CreateType; masks numbers for a reader they are hidden from', () => {
    const defs = [{ id: 9, type: 'Datetime', nameEn: 'joined' }, { id: 4, type: 'Boolean', nameEn: 'vip' }] as const;
    const shown = exportLayout(defs, false);
    expect(shown.titles).to.deep.equal(['Cellphone', 'FirstName', 'LastName', 'Email', 'Job', 'Birthdate', 'Telephone', 'Address', 'PhonebookGroup', 'joined', 'vip', 'CreateType']);
    const row = contact({ fields: { 9: '2024-03-20T20:30:00.000Z', 4: false, 77: 'a deleted field' } });
    expect(shown.values(row)).to.deep.equal(['989121234567', 'سارا', null, null, null, '1990-03-21', '02188776655', null, null, '2024-03-21', false, 'Manual']);
    const hidden = exportLayout(defs, true).values(row);
    expect([hidden[0], hidden[6]]).to.deep.equal(['98912***4567', '02188**6655']);
  });

  it('CSV: a BOM, CRLF lines, quotes where needed, formula-like text escaped, typed values unescaped', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'peyk-export-'));
    try {
      const file = path.join(dir, 'out.csv');
      const layout = exportLayout([{ id: 3, type: 'Float', nameEn: 'score' }], false);
      async function* batches() { yield [contact({ address: 'a, "b"', job: '=cmd', fields: { 3: -2.5 } })]; }
      const written: number[] = [];
      expect(await writeCsv(file, layout, batches(), (n) => { written.push(n); })).to.equal(1);
      expect(written).to.deep.equal([1]);
      const text = readFileSync(file, 'utf8');
      expect(text).to.equal('\ufeffCellphone,FirstName,LastName,Email,Job,Birthdate,Telephone,Address,PhonebookGroup,score,CreateType\r\n'
        + `989121234567,سارا,,,'=cmd,1990-03-21,02188776655,"a, ""b""",,-2.5,Manual\r\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
