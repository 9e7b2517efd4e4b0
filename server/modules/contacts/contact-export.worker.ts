import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { inject, injectable } from 'inversify';
import ExcelJS from 'exceljs';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import type { Clock } from '../../platform/clock.js';
import type { Translator } from '../../platform/i18n.js';
import type { JobQueue, QueueFactory } from '../../platform/queue.js';
import type { Realtime } from '../../platform/realtime.js';
import { AppError } from '../../platform/http/errors.js';
import { drained, prefetched } from '../../platform/xlsx-stream.js';
import { csvLine, spreadsheetCell, type SpreadsheetValue } from '../../shared/text/spreadsheet-cells.js';
import { maskNumber, type CustomFieldValue } from '../../shared/contacts/contact-fields.js';
import { ActorFactory } from '../identity/index.js';
import { ContactsService } from './contacts.service.js';
import { ContactsRepository, type ContactFilter, type ContactRow } from './contacts.repository.js';
import type { CustomFieldRow } from './custom-fields.repository.js';
import { ContactExportRepository, type ContactExportFormat, type ContactExportRow } from './contact-export.repository.js';

export const CONTACT_EXPORT_QUEUE = 'contact-export';
/** The push the requester's sockets get on every step of an export. */
export const CONTACT_EXPORT_EVENT = 'contact-export';
/** The claim of every contacts route (the Phonebook menu's), checked again when the job runs. */
const CLAIM = 'Phonebook.Manage';
/** Contacts read per statement (one keyset page, id order). */
const EXPORT_PAGE = 2_000;
/** Rows written between two turns of the event loop (other requests are served in between). */
const ROWS_PER_TURN = 500;
/** Files hold people's numbers: kept one day, then swept with their rows. */
export const CONTACT_EXPORT_KEEP_MS = 86_400_000;
const PUSH_EVERY_MS = 250;

export interface ContactExportJob { exportId: number }

/**
 * The contact's own columns: English titles without spaces, the words the import's mapping
 * screen recognises (`suggestMapping`), so an exported file goes back in with no mapping work.
 */
const OWN_COLUMNS = [
  ['Cellphone', 'cellphone'], ['FirstName', 'firstName'], ['LastName', 'lastName'], ['Email', 'email'], ['Job', 'job'],
  ['Birthdate', 'birthdate'], ['Telephone', 'telephone'], ['Address', 'address'], ['PhonebookGroup', 'phonebookGroup'],
] as const;

const tehranClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/**
 * A stored Datetime value (an ISO instant) as Tehran's wall clock, `YYYY-MM-DD` when it is the
 * start of a day (what the panel stores) else `YYYY-MM-DD HH:mm:ss`: readable, and read back by
 * the import as the same Tehran instant. Gregorian, because the import does not read Jalali dates.
 */
export function tehranDateText(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const p = Object.fromEntries(tehranClock.formatToParts(at).map((x) => [x.type, x.value]));
  const day = `${p.year}-${p.month}-${p.day}`;
  return p.hour === '00' && p.minute === '00' && p.second === '00' ? day : `${day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The sheet's titles and the row writer for one organization's fields and one reader. */
export function exportLayout(defs: readonly CustomFieldRow[], numbersHidden: boolean) {
  const titles = [...OWN_COLUMNS.map(([title]) => title), ...defs.map((d) => d.nameEn), 'CreateType'];
  const dates = new Map<string, string>();
  const dateText = (iso: string) => {
    let text = dates.get(iso);
    if (text === undefined) {
      text = tehranDateText(iso);
      // The same instants come again and again (days of joining); the cache stays small.
      if (dates.size >= 10_000) dates.clear();
      dates.set(iso, text);
    }
    return text;
  };
  const custom = (def: CustomFieldRow, value: CustomFieldValue | undefined): SpreadsheetValue => {
    if (value === undefined || value === null) return null;
    return def.type === 'Datetime' && typeof value === 'string' ? dateText(value) : value;
  };
  const values = (r: ContactRow): SpreadsheetValue[] => [
    numbersHidden ? maskNumber(r.cellphone) : r.cellphone,
    r.firstName, r.lastName, r.email, r.job, r.birthdate,
    numbersHidden && r.telephone ? maskNumber(r.telephone) : r.telephone,
    r.address, r.phonebookGroup,
    ...defs.map((d) => custom(d, r.fields[String(d.id)])),
    r.createType,
  ];
  return { titles, values };
}

/** Where a file is written while it grows and once it is whole. */
interface Target { file: string; part: string }

/**
 * Writes a phonebook export to `<dataDir>/exports/contacts-<id>.<format>`: keyset pages of the
 * selection (2,000 contacts each, the next read while the current one is written), rows committed
 * as they are written (exceljs' streaming WorkbookWriter with its zip backlog bounded, or CSV lines
 * with the file stream's backpressure), so memory stays flat for a million contacts; the event
 * loop gets a turn every ROWS_PER_TURN rows. The requester's rights are rebuilt and checked when
 * the job runs. A repeated job finds the export finished and does nothing; a crash leaves a
 * `.part` that the next run overwrites.
 */
@injectable()
export class ContactExporter {
  private queue: JobQueue<ContactExportJob> | null = null;

  constructor(
    @inject(ContactExportRepository) private readonly repo: ContactExportRepository,
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(ContactsRepository) private readonly rows: ContactsRepository,
    @inject(ActorFactory) private readonly actors: ActorFactory,
    @inject(TYPES.QueueFactory) private readonly queues: QueueFactory,
    @inject(TYPES.Realtime) private readonly realtime: Realtime,
    @inject(TYPES.Translator) private readonly translator: Translator,
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  private exportQueue(): JobQueue<ContactExportJob> {
    this.queue ??= this.queues.queue<ContactExportJob>(CONTACT_EXPORT_QUEUE);
    return this.queue;
  }

  async enqueue(exportId: number): Promise<void> {
    await this.exportQueue().add({ exportId }, { jobId: `contact-export:${exportId}`, retries: 1 });
  }

  /** Worker processes only; one export at a time per process (each is a long sequential read). */
  start(): void {
    this.exportQueue().process(1, (job) => this.run(job.data.exportId));
  }

  async stop(): Promise<void> {
    await this.queue?.close(10_000);
  }

  filePath(id: number, format: ContactExportFormat): string {
    return path.join(this.config.dataDir, 'exports', `contacts-${id}.${format}`);
  }

  /** Removes exports older than CONTACT_EXPORT_KEEP_MS with their files (an hourly job). */
  async sweep(now: Date): Promise<number> {
    let removed = 0;
    for (;;) {
      const gone = await this.repo.removeOlderThan(new Date(now.getTime() - CONTACT_EXPORT_KEEP_MS), 500);
      for (const { id, format } of gone) {
        await rm(this.filePath(id, format), { force: true });
        await rm(`${this.filePath(id, format)}.part`, { force: true });
      }
      removed += gone.length;
      if (gone.length < 500) return removed;
    }
  }

  private push(row: ContactExportRow | null): void {
    if (row) this.realtime.emitToUser(row.userId, CONTACT_EXPORT_EVENT, publicContactExport(row, this.translator));
  }

  private async fail(id: number, reason: string): Promise<void> {
    this.push(await this.repo.update(id, { status: 'Failed', failedReason: reason, finishedAt: this.clock.now() }));
  }

  async run(exportId: number): Promise<void> {
    const request = await this.repo.find(exportId);
    if (!request || request.status === 'Done' || request.status === 'Failed') return;
    const found = await this.actors.forUser(request.userId, request.organizationId, 'panel', { requestId: `contact-export:${exportId}` });
    if (!('actor' in found) || !found.actor.principal.claims.has(CLAIM)) return this.fail(exportId, 'contacts.export.userGone');
    let selection: Awaited<ReturnType<ContactsService['exportSelection']>>;
    try {
      // The rights of the request, checked again: a reader who lost them since gets no file; numbers hidden since are masked.
      selection = await this.contacts.exportSelection(found.actor, request.selection);
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return this.fail(exportId, err.key);
      throw err;
    }
    const target: Target = { file: this.filePath(exportId, request.format), part: `${this.filePath(exportId, request.format)}.part` };
    try {
      const total = selection.filtered ? await this.rows.count(selection.filter) : selection.phonebook.contactsCount;
      this.push(await this.repo.update(exportId, { status: 'Running', progressPercent: 0, totalCount: total, numbersHidden: selection.numbersHidden }));
      await mkdir(path.dirname(target.file), { recursive: true });
      const layout = exportLayout(selection.defs, selection.numbersHidden);
      let written = 0;
      let shown = 0;
      let lastPush = 0;
      const progress = async (count: number) => {
        written = count;
        // Contacts may be added while the file is written: the total is a moment's, so below 100 until done.
        const percent = total > 0 ? Math.min(99, Math.floor((written / total) * 100)) : 99;
        if (percent > shown && Date.now() - lastPush >= PUSH_EVERY_MS) {
          shown = percent;
          lastPush = Date.now();
          this.push(await this.repo.update(exportId, { progressPercent: percent, rowCount: written }));
        }
      };
      const pages = prefetched(this.pages(selection.filter));
      if (request.format === 'csv') await writeCsv(target.part, layout, pages, progress);
      else await writeXlsx(target.part, layout, pages, progress);
      await rename(target.part, target.file);
      this.push(await this.repo.update(exportId, { status: 'Done', progressPercent: 100, rowCount: written, totalCount: written, finishedAt: this.clock.now() }));
      this.logger.info({ exportId, rows: written }, 'contact export written');
    } catch (err) {
      await rm(target.part, { force: true });
      this.logger.error({ err, exportId }, 'contact export failed');
      await this.fail(exportId, 'contacts.export.failed');
    }
  }

  /** The selection in id order, one keyset page per statement (no cursor or transaction held between pages). */
  private async *pages(filter: ContactFilter): AsyncGenerator<ContactRow[]> {
    let after = 0;
    for (;;) {
      const rows = await this.rows.page(filter, { pageIndex: 0, pageSize: EXPORT_PAGE, afterId: after });
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1].id;
      if (rows.length < EXPORT_PAGE) return;
    }
  }
}

type Layout = ReturnType<typeof exportLayout>;
type Progress = (written: number) => Promise<void>;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function writeXlsx(file: string, layout: Layout, pages: AsyncGenerator<ContactRow[]>, progress: Progress): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  // Sheet1: the name the spec gives the sheets Peyk reads.
  const sheet = workbook.addWorksheet('Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(layout.titles).commit();
  let written = 0;
  for await (const rows of pages) {
    for (const r of rows) {
      sheet.addRow(layout.values(r).map(spreadsheetCell)).commit();
      if (++written % ROWS_PER_TURN === 0) await turn();
    }
    await drained(sheet);
    await progress(written);
  }
  sheet.commit();
  await workbook.commit();
}

async function writeCsv(file: string, layout: Layout, pages: AsyncGenerator<ContactRow[]>, progress: Progress): Promise<void> {
  const out = createWriteStream(file);
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => undefined);
  const write = async (text: string) => {
    if (!out.write(text)) await Promise.race([new Promise<void>((resolve) => out.once('drain', () => resolve())), failed]);
  };
  try {
    // A BOM: without it Excel reads UTF-8 Persian as mojibake.
    await write(`\ufeff${csvLine(layout.titles)}`);
    let written = 0;
    for await (const rows of pages) {
      let chunk = '';
      for (const r of rows) {
        chunk += csvLine(layout.values(r));
        if (++written % ROWS_PER_TURN === 0) {
          await write(chunk);
          chunk = '';
          await turn();
        }
      }
      if (chunk) await write(chunk);
      await progress(written);
    }
    await Promise.race([new Promise<void>((resolve) => out.end(resolve)), failed]);
  } finally {
    if (!out.closed) out.destroy();
  }
}

/** An export as its requester sees it; `path` is the download link (relative to the API root) once done. */
export function publicContactExport(row: ContactExportRow, translator: Translator) {
  return {
    id: row.id, phonebookId: row.phonebookId, format: row.format, status: row.status, numbersHidden: row.numbersHidden,
    progressPercent: row.progressPercent, rowCount: row.rowCount, totalCount: row.totalCount,
    failedReason: row.failedReason ? translator.t(row.culture, row.failedReason) : null,
    createdAt: row.createdAt, finishedAt: row.finishedAt,
    path: row.status === 'Done' ? `ContactExports/Download/${row.id}/${row.downloadKey}` : null,
  };
}
