import { Worker } from 'node:worker_threads';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import type { Clock } from '../../platform/clock.js';
import type { Translator } from '../../platform/i18n.js';
import type { JobQueue, QueueFactory } from '../../platform/queue.js';
import type { Realtime } from '../../platform/realtime.js';
import { AppError } from '../../platform/http/errors.js';
import { prefetched } from '../../platform/xlsx-stream.js';
import { ActorFactory } from '../identity/index.js';
import { ContactsService } from './contacts.service.js';
import { ContactsRepository, type ContactFilter, type ExportRow } from './contacts.repository.js';
import { ContactExportRepository, type ContactExportFormat, type ContactExportRow } from './contact-export.repository.js';
import { exportLayout, writeCsv, writeXlsx, type ExportField } from './contact-export.files.js';
import type { ExportThreadData } from './contact-export.thread.js';

export const CONTACT_EXPORT_QUEUE = 'contact-export';
/** The push the requester's sockets get on every step of an export. */
export const CONTACT_EXPORT_EVENT = 'contact-export';
/** The claim of every contacts route (the Phonebook menu's), checked again when the job runs. */
const CLAIM = 'Phonebook.Manage';
/** Contacts read per statement (one keyset page, id order). */
const EXPORT_PAGE = 2_000;
/** From this many contacts the file is written in a worker thread (a thread's start costs more than a small file). */
const THREAD_FROM_ROWS = 20_000;
/** Batches handed to the thread and not yet written: bounds memory when the database reads faster than the file is written. */
const THREAD_AHEAD = 2;
/** Files hold people's numbers: kept one day, then swept with their rows. */
export const CONTACT_EXPORT_KEEP_MS = 86_400_000;
const PUSH_EVERY_MS = 250;
/** An export not finished this long after its request lost its process. */
const STALE_MS = 3_600_000;

export interface ContactExportJob { exportId: number }

/** Where a file is written while it grows and once it is whole. */
interface Target { file: string; part: string }

/**
 * Writes a phonebook export to `<dataDir>/exports/contacts-<id>.<format>`: keyset pages of the
 * selection (2,000 contacts each, the next read while the current one is written), rows committed
 * as they are written (contact-export.files.ts), so memory stays flat for a million contacts. From
 * THREAD_FROM_ROWS contacts the file is made in a worker thread and this process only reads the
 * database. The requester's rights are rebuilt and checked when the job runs. A run claims its
 * export (Waiting → Running) first, so a job delivered again does nothing; an export whose process
 * died stays Running until the sweep fails it (and removes its `.part` a day later).
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
    this.queue ??= this.queues.queue<ContactExportJob>(CONTACT_EXPORT_QUEUE, {
      // A run that threw (the database away) and has no retry left: the export says so instead of waiting for ever.
      onFailed: (_queue, jobId, error, willRetry) => {
        if (willRetry) return;
        const exportId = Number(/^contact-export:(\d+)/.exec(jobId)?.[1]);
        this.logger.error({ err: error, exportId }, 'contact export failed');
        if (exportId) void this.fail(exportId, 'contacts.export.failed').catch((err: unknown) => this.logger.error({ err, exportId }, 'contact export: marking failed'));
      },
    });
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

  /**
   * Removes exports older than CONTACT_EXPORT_KEEP_MS with their files, and fails those still
   * unfinished after STALE_MS (their process died mid-file: a million contacts take a minute or
   * two); the requester asks again. An hourly job.
   */
  async sweep(now: Date): Promise<number> {
    for (const row of await this.repo.failUnfinished(new Date(now.getTime() - STALE_MS), 'contacts.export.failed', now)) this.push(row);
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
    // Claimed once: a job delivered twice (a stalled worker's job handed to another) never writes the same file from two places.
    const claimed = await this.repo.claim(exportId);
    if (!claimed) return;
    this.push(claimed);
    const target: Target = { file: this.filePath(exportId, request.format), part: `${this.filePath(exportId, request.format)}.part` };
    try {
      const total = selection.filtered ? await this.rows.count(selection.filter) : selection.phonebook.contactsCount;
      this.push(await this.repo.update(exportId, { totalCount: total, numbersHidden: selection.numbersHidden }));
      await mkdir(path.dirname(target.file), { recursive: true });
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
      const defs: ExportField[] = selection.defs.map((d) => ({ id: d.id, type: d.type, nameEn: d.nameEn }));
      const pages = prefetched(this.pages(selection.filter));
      if (total >= THREAD_FROM_ROWS) {
        written = await writeInThread({ file: target.part, format: request.format, defs, numbersHidden: selection.numbersHidden }, pages, progress);
      } else {
        const layout = exportLayout(defs, selection.numbersHidden);
        written = await (request.format === 'csv' ? writeCsv : writeXlsx)(target.part, layout, pages, progress);
      }
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
  private async *pages(filter: ContactFilter): AsyncGenerator<ExportRow[]> {
    let after = 0;
    for (;;) {
      const rows = await this.rows.exportPage(filter, after, EXPORT_PAGE);
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1].id;
      if (rows.length < EXPORT_PAGE) return;
    }
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

function startThread(data: ExportThreadData): Worker {
  const own = new URL(import.meta.url);
  const entry = new URL(`./contact-export.thread${own.pathname.endsWith('.ts') ? '.ts' : '.js'}`, own);
  // Bounded, the thread's heap is collected early instead of growing to gigabytes (its garbage is XML text).
  const options = { workerData: data, resourceLimits: { maxOldGenerationSizeMb: 128 } };
  if (entry.pathname.endsWith('.ts')) {
    return new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`, { ...options, eval: true });
  }
  return new Worker(entry, options);
}

type ThreadMessage = { type: 'written'; count: number } | { type: 'done'; count: number } | { type: 'error'; message: string };

/** Hands the pages to a writer thread, at most THREAD_AHEAD unwritten; reports its progress; ends when the file is whole. */
async function writeInThread(data: ExportThreadData, pages: AsyncGenerator<ExportRow[]>, progress: (written: number) => Promise<void>): Promise<number> {
  const thread = startThread(data);
  let sent = 0;
  let acknowledged = 0;
  let failure: Error | null = null;
  let finished = false;
  let count = 0;
  let wake: (() => void) | null = null;
  const signal = () => { wake?.(); wake = null; };
  const waitFor = async (ready: () => boolean) => {
    while (!ready() && !failure) await new Promise<void>((resolve) => { wake = resolve; });
    if (failure) throw failure;
  };
  let reported = Promise.resolve();
  thread.on('message', (m: ThreadMessage) => {
    if (m.type === 'written') {
      acknowledged++;
      reported = reported.then(() => progress(m.count));
    } else if (m.type === 'done') {
      finished = true;
      count = m.count;
    } else failure = new Error(m.message);
    signal();
  });
  thread.on('error', (err) => { failure = err; signal(); });
  thread.on('exit', (code) => { if (!finished) failure ??= new Error(`export thread exited (${code})`); signal(); });
  try {
    for await (const rows of pages) {
      await waitFor(() => sent - acknowledged < THREAD_AHEAD);
      thread.postMessage({ type: 'rows', rows });
      sent++;
    }
    thread.postMessage({ type: 'end' });
    await waitFor(() => finished);
    await reported;
    return count;
  } finally {
    thread.removeAllListeners('exit');
    await thread.terminate();
  }
}
