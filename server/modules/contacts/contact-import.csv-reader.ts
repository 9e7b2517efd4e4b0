import { SheetError, SHEET_BATCH_ROWS, type CsvDelimiter, type CsvEncoding, type SheetReadOptions, type SheetRow, type StoredFile } from './contact-import.sheet.js';

/**
 * CSV (and the tab- or semicolon-separated text spreadsheets write) read as a stream: RFC 4180
 * quoting (delimiters, quotes and line breaks inside quoted fields), CRLF/LF/CR line ends, a BOM.
 * The encoding comes from the BOM (UTF-8, UTF-16 LE/BE), else UTF-8 when the first bytes are valid
 * UTF-8, else Windows-1256 (what Excel on a Persian Windows saves as "CSV"). The delimiter is the
 * one of `,` `;` tab that the first record holds most of (outside quotes).
 */

const SAMPLE_BYTES = 64 * 1024;

export function detectCsvEncoding(sample: Buffer): { encoding: CsvEncoding; bomLength: number } {
  if (sample.length >= 3 && sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (sample.length >= 2 && sample[0] === 0xff && sample[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (sample.length >= 2 && sample[0] === 0xfe && sample[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  try {
    // stream: a character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, SAMPLE_BYTES), { stream: true });
    return { encoding: 'utf-8', bomLength: 0 };
  } catch {
    return { encoding: 'windows-1256', bomLength: 0 };
  }
}

/** A file that is text at all: no NUL byte in its first bytes (UTF-16 aside, which has a BOM). */
export function looksLikeText(sample: Buffer): boolean {
  const { encoding } = detectCsvEncoding(sample);
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return true;
  return !sample.subarray(0, SAMPLE_BYTES).includes(0);
}

const DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];

/** The delimiter the first record uses most, outside quotes; a comma when it has none (one column). */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best: CsvDelimiter = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/**
 * Excel's own limits (a cell's characters, a sheet's columns): no spreadsheet program writes past
 * them, and without them an unclosed quote at the top of a large file grew one cell to the whole file.
 */
export const MAX_CSV_CELL = 32_767;
export const MAX_CSV_COLUMNS = 16_384;

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * The record state machine. Text is pushed in pieces of any size (a quoted field may span many);
 * complete records are appended to `out`. One pass, no regular expressions: a million records
 * take well under a second.
 */
export class CsvRecordParser {
  private readonly delim: number;
  private field = '';
  private record: string[] = [];
  /** Inside a quoted field; `quoteSeen`: the last character was a quote inside it (an end or the first of two). */
  private quoted = false;
  private quoteSeen = false;
  /** A CR ended the last record: an LF right after it belongs to the same line end. */
  private afterCr = false;
  /** The current field began (anything, even an empty quoted field, was seen for it). */
  private started = false;

  constructor(delimiter: CsvDelimiter) {
    this.delim = delimiter.charCodeAt(0);
  }

  push(text: string, out: string[][]): void {
    const d = this.delim;
    let i = 0;
    const n = text.length;
    while (i < n) {
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (text.charCodeAt(i) === QUOTE) {
            this.field += '"';
            i++;
            continue;
          }
          this.quoted = false;
          continue;
        }
        const q = text.indexOf('"', i);
        if (q === -1) {
          this.field += text.slice(i);
          this.checkField();
          return;
        }
        this.field += text.slice(i, q);
        this.checkField();
        this.quoteSeen = true;
        i = q + 1;
        continue;
      }
      const c = text.charCodeAt(i);
      if (this.afterCr) {
        this.afterCr = false;
        if (c === LF) { i++; continue; }
      }
      if (c === d) {
        this.record.push(this.field);
        if (this.record.length >= MAX_CSV_COLUMNS) throw new SheetError('contacts.import.csv.tooManyColumns', { limit: MAX_CSV_COLUMNS });
        this.field = '';
        this.started = true;
        i++;
      } else if (c === LF || c === CR) {
        this.endRecord(out);
        this.afterCr = c === CR;
        i++;
      } else if (c === QUOTE && this.field === '') {
        this.quoted = true;
        this.started = true;
        i++;
      } else {
        // An unquoted run up to the next delimiter, line end or nothing (a stray quote inside stays text).
        let j = i + 1;
        while (j < n) {
          const k = text.charCodeAt(j);
          if (k === d || k === LF || k === CR) break;
          j++;
        }
        this.field += text.slice(i, j);
        this.checkField();
        this.started = true;
        i = j;
      }
    }
  }

  /** The last record when the text does not end with a line break. */
  end(out: string[][]): void {
    if (this.quoted && this.quoteSeen) this.quoted = false;
    this.endRecord(out);
  }

  private checkField(): void {
    if (this.field.length > MAX_CSV_CELL) throw new SheetError('contacts.import.csv.cellTooLong', { limit: MAX_CSV_CELL });
  }

  private endRecord(out: string[][]): void {
    this.record.push(this.field);
    // A blank line is no record at all.
    if (this.started || this.record.length > 1 || this.record[0] !== '') out.push(this.record);
    this.record = [];
    this.field = '';
    this.started = false;
    this.quoted = false;
    this.quoteSeen = false;
  }
}

/**
 * Line ends outside quotes, counted over raw bytes while an upload streams in: a cheap estimate of
 * the records (exact for files without blank lines), for the progress screen's total. Only for
 * byte encodings where `"` and LF are single bytes (UTF-8, Windows-1256).
 */
export class CsvLineCounter {
  private quoted = false;
  private lastByte = -1;
  lines = 0;

  push(chunk: Buffer): void {
    let quoted = this.quoted;
    let lines = this.lines;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === QUOTE) quoted = !quoted;
      else if (b === LF && !quoted) lines++;
    }
    this.quoted = quoted;
    this.lines = lines;
    if (chunk.length > 0) this.lastByte = chunk[chunk.length - 1];
  }

  /** Records in the file: line ends, plus a last line without one. */
  records(): number {
    return this.lines + (this.lastByte !== -1 && this.lastByte !== LF ? 1 : 0);
  }
}

/**
 * The file's records as sheet rows, in batches, decoded as stream (a character split between two
 * stored pieces is joined, not broken). `onProgress` gets the share of bytes consumed.
 */
export async function* readCsvRows(file: StoredFile, encoding: CsvEncoding, delimiter: CsvDelimiter, options: SheetReadOptions = {}): AsyncGenerator<SheetRow[]> {
  const head = await file.read(0, Math.min(file.size, 4));
  const { bomLength } = detectCsvEncoding(head);
  const decoder = new TextDecoder(encoding, { fatal: false });
  const parser = new CsvRecordParser(delimiter);
  let rowNumber = 0;
  let consumed = bomLength;
  let records: string[][] = [];
  let batch: SheetRow[] = [];
  const take = function* (): Generator<SheetRow[]> {
    for (const r of records) {
      rowNumber++;
      batch.push({ rowNumber, cells: r });
      if (batch.length >= SHEET_BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
    records = [];
  };
  for await (const chunk of file.stream(bomLength, file.size - bomLength)) {
    consumed += chunk.length;
    parser.push(decoder.decode(chunk, { stream: true }), records);
    yield* take();
    options.onProgress?.(file.size === 0 ? 1 : consumed / file.size);
  }
  parser.push(decoder.decode(), records);
  parser.end(records);
  yield* take();
  if (batch.length > 0) yield batch;
}
