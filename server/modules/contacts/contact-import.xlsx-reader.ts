import { pipeline, Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { SHEET_BATCH_ROWS, SheetError, type CellValue, type SheetReadOptions, type SheetRow, type StoredFile } from './contact-import.sheet.js';
import { checkZipSizes, inflateRefusal, MAX_UNPACKED_BYTES, partTooLarge, sizeMismatch, XmlPart } from '../../platform/upload/spreadsheet-guards.js';

/**
 * The first worksheet of an .xlsx, row by row, through exceljs' streaming WorkbookReader, with the
 * zip read by random access from storage instead of as one forward stream. Why:
 * - exceljs parses a worksheet at once only when the shared strings came before it in the zip;
 *   Excel writes them after the sheets, so exceljs would first inflate the whole sheet into a
 *   temporary file (400 MB for a million rows) and, when a reader stops early (the preview),
 *   leave it behind until the process exits. Here the workbook, its relations, the shared strings
 *   and the styles are read first, then the sheet is streamed straight into the parser.
 * - exceljs decodes each inflated piece with TextDecoder without `stream`, so a Persian letter
 *   split between two pieces becomes U+FFFD; the pieces are decoded here (StringDecoder) and
 *   exceljs gets whole characters.
 * - Only the first sheet is read, and sizes are known before anything is inflated, so a zip bomb
 *   is refused up front (`platform/upload/spreadsheet-guards.ts`: the total and each entry's ratio), and
 *   again while inflating (no entry past its declared size).
 * - Whatever the file holds, a refusal is a SheetError naming the problem (a damaged zip, broken
 *   XML, a DOCTYPE, a cell exceljs cannot place): `XmlPart` watches each part's text.
 * The methods called on the reader (`_parseRels`, `_parseWorkbook`, `_parseSharedStrings`,
 * `_parseStyles`, `_parseWorksheet`) are the ones its own `parse()` calls, in exceljs 4.4.0 (pinned);
 * `tests/unit/contacts/contact-import-readers.test.ts` reads real workbooks through them.
 */

/** Inflated bytes the sheet may have (a million-row sheet is ~330 MB): the whole file's limit. */
const MAX_SHEET_BYTES = MAX_UNPACKED_BYTES;
/** The shared strings are held in memory while the sheet is read. */
const MAX_SHARED_STRINGS_BYTES = 256 * 1024 ** 2;
const MAX_SMALL_PART_BYTES = 32 * 1024 ** 2;
const SHARED_STRINGS = 'xl/sharedStrings.xml';

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
  encrypted: boolean;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;

function notXlsx(): SheetError {
  return new SheetError('contacts.import.notSpreadsheet');
}

/** The central directory: every entry's name, sizes and where its data starts. A damaged one is no xlsx (never a RangeError). */
export async function readZipDirectory(file: StoredFile): Promise<Map<string, ZipEntry>> {
  try {
    return await zipDirectory(file);
  } catch (err) {
    if (err instanceof RangeError) throw notXlsx();
    throw err;
  }
}

async function zipDirectory(file: StoredFile): Promise<Map<string, ZipEntry>> {
  const tailLength = Math.min(file.size, 22 + 0xffff);
  const tail = await file.read(file.size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) { at = i; break; }
  }
  if (at < 0) throw notXlsx();
  let count = tail.readUInt16LE(at + 10);
  let cdSize = tail.readUInt32LE(at + 12);
  let cdOffset = tail.readUInt32LE(at + 16);
  if (cdOffset === 0xffffffff || count === 0xffff) {
    const locator = at - 20;
    if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR) throw notXlsx();
    const eocd64 = await file.read(Number(tail.readBigUInt64LE(locator + 8)), 56);
    if (eocd64.readUInt32LE(0) !== ZIP64_EOCD) throw notXlsx();
    count = Number(eocd64.readBigUInt64LE(32));
    cdSize = Number(eocd64.readBigUInt64LE(40));
    cdOffset = Number(eocd64.readBigUInt64LE(48));
  }
  if (cdOffset + cdSize > file.size || cdSize > 64 * 1024 ** 2) throw notXlsx();
  const cd = await file.read(cdOffset, cdSize);
  const entries = new Map<string, ZipEntry>();
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL) throw notXlsx();
    const flags = cd.readUInt16LE(p + 8);
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    const entry: ZipEntry = {
      name: cd.toString('utf8', p + 46, p + 46 + nameLength),
      method: cd.readUInt16LE(p + 10),
      compressedSize: cd.readUInt32LE(p + 20),
      size: cd.readUInt32LE(p + 24),
      localHeaderOffset: cd.readUInt32LE(p + 42),
      encrypted: (flags & 1) === 1,
    };
    // ZIP64 extra field: the 8-byte values of the fields that read 0xFFFFFFFF, in this order.
    const extraStart = p + 46 + nameLength;
    for (let e = extraStart; e + 4 <= extraStart + extraLength;) {
      const id = cd.readUInt16LE(e);
      const len = cd.readUInt16LE(e + 2);
      if (id === 1) {
        let q = e + 4;
        if (entry.size === 0xffffffff) { entry.size = Number(cd.readBigUInt64LE(q)); q += 8; }
        if (entry.compressedSize === 0xffffffff) { entry.compressedSize = Number(cd.readBigUInt64LE(q)); q += 8; }
        if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = Number(cd.readBigUInt64LE(q));
      }
      e += 4 + len;
    }
    entries.set(entry.name.replace(/^\/+/, ''), entry);
    p = extraStart + extraLength + commentLength;
  }
  return entries;
}

/**
 * An entry's bytes, inflated, as they come. `onCompressed` counts the compressed bytes consumed
 * (the import's progress). Beyond `maxBytes` inflated, or beyond the size the directory declared
 * (which the ratio check trusted), is a refusal: a zip may lie about sizes.
 */
async function* entryBytes(file: StoredFile, part: string, entry: ZipEntry, maxBytes: number, onCompressed?: (n: number) => void): AsyncGenerator<Buffer> {
  if (entry.encrypted) throw new SheetError('contacts.import.encrypted');
  if (entry.method !== 0 && entry.method !== 8) throw notXlsx();
  if (entry.size > maxBytes) throw partTooLarge(part, maxBytes);
  const header = await file.read(entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) throw notXlsx();
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > file.size) throw notXlsx();
  const source = file.stream(start, entry.compressedSize);
  const limit = Math.min(maxBytes, entry.size);
  if (entry.method === 0) {
    for await (const piece of source) {
      onCompressed?.(piece.length);
      yield piece;
    }
    return;
  }
  const inflate = createInflateRaw();
  const counted = (async function* () {
    for await (const piece of source) {
      onCompressed?.(piece.length);
      yield piece;
    }
  })();
  // pipeline, not pipe: a failing read of storage must end the inflate too (pipe would leave it waiting).
  const inflated = pipeline(Readable.from(counted), inflate, () => { /* the error reaches the loop below through inflate */ });
  let total = 0;
  try {
    for await (const out of inflated) {
      total += (out as Buffer).length;
      if (total > limit) throw total > maxBytes ? partTooLarge(part, maxBytes) : sizeMismatch(part);
      yield out as Buffer;
    }
  } catch (err) {
    throw inflateRefusal(part, err);
  } finally {
    inflated.destroy();
  }
}

/**
 * Whole characters for the XML parser: a UTF-8 sequence split between two inflated pieces is joined
 * first. Each piece is shown to the part's watcher before the parser gets it.
 */
async function* entryText(file: StoredFile, part: XmlPart, entry: ZipEntry, maxBytes: number, onCompressed?: (n: number) => void): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const piece of entryBytes(file, part.name, entry, maxBytes, onCompressed)) {
    const text = decoder.write(piece);
    if (text) {
      part.see(text);
      yield text;
    }
  }
  const rest = decoder.end();
  if (rest) {
    part.see(rest);
    yield rest;
  }
  part.end();
}

function entryStream(file: StoredFile, part: XmlPart, entry: ZipEntry, maxBytes: number): Readable {
  return Readable.from(entryText(file, part, entry, maxBytes));
}

/** One of exceljs' part parsers run over a part; what it throws becomes a refusal naming the problem. */
async function parsePart(file: StoredFile, name: string, entry: ZipEntry, maxBytes: number, parse: (text: Readable) => Promise<unknown> | AsyncGenerator<unknown>): Promise<void> {
  const part = new XmlPart(name);
  try {
    const run = parse(entryStream(file, part, entry, maxBytes));
    if (Symbol.asyncIterator in run) {
      for await (const _ of run) { /* cached by the reader */ }
    } else {
      await run;
    }
  } catch (err) {
    throw part.refusal(err);
  }
}

/** The members of exceljs' streaming WorkbookReader this reader drives (see the comment at the top). */
interface ExcelWorkbookReader {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: string): Generator<{ eventType: string; value: ExcelWorksheetReader }>;
  model?: { sheets?: { name: string; rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
}

interface ExcelWorksheetReader {
  [Symbol.asyncIterator](): AsyncIterator<ExcelRow>;
}

interface ExcelRow {
  number: number;
  values: unknown[];
}

/** The first sheet the workbook lists (by its relation), else the lowest-numbered sheet part. */
function firstSheet(reader: ExcelWorkbookReader, entries: Map<string, ZipEntry>): { name: string; entry: ZipEntry; sheetNo: string } {
  const first = reader.model?.sheets?.[0];
  const rel = first && reader.workbookRels?.find((r) => r.Id === first.rId);
  const target = rel ? rel.Target.replace(/^\/?(xl\/)?/, '') : null;
  const byRel = target ? /^worksheets\/sheet(\d+)\.xml$/.exec(target) : null;
  if (byRel && entries.has(`xl/${target}`)) return { name: `xl/${target}`, entry: entries.get(`xl/${target}`)!, sheetNo: byRel[1] };
  const sheets = [...entries.keys()].map((k) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(k)).filter((m): m is RegExpExecArray => !!m)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  if (sheets.length === 0) throw notXlsx();
  return { name: sheets[0][0], entry: entries.get(sheets[0][0])!, sheetNo: sheets[0][1] };
}

/** A cell as exceljs gives it, as the plain value the import maps: formulas as their last computed result. */
export function plainCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    // A formula (or a shared formula's copy): the value Excel stored with it; none stored = empty.
    if ('formula' in v || 'sharedFormula' in v) return 'result' in v ? plainCell(v.result) : null;
    if (Array.isArray(v.richText)) return (v.richText as { text?: unknown }[]).map((r) => (typeof r.text === 'string' ? r.text : '')).join('');
    if (typeof v.text === 'string') return v.text;
    // An error value (#N/A, #REF!): nothing usable.
    if ('error' in v) return null;
  }
  return null;
}

/**
 * Shared strings read only as far as the rows asked for need (the preview of a million-row file
 * needs the first few of a million strings).
 */
class LazySharedStrings {
  private readonly strings: unknown[] = [];
  private readonly source: AsyncGenerator<{ index: number; text: unknown }> | null;
  private readonly part = new XmlPart(SHARED_STRINGS);

  constructor(file: StoredFile, entry: ZipEntry | undefined) {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), { sharedStrings: 'emit' }) as unknown as ExcelWorkbookReader;
    this.source = entry ? reader._parseSharedStrings(entryStream(file, this.part, entry, MAX_SHARED_STRINGS_BYTES)) as AsyncGenerator<{ index: number; text: unknown }> : null;
  }

  async upTo(index: number): Promise<void> {
    try {
      while (this.source && this.strings.length <= index) {
        const next = await this.source.next();
        if (next.done) return;
        this.strings.push(next.value.text);
      }
    } catch (err) {
      throw this.part.refusal(err);
    }
  }

  get(index: number): unknown {
    return this.strings[index] ?? null;
  }

  async close(): Promise<void> {
    await this.source?.return(undefined);
  }
}

function sharedIndex(value: unknown): number | null {
  return value !== null && typeof value === 'object' && 'sharedString' in value ? Number((value as { sharedString: unknown }).sharedString) : null;
}

/**
 * Reads the first worksheet's rows in batches. `onProgress` gets the share of the sheet's
 * compressed bytes consumed. The total rows, when the sheet records its used range (Excel does)
 * is given to `onDimension` before the first batch. `lazySharedStrings`: for reading only the
 * first rows (the preview), shared strings are read only as far as those rows use them.
 */
export async function* readXlsxRows(file: StoredFile, options: SheetReadOptions & { onDimension?(lastRow: number): void; lazySharedStrings?: boolean; onSheetName?(name: string | null): void } = {}): AsyncGenerator<SheetRow[]> {
  const entries = await readZipDirectory(file);
  if (!entries.has('xl/workbook.xml')) throw notXlsx();
  checkZipSizes([...entries].map(([name, e]) => ({ name, compressedSize: e.compressedSize, size: e.size })));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore',
  }) as unknown as ExcelWorkbookReader;
  const part = (name: string) => entries.get(name);
  const rels = part('xl/_rels/workbook.xml.rels');
  if (rels) await parsePart(file, 'xl/_rels/workbook.xml.rels', rels, MAX_SMALL_PART_BYTES, (text) => reader._parseRels(text));
  await parsePart(file, 'xl/workbook.xml', part('xl/workbook.xml')!, MAX_SMALL_PART_BYTES, (text) => reader._parseWorkbook(text));
  const shared = part(SHARED_STRINGS);
  // Without a cache the worksheet reader leaves {sharedString: n} in the cells, resolved below.
  const lazy = options.lazySharedStrings ? new LazySharedStrings(file, shared) : null;
  if (lazy) {
    // Left unset on purpose.
  } else if (shared) {
    // Parsed into the reader's cache; the generator yields nothing in 'cache' mode.
    await parsePart(file, SHARED_STRINGS, shared, MAX_SHARED_STRINGS_BYTES, (text) => reader._parseSharedStrings(text));
  } else {
    (reader as unknown as { sharedStrings: unknown[] }).sharedStrings = [];
  }
  try {
    yield* readSheet(file, entries, reader, lazy, options);
  } finally {
    await lazy?.close();
  }
}

async function* readSheet(file: StoredFile, entries: Map<string, ZipEntry>, reader: ExcelWorkbookReader, lazy: LazySharedStrings | null,
  options: SheetReadOptions & { onDimension?(lastRow: number): void; onSheetName?(name: string | null): void }): AsyncGenerator<SheetRow[]> {
  const part = (name: string) => entries.get(name);
  const styles = part('xl/styles.xml');
  if (styles) await parsePart(file, 'xl/styles.xml', styles, MAX_SMALL_PART_BYTES, (text) => reader._parseStyles(text));
  const { name, entry, sheetNo } = firstSheet(reader, entries);
  const xml = new XmlPart(name);
  // The P2P send's rule names the sheet (Sheet1); the workbook's first listed sheet is the one read.
  options.onSheetName?.(reader.model?.sheets?.[0]?.name ?? null);
  let compressed = 0;
  const total = Math.max(1, entry.compressedSize);
  const text = entryText(file, xml, entry, MAX_SHEET_BYTES, (n) => { compressed += n; });
  // The used range, if the sheet starts with one (<dimension ref="A1:H1000001"/>), before exceljs sees the text.
  const first = await text.next().catch((err: unknown) => { throw xml.refusal(err); });
  const head = first.done ? '' : first.value;
  const dimension = /<(?:\w+:)?dimension\s+ref="[A-Z]+\d+:[A-Z]+(\d+)"/.exec(head.slice(0, 4096));
  if (dimension) options.onDimension?.(Number(dimension[1]));
  const replay = (async function* () {
    if (head) yield head;
    yield* text;
  })();
  const sheet = reader._parseWorksheet(replay, sheetNo).next().value?.value;
  if (!sheet) throw notXlsx();
  let batch: SheetRow[] = [];
  const rows = sheet[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<ExcelRow>;
    try {
      next = await rows.next();
    } catch (err) {
      throw xml.refusal(err);
    }
    if (next.done) break;
    const row = next.value;
    const values = row.values;
    const cells: CellValue[] = [];
    // exceljs' values are 1-based (index 0 unused) and sparse.
    for (let i = 1; i < values.length; i++) {
      const index = lazy ? sharedIndex(values[i]) : null;
      if (index === null) cells.push(plainCell(values[i]));
      else {
        await lazy!.upTo(index);
        cells.push(plainCell(lazy!.get(index)));
      }
    }
    batch.push({ rowNumber: row.number, cells });
    if (batch.length >= SHEET_BATCH_ROWS) {
      options.onProgress?.(compressed / total);
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
  options.onProgress?.(1);
}
