import { expect } from 'chai';
import { CsvLineCounter, CsvRecordParser, detectCsvEncoding, detectDelimiter, readCsvRows } from '../../../server/modules/contacts/contact-import.csv-reader.js';
import { plainCell, readXlsxRows } from '../../../server/modules/contacts/contact-import.xlsx-reader.js';
import type { SheetRow, StoredFile } from '../../../server/modules/contacts/contact-import.sheet.js';
import { xlsxBuffer } from '../../support/spreadsheets.js';

/** A stored file over a buffer, handed out in pieces of `piece` bytes (storage's pieces are 1 MB; small ones find boundary bugs). */
function memoryFile(bytes: Buffer, piece = 1 << 20): StoredFile {
  return {
    size: bytes.length,
    async read(offset, length) { return bytes.subarray(offset, Math.min(bytes.length, offset + length)); },
    async *stream(offset, length) {
      const end = Math.min(bytes.length, offset + length);
      for (let at = offset; at < end; at += piece) yield bytes.subarray(at, Math.min(end, at + piece));
    },
  };
}

async function all(rows: AsyncIterable<SheetRow[]>): Promise<SheetRow[]> {
  const out: SheetRow[] = [];
  for await (const batch of rows) out.push(...batch);
  return out;
}

function parse(text: string, delimiter: ',' | ';' | '\t' = ','): string[][] {
  const out: string[][] = [];
  const p = new CsvRecordParser(delimiter);
  // One character at a time: every state must survive a piece boundary.
  for (const ch of text) p.push(ch, out);
  p.end(out);
  return out;
}

describe('contact import: CSV reader', () => {
  it('reads RFC 4180 records: quotes, doubled quotes, delimiters and line breaks inside quotes, CRLF/LF/CR, blank lines', () => {
    expect(parse('a,b,c\r\n1,"x,y","say ""hi"""\n"two\r\nlines",,\r\rlast,"",end')).to.deep.equal([
      ['a', 'b', 'c'], ['1', 'x,y', 'say "hi"'], ['two\r\nlines', '', ''], ['last', '', 'end'],
    ]);
    expect(parse('۰۹۱۲;"نام؛ فارسی";x\n', ';')).to.deep.equal([['۰۹۱۲', 'نام؛ فارسی', 'x']]);
    expect(parse('a\tb\n', '\t')).to.deep.equal([['a', 'b']]);
    expect(parse('unterminated,"quote\n')).to.deep.equal([['unterminated', 'quote\n']]);
  });

  it('detects the encoding from the BOM or the bytes, and the delimiter from the first record', () => {
    expect(detectCsvEncoding(Buffer.from('\ufeffa,b'))).to.deep.equal({ encoding: 'utf-8', bomLength: 3 });
    expect(detectCsvEncoding(Buffer.from([0xff, 0xfe, 0x61, 0]))).to.deep.equal({ encoding: 'utf-16le', bomLength: 2 });
    expect(detectCsvEncoding(Buffer.from('سلام,a'))).to.deep.equal({ encoding: 'utf-8', bomLength: 0 });
    expect(detectCsvEncoding(Buffer.from([0xd3, 0xc7, 0xd1, 0xc7]))).to.deep.equal({ encoding: 'windows-1256', bomLength: 0 });
    expect(detectDelimiter('mobile;name;"a,b,c"\n1,2,3,4')).to.equal(';');
    expect(detectDelimiter('mobile\tname\n')).to.equal('\t');
    expect(detectDelimiter('mobile,name')).to.equal(',');
    expect(detectDelimiter('mobile')).to.equal(',');
  });

  it('streams a file through pieces that split Persian letters, skips the BOM, and numbers the rows as a spreadsheet does', async () => {
    const text = '\ufeffموبایل,نام\r\n09121234567,"سارا"\r\n\r\n۰۹۳۵۱۱۱۲۲۳۳,علیرضا\r\n';
    const rows = await all(readCsvRows(memoryFile(Buffer.from(text), 3), 'utf-8', ','));
    expect(rows).to.deep.equal([
      { rowNumber: 1, cells: ['موبایل', 'نام'] }, { rowNumber: 2, cells: ['09121234567', 'سارا'] }, { rowNumber: 3, cells: ['۰۹۳۵۱۱۱۲۲۳۳', 'علیرضا'] },
    ]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a\tسارا\n', 'utf16le')]);
    expect((await all(readCsvRows(memoryFile(utf16, 5), 'utf-16le', '\t')))[0].cells).to.deep.equal(['a', 'سارا']);
  });

  it('counts records on the raw bytes while an upload arrives (line ends inside quotes are not records)', () => {
    const counter = new CsvLineCounter();
    for (const piece of ['a,b\n1,"x', '\ny"\n2,', 'z']) counter.push(Buffer.from(piece));
    expect(counter.records()).to.equal(3);
  });
});

describe('contact import: xlsx reader', () => {
  it('reads the first sheet with shared strings, dates, numbers, booleans and formulas as their stored values', async () => {
    const bytes = await xlsxBuffer([
      ['mobile', 'name', 'joined', 'score', 'vip'],
      ['09121234567', 'سارا', new Date(Date.UTC(2024, 2, 20)), 12, true],
      [{ formula: '"0912"&"7654321"', result: '09127654321' }, { formula: 'UPPER("ali")', result: 'ALI' }, null, { formula: '1/0', result: { error: '#DIV/0!' } }, false],
    ]);
    const rows = await all(readXlsxRows(memoryFile(bytes, 1000)));
    expect(rows.map((r) => r.rowNumber)).to.deep.equal([1, 2, 3]);
    expect(rows[1].cells).to.deep.equal(['09121234567', 'سارا', new Date(Date.UTC(2024, 2, 20)), 12, true]);
    expect(rows[2].cells).to.deep.equal(['09127654321', 'ALI', null, null, false]);
  });

  it('keeps Persian text whole when the inflated sheet is cut inside a letter, and reads only the shared strings a preview needs', async () => {
    const long = 'ب'.repeat(7001);
    const rows: (string | number)[][] = [['mobile', 'note']];
    for (let i = 0; i < 3000; i++) rows.push([`0912${String(i).padStart(7, '0')}`, `${long}${i}`]);
    const inline = await xlsxBuffer(rows, { sharedStrings: false });
    const read = await all(readXlsxRows(memoryFile(inline, 777)));
    expect(read.length).to.equal(3001);
    for (const r of read.slice(1)) expect(r.cells[1]).to.equal(`${long}${r.rowNumber - 2}`);

    const shared = await xlsxBuffer(rows);
    const preview: SheetRow[] = [];
    for await (const batch of readXlsxRows(memoryFile(shared), { lazySharedStrings: true })) {
      preview.push(...batch);
      break;
    }
    expect(preview[0].cells).to.deep.equal(['mobile', 'note']);
    expect(preview[5].cells).to.deep.equal(['09120000004', `${long}4`]);
  });

  it('refuses what is not an xlsx, and a sheet larger inflated than it claims', async () => {
    const notZip = memoryFile(Buffer.from('PK\u0003\u0004 not really a zip file at all'));
    let error: unknown = null;
    try { await all(readXlsxRows(notZip)); } catch (err) { error = err; }
    expect((error as { key?: string }).key).to.equal('contacts.import.notSpreadsheet');
    expect(plainCell({ richText: [{ text: 'a' }, { text: 'b' }] })).to.equal('ab');
    expect(plainCell({ text: 'link', hyperlink: 'http://x' })).to.equal('link');
    expect(plainCell({ formula: 'A1' })).to.equal(null);
    expect(plainCell(Number.POSITIVE_INFINITY)).to.equal(null);
  });
});

describe('CSV limits (a spreadsheet program never writes past them)', () => {
  it('refuses a cell longer than 32,767 characters: an unclosed quote does not swallow the file', () => {
    const p = new CsvRecordParser(',');
    const out: string[][] = [];
    const open = `"${'x'.repeat(20_000)}`;
    p.push(open, out);
    expect(() => p.push('y'.repeat(20_000), out)).to.throw().with.property('key', 'contacts.import.csv.cellTooLong');
    const plain = new CsvRecordParser(',');
    expect(() => plain.push('z'.repeat(40_000), [])).to.throw().with.property('key', 'contacts.import.csv.cellTooLong');
    const fits = new CsvRecordParser(',');
    const ok: string[][] = [];
    fits.push(`${'a'.repeat(32_767)}\n`, ok);
    expect(ok[0][0]).to.have.length(32_767);
  });

  it('refuses a record of more than 16,384 columns', () => {
    const p = new CsvRecordParser(',');
    expect(() => p.push(`${','.repeat(16_384)}\n`, [])).to.throw().with.property('key', 'contacts.import.csv.tooManyColumns');
    const ok: string[][] = [];
    new CsvRecordParser(',').push(`${','.repeat(16_383)}\n`, ok);
    expect(ok[0]).to.have.length(16_384);
  });
});
