import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { inject, injectable } from 'inversify';
import { AppError, fieldError, type ValidationIssue } from '../../../platform/http/errors.js';
import { UploadIntake, type UploadKind, type UploadSource } from '../../../platform/upload/upload-intake.service.js';
import { parseRecipient } from '../../../shared/sms/phone-numbers.js';
import { cellText, isEmptyRow, readSheetRows, SheetError, sheetFormatOf, type StoredFile } from '../../contacts/index.js';
import { NumberSet } from '../compose/recipient-set.js';

/** What the P2P file's upload answers (and keeps next to the rows for the send). */
export interface P2PFileSummary {
  uploadId: string;
  fileName: string;
  format: 'xlsx' | 'csv';
  /** The first row's titles, in column order (column 1 is the mobile). */
  columns: string[];
  /** Data rows (the title row and empty rows not counted). */
  rowCount: number;
  /** Rows whose first cell is a mobile. */
  validCount: number;
  wrongNumberCount: number;
  /** Rows repeating a mobile of an earlier row (removed at the send unless the sender keeps them). */
  duplicateCount: number;
  invalidSamples: string[];
  /** The first rows as text, for the screen to show under the titles. */
  sampleRows: string[][];
}

export interface P2PFileRow {
  /** The row's number as the spreadsheet shows it. */
  row: number;
  cells: string[];
}

/** The rule for a column title (the spec: English text without spaces); also what a template placeholder may name. */
const TITLE = /^[A-Za-z][A-Za-z0-9_]*$/;
const SAMPLE_ROWS = 5;
const ID = /^[0-9a-f-]{36}$/;

async function write(out: WriteStream, text: string | Buffer): Promise<void> {
  if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
}

async function close(out: WriteStream): Promise<void> {
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

/** A P2P file: at most MaxUploadMegabytes (`messaging.uploadTooLarge` on `file`), never empty. */
export function p2pUploadKind(maxBytes: number): UploadKind {
  return {
    name: 'p2p',
    maxBytes,
    tooLarge: () => fieldError('file', 'messaging.uploadTooLarge'),
    empty: () => fieldError('file', 'messaging.p2pFileEmpty'),
  };
}

/**
 * The P2P send's file (xlsx or CSV: mobile + text, or mobile + columns for a template). The upload
 * intake stores the body under the data directory within the byte cap; it is then read once with
 * the contacts module's streaming readers: the spec's rules are judged (sheet Sheet1, first row
 * English titles without spaces, mobiles in the first column, at most MaxUploadRecipients rows)
 * and the rows are kept as one JSON line each for the send, beside the upload (the intake's one
 * sweep removes them after a day). Only the uploader may use it.
 */
@injectable()
export class P2PFilesService {
  constructor(@inject(UploadIntake) private readonly intake: UploadIntake) {}

  private paths(uploadId: string) {
    return { rows: this.intake.pathOf('p2p', uploadId, 'ndjson'), meta: this.intake.pathOf('p2p', uploadId, 'json') };
  }

  async receive(source: UploadSource, options: { fileName: string; userId: number; maxRows: number; maxBytes: number }): Promise<P2PFileSummary> {
    const stored = await this.intake.receive(p2pUploadKind(options.maxBytes), source);
    const files = this.paths(stored.key);
    try {
      const summary = await this.read(stored.key, this.intake.file(stored), stored.head, options);
      await writeFile(files.meta, JSON.stringify({ ...summary, userId: options.userId, createdAt: Date.now() }));
      return summary;
    } catch (err) {
      await rm(files.rows, { force: true });
      throw err instanceof SheetError ? fieldError('file', err.key, err.params) : err;
    } finally {
      await this.intake.discard(stored);
    }
  }

  /** Reads the stored file once: judges the rules and writes its rows, one JSON array per line. */
  private async read(uploadId: string, file: StoredFile, head: Buffer, options: { fileName: string; maxRows: number }): Promise<P2PFileSummary> {
    const format = sheetFormatOf(head);
    let sheetName: string | null = null;
    const rows = readSheetRows(file, format, { onSheetName: (name) => { sheetName = name; } });
    const out = createWriteStream(this.paths(uploadId).rows);
    const seen = new NumberSet();
    const summary: P2PFileSummary = {
      uploadId, fileName: options.fileName, format: format.format, columns: [], rowCount: 0, validCount: 0, wrongNumberCount: 0, duplicateCount: 0, invalidSamples: [], sampleRows: [],
    };
    let titles: string[] | null = null;
    // Whether a mobile was seen in another column while none is in the first (the spec: mobiles only in the first).
    let mobileElsewhere = false;
    try {
      for await (const batch of rows) {
        if (format.format === 'xlsx' && titles === null && sheetName !== 'Sheet1') throw fieldError('file', 'messaging.p2pSheetName', { name: sheetName ?? '' });
        let buffer = '';
        for (const r of batch) {
          if (isEmptyRow(r.cells)) continue;
          const cells = r.cells.map((c) => cellText(c).trim());
          if (titles === null) {
            titles = judgeTitles(cells);
            summary.columns = titles;
            continue;
          }
          const kept = cells.slice(0, titles.length);
          if (++summary.rowCount > options.maxRows) throw fieldError('file', 'messaging.maxNumbers', { number: options.maxRows });
          const parsed = parseRecipient(kept[0] ?? '');
          if (!parsed) {
            summary.wrongNumberCount++;
            if (summary.invalidSamples.length < 20) summary.invalidSamples.push((kept[0] ?? '').slice(0, 40));
            if (summary.validCount === 0 && !mobileElsewhere && summary.rowCount <= 1_000) mobileElsewhere = kept.slice(1).some((c) => parseRecipient(c) !== null);
          } else {
            summary.validCount++;
            if (!seen.add(Number(parsed.number))) summary.duplicateCount++;
          }
          if (summary.sampleRows.length < SAMPLE_ROWS) summary.sampleRows.push(kept.map((c) => c.slice(0, 200)));
          buffer += `${JSON.stringify([r.rowNumber, ...kept])}\n`;
        }
        // One write per batch of rows, then a turn of the event loop: the readers hand batches on as
        // microtasks when their input is buffered, so without it a large file would hold the loop.
        await write(out, buffer);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      await close(out);
    }
    if (format.format === 'xlsx' && sheetName !== 'Sheet1') throw fieldError('file', 'messaging.p2pSheetName', { name: sheetName ?? '' });
    if (titles === null) throw fieldError('file', 'messaging.p2pFileEmpty');
    if (summary.validCount === 0) throw fieldError('file', mobileElsewhere ? 'messaging.p2pMobileFirstColumn' : 'messaging.RecipientNotExist');
    return summary;
  }

  /** The upload's summary, for its uploader only (anyone else: not found, as for a missing one). */
  async summary(uploadId: string, userId: number): Promise<P2PFileSummary> {
    if (!ID.test(uploadId)) throw fieldError('uploadId', 'messaging.uploadNotFound');
    let meta: P2PFileSummary & { userId: number };
    try {
      meta = JSON.parse(await readFile(this.paths(uploadId).meta, 'utf8'));
    } catch {
      throw fieldError('uploadId', 'messaging.uploadNotFound');
    }
    if (meta.userId !== userId) throw fieldError('uploadId', 'messaging.uploadNotFound');
    const { userId: _u, ...summary } = meta as P2PFileSummary & { userId: number; createdAt?: number };
    delete (summary as { createdAt?: number }).createdAt;
    return summary;
  }

  /** The upload's rows in file order, read line by line. */
  async *rows(uploadId: string): AsyncGenerator<P2PFileRow> {
    const lines = createInterface({ input: createReadStream(this.paths(uploadId).rows), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line) continue;
      const [row, ...cells] = JSON.parse(line) as [number, ...string[]];
      yield { row, cells };
    }
  }

  async discard(uploadId: string): Promise<void> {
    if (!ID.test(uploadId)) return;
    const files = this.paths(uploadId);
    await rm(files.rows, { force: true });
    await rm(files.meta, { force: true });
  }
}

/**
 * The first row's titles (the spec: English text without spaces; the mobile column first). Trailing
 * empty cells are no columns. Every title that breaks a rule is named, each as its own issue on `file`.
 */
function judgeTitles(cells: string[]): string[] {
  let n = cells.length;
  while (n > 0 && cells[n - 1] === '') n--;
  const titles = cells.slice(0, n);
  // A mobile where the titles belong: the file has no title row (the spec: the first row is not read).
  if (titles[0] && parseRecipient(titles[0])) throw fieldError('file', 'messaging.p2pTitlesMissing');
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  if (!titles[0]) issues.push({ propertyName: 'file', key: 'messaging.p2pFirstTitleEmpty' });
  titles.forEach((title, i) => {
    if (i === 0 && !title) return;
    if (!title) issues.push({ propertyName: 'file', key: 'messaging.p2pTitleEmpty', params: { column: i + 1 } });
    else if (/\s/.test(title)) issues.push({ propertyName: 'file', key: 'messaging.p2pTitleSpaces', params: { title } });
    else if (!TITLE.test(title)) issues.push({ propertyName: 'file', key: 'messaging.p2pTitleNotEnglish', params: { title } });
    else if (seen.has(title.toLowerCase())) issues.push({ propertyName: 'file', key: 'messaging.p2pTitleRepeated', params: { title } });
    seen.add(title.toLowerCase());
  });
  if (issues.length) throw new AppError(400, 'status.400', {}, issues);
  return titles;
}
