import { PassThrough } from 'node:stream';
import { constants as zlibConstants, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

export type XlsxCell = string | number | boolean | Date | null | { formula: string; result?: unknown } | { sharedFormula: string; result?: unknown };

/**
 * An .xlsx in memory, written by exceljs' streaming writer as a user's file would be: shared
 * strings (Excel's way) unless asked otherwise, and styles so dates are date cells.
 */
export async function xlsxBuffer(rows: Iterable<XlsxCell[]>, options: { sharedStrings?: boolean; sheetName?: string; dateFormat?: string } = {}): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => { out.on('end', resolve); out.on('error', reject); });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: options.sharedStrings !== false });
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Sheet1');
  for (const cells of rows) {
    const row = sheet.addRow(cells);
    cells.forEach((c, i) => { if (c instanceof Date) row.getCell(i + 1).numFmt = options.dateFormat ?? 'yyyy-mm-dd'; });
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

/** Every sheet's rows of an .xlsx as plain values (the test reads files back; they are small). */
export async function readXlsx(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => { rows.push((row.values as unknown[]).slice(1)); });
  return rows;
}

/** One part of a hand-built zip: its bytes (deflated here), or bytes deflated already with the inflated size they give. */
export interface ZipPart {
  name: string;
  data?: Buffer | string;
  deflated?: { bytes: Buffer; size: number };
  /** The inflated size the directory claims instead of the real one (a zip that lies). */
  declaredSize?: number;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A zip of these parts, written byte by byte (local headers, deflated data, central directory), so
 * a test can make what no spreadsheet program writes: broken XML, lying sizes, a bomb.
 */
export function zipBuffer(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const raw = part.data === undefined ? null : Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8');
    const bytes = raw ? deflateRawSync(raw) : part.deflated!.bytes;
    const size = part.declaredSize ?? (raw ? raw.length : part.deflated!.size);
    // A bomb's CRC is never computed (hundreds of MB); the readers do not check it.
    const crc = raw ? crc32(raw) : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, bytes);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(bytes.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += 30 + name.length + bytes.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The smallest workbook Excel opens: one sheet "Sheet1" whose XML is given (no styles, no shared
 * strings); `extra` parts are added or replace the defaults by name.
 */
export function xlsxFromSheet(sheet: string | Omit<ZipPart, 'name'>, extra: readonly ZipPart[] = []): Buffer {
  const defaults: ZipPart[] = [
    { name: '[Content_Types].xml', data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>' },
    { name: '_rels/.rels', data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>' },
    { name: 'xl/workbook.xml', data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>' },
    { name: 'xl/_rels/workbook.xml.rels', data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>' },
    typeof sheet === 'string' ? { name: 'xl/worksheets/sheet1.xml', data: sheet } : { ...sheet, name: 'xl/worksheets/sheet1.xml' },
  ];
  const parts = defaults.map((d) => extra.find((e) => e.name === d.name) ?? d);
  return zipBuffer([...parts, ...extra.filter((e) => !defaults.some((d) => d.name === e.name))]);
}

/** A worksheet's XML around these `<row>` elements (`prolog` goes before the root, e.g. a DOCTYPE). */
export function sheetXml(rows: string, prolog = ''): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${prolog}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
}

/** A row of inline-string cells at row `r` (cells from column A, each with its reference). */
export function inlineRow(r: number, cells: readonly string[]): string {
  const column = (i: number) => { let s = ''; for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s; return s; };
  return `<row r="${r}">${cells.map((c, i) => `<c r="${column(i)}${r}" t="inlineStr"><is><t>${c}</t></is></c>`).join('')}</row>`;
}

/**
 * Raw deflate of `chunk` repeated `times` times, made without inflating it all in memory: the chunk is
 * deflated once ending on a full flush (nothing after it refers back into it) and the pieces are
 * chained, then a final empty block. `prefix`/`suffix` are deflated the same way around it.
 */
export function repeatedDeflate(chunk: Buffer | string, times: number, prefix: Buffer | string = '', suffix: Buffer | string = ''): { bytes: Buffer; size: number } {
  const block = (b: Buffer | string) => deflateRawSync(Buffer.from(b), { finishFlush: zlibConstants.Z_FULL_FLUSH });
  const one = block(chunk);
  const bytes = Buffer.concat([block(prefix), ...Array.from({ length: times }, () => one), block(suffix), deflateRawSync(Buffer.alloc(0))]);
  return { bytes, size: Buffer.byteLength(prefix) + Buffer.byteLength(chunk) * times + Buffer.byteLength(suffix) };
}

/**
 * Workbooks no spreadsheet program writes, each with the refusal (English) every upload of a
 * spreadsheet answers for it: cells without or with impossible references, broken XML, a DOCTYPE,
 * zip bombs (a sheet compressed 1,000 to 1; sizes past the limit; a part larger than declared).
 */
export function brokenWorkbooks(): { label: string; bytes: Buffer; message: string }[] {
  const titles = inlineRow(1, ['mobile', 'text']);
  const sheet = 'xl/worksheets/sheet1.xml';
  const invalid = 'The file is not a valid Excel workbook:';
  // 420 MB of spaces between the sheet's elements (compressed ~1,000 to 1, as F4's 1 MB file of 426 MB).
  const spaces = () => repeatedDeflate(' '.repeat(1 << 20), 420, '<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>', `${titles}${inlineRow(2, ['09121234567', 'x'])}</sheetData></worksheet>`);
  const bomb = spaces();
  return [
    { label: 'a cell without a reference', bytes: xlsxFromSheet(sheetXml(`${titles}<row r="2"><c t="inlineStr"><is><t>09121234567</t></is></c></row>`)), message: `${invalid} a cell has no reference (such as A1).` },
    { label: 'a cell past column XFD', bytes: xlsxFromSheet(sheetXml(`${titles}<row r="2"><c r="XFE2" t="inlineStr"><is><t>09121234567</t></is></c></row>`)), message: `${invalid} cell XFE2 is past the last column, XFD.` },
    { label: 'a reference that is no cell', bytes: xlsxFromSheet(sheetXml(`${titles}<row r="2"><c r="2A" t="inlineStr"><is><t>09121234567</t></is></c></row>`)), message: `${invalid} "2A" is not a cell reference.` },
    { label: 'a row without a number', bytes: xlsxFromSheet(sheetXml(`${titles}<row><c r="A2" t="inlineStr"><is><t>09121234567</t></is></c></row>`)), message: `${invalid} a row has no number.` },
    { label: 'broken XML in the sheet', bytes: xlsxFromSheet(sheetXml(`${titles}<row r="2"><c r="A2" t="inlineStr"><is><t>0912</is></c></row>`)), message: `${invalid} the XML of ${sheet} is broken.` },
    { label: 'broken XML in the workbook', bytes: xlsxFromSheet(sheetXml(titles), [{ name: 'xl/workbook.xml', data: '<workbook><sheets><sheet name="S" </workbook>' }]), message: `${invalid} the XML of xl/workbook.xml is broken.` },
    { label: 'a DOCTYPE in the sheet', bytes: xlsxFromSheet(sheetXml(titles.replace('mobile', '&m;'), '<!DOCTYPE worksheet [<!ENTITY m "mobile">]>')), message: `${invalid} ${sheet} has a DOCTYPE, which is not allowed.` },
    { label: 'a DOCTYPE without entities', bytes: xlsxFromSheet(sheetXml(titles, '<!-- made by hand -->\n<!DOCTYPE worksheet>')), message: `${invalid} ${sheet} has a DOCTYPE, which is not allowed.` },
    { label: 'a sheet compressed 1,000 to 1', bytes: xlsxFromSheet({ deflated: bomb }), message: `${invalid} ${sheet} is compressed more than 100 to 1 (a zip bomb).` },
    { label: 'a part that unpacks to more than it declares', bytes: xlsxFromSheet({ deflated: bomb, declaredSize: 4 * bomb.bytes.length }), message: `${invalid} ${sheet} unpacks to more than its declared size.` },
    { label: 'sizes past the limit', bytes: xlsxFromSheet(sheetXml(titles), [{ name: 'xl/media/image1.png', deflated: { bytes: Buffer.alloc(1024), size: 0 }, declaredSize: 1100 * 1024 * 1024 }]), message: `${invalid} it unpacks to more than 1024 MB.` },
    { label: 'a damaged deflate stream', bytes: xlsxFromSheet({ deflated: { bytes: Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x12]), size: 600 } }), message: `${invalid} ${sheet} cannot be unpacked (the file is damaged).` },
  ];
}
