import { Worker } from 'node:worker_threads';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import { ResumableFileJobs } from '../../platform/workers/resumable-file-jobs.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import type { Translator } from '../../platform/i18n.js';
import type { JobQueue, QueueFactory } from '../../platform/queue.js';
import type { Realtime } from '../../platform/realtime.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { AppError } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { ActorFactory } from '../identity/index.js';
import { PhonebooksRepository } from './phonebooks.repository.js';
import { PhonebookAccessService } from './phonebook-access.service.js';
import { CustomFieldsService } from './custom-fields.service.js';
import { tehranToday } from './contact-input.js';
import { withinPhoneNumberLimit } from './contact-limit.js';
import { CHUNK_BYTES, ContactImportRepository, type BatchCounts, type PhonebookFileRow } from './contact-import.repository.js';
import { CONTACT_COLUMNS } from './contact-import.rows.js';
import { SheetError, type StoredFile } from './contact-import.sheet.js';
import { PHONEBOOK_FILE_EVENT, publicPhonebookFile } from './contact-import.files.js';
import { readZipDirectory } from './contact-import.xlsx-reader.js';
import { importBatches, type BatchJob, type ReadyBatch } from './contact-import.batches.js';
import type { ThreadData } from './contact-import.thread.js';

export const IMPORT_QUEUE = 'contact-import';
/** The claim of every contacts route (the Phonebook menu's). */
export const IMPORT_CLAIM = 'Phonebook.Manage';
/** Files from this size are read in a worker thread (off the event loop, on another core); smaller ones here, where a thread's start would cost more than it saves. */
const THREAD_FROM_BYTES = 2 * 1024 * 1024;
const PUSH_EVERY_MS = 250;

export type ImportJob = Record<'fileId', number>;

/** Another run of the same import committed meanwhile (a job run twice): this run stops, the other goes on. */
class Superseded extends Error {}

/**
 * Runs imports on the job queue (one at a time per worker process): reads the stored file row by
 * row, maps and checks each row, drops numbers repeated in the file, and commits every
 * IMPORT_BATCH rows in one transaction that locks the phonebook (with the caller's rights checked
 * again), adds the new contacts (duplicates of the phonebook skipped or updated), stores the
 * rejected rows, adds to contactsCount and to the import's counters, and moves its
 * `processedCount` on. While one batch commits, the next is read. A crash loses at most the batch
 * in flight: the next run (the queue's retry, the stuck sweep, a restart) starts from
 * `processedCount`, re-reading the rows before it only to rebuild the set of numbers already seen.
 */
@injectable()
export class ContactImporter {
  private readonly jobs: ResumableFileJobs<'fileId'>;

  constructor(
    @inject(ContactImportRepository) private readonly repo: ContactImportRepository,
    @inject(PhonebookAccessService) private readonly access: PhonebookAccessService,
    @inject(PhonebooksRepository) private readonly phonebooks: PhonebooksRepository,
    @inject(CustomFieldsService) private readonly fields: CustomFieldsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(ActorFactory) private readonly actors: ActorFactory,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.QueueFactory) queues: QueueFactory,
    @inject(TYPES.Realtime) private readonly realtime: Realtime,
    @inject(TYPES.Translator) private readonly translator: Translator,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {
    this.jobs = new ResumableFileJobs({
      queueName: IMPORT_QUEUE, idField: 'fileId', jobPrefix: 'import', label: 'contact import',
      findStuck: (before, limit) => this.repo.stuck(before, limit),
      run: (fileId) => this.run(fileId),
      fail: (fileId) => this.fail(fileId, 'contacts.import.failed'),
      now: () => this.clock.now(),
    }, queues, logger);
  }

  importQueue(): JobQueue<ImportJob> {
    return this.jobs.jobQueue();
  }

  async enqueue(fileId: number, round = ''): Promise<void> {
    await this.jobs.enqueue(fileId, round);
  }

  /** Worker processes only. Imports a stopped process left behind go on at once. */
  async start(): Promise<void> {
    await this.jobs.start();
  }

  /** Running imports stop after their current batch and stay Extracting: the next start (or another process's sweep) resumes them. */
  async stop(): Promise<void> {
    await this.jobs.stop();
  }

  /** Imports whose job was lost with a process: queued again under a new job id (a duplicate run is harmless, see Superseded). */
  async resumeStuck(afterMs?: number): Promise<void> {
    await this.jobs.resumeStuck(afterMs);
  }

  /** Imports uploaded but never started before `before` (run by the upload intake's one sweep). */
  async sweepUploads(before: Date): Promise<void> {
    await this.repo.deleteStaleStored(before);
  }

  async run(fileId: number): Promise<void> {
    const file = await this.repo.find(fileId);
    if (!file || (file.status !== 'Waiting' && file.status !== 'Extracting') || !file.mapping) return;
    const found = await this.actors.forUser(file.userId, file.organizationId, 'panel', { requestId: `phonebook-file:${fileId}` });
    // The rights of the route that started it, checked again: a user who lost them since imports nothing more.
    if (!('actor' in found) || !found.actor.principal.claims.has(IMPORT_CLAIM)) {
      await this.fail(fileId, 'contacts.import.userGone');
      return;
    }
    const actor = found.actor;
    try {
      // Checked once per run (and again on a resume); each batch then only locks the phonebook.
      const { access } = await this.access.open(actor, file.phonebookId);
      if (!access.canManage) throw new AppError(403, 'contacts.phonebookReadOnly');
    } catch (err) {
      if (err instanceof AppError && (err.status === 403 || err.status === 404)) return void (await this.fail(fileId, 'contacts.import.userGone'));
      throw err;
    }
    const now = this.clock.now();
    if (!(await this.repo.setStatusIf(fileId, ['Waiting', 'Extracting'], { status: 'Extracting', startedAt: file.startedAt ?? now, lastModified: now }))) return;
    const defs = await this.fields.ofOrganization(file.organizationId);
    const job: BatchJob = {
      format: { format: file.format, encoding: file.encoding, delimiter: file.delimiter }, mapping: file.mapping,
      definitions: defs.map((d) => ({ id: d.id, type: d.type, nameEn: d.nameEn, nameFa: d.nameFa })), today: tehranToday(now),
      hasHeaderRow: file.hasHeaderRow, skip: file.processedCount, payloadKind: this.repo.payloadKind,
    };
    const stored = this.repo.storedFile(fileId, file.sizeBytes);
    const batches = file.sizeBytes >= THREAD_FROM_BYTES ? threadBatches(stored, job) : importBatches(stored, job);
    let committed = file.processedCount;
    let inFlight: Promise<void> | null = null;
    let lastPush = 0;
    try {
      for await (const batch of batches) {
        // One commit at a time; the next batch is read and checked while it runs.
        await inFlight;
        if (this.jobs.stopping) return;
        const expected = committed;
        committed += batch.processed;
        const push = batch.last || Date.now() - lastPush >= PUSH_EVERY_MS;
        if (push) lastPush = Date.now();
        inFlight = this.commit(actor, file, batch, expected, push).then((row) => { if (row) this.push(row); });
        inFlight.catch(() => undefined);
        if (batch.last) break;
      }
      await inFlight;
      this.logger.info({ fileId, rows: committed }, 'contacts imported');
    } catch (err) {
      await inFlight?.catch(() => undefined);
      if (err instanceof Superseded) return;
      if (err instanceof SheetError) return void (await this.fail(fileId, err.key, err.params));
      // The organization's maximumPhoneNumber reached: the batches before stay, the import stops there.
      if (err instanceof AppError && err.key === 'contacts.maximumPhoneNumberReached') return void (await this.fail(fileId, err.key, err.params));
      throw err;
    } finally {
      await batches.return(undefined);
    }
  }

  /** One batch in one transaction; answers the import's row when it is to be pushed. */
  private async commit(actor: Actor, file: PhonebookFileRow, b: ReadyBatch, expected: number, push: boolean): Promise<PhonebookFileRow | null> {
    const final = b.last;
    const now = this.clock.now();
    return this.uow.run(async (tx) => {
      await this.repo.commitWithoutFlushWait(tx);
      // The phonebook first (as every change of its contacts), then the import: no lock order inversion.
      // A deleted phonebook took the import with it: the import's row is gone, and this run stops.
      await this.phonebooks.lock(tx, [file.phonebookId]);
      const locked = await this.repo.lock(tx, file.id);
      if (!locked || locked.status !== 'Extracting' || locked.processedCount !== expected) throw new Superseded();
      const columns = CONTACT_COLUMNS.filter((c) => file.mapping!.columns[c] !== undefined);
      const { inserted, updated } = await withinPhoneNumberLimit(this.phonebooks, tx, file.organizationId, async () => {
        const written = await this.repo.insertContacts(tx, file.phonebookId, b, file.updateExisting ? { columns } : null, now);
        await this.phonebooks.addToCount(tx, file.phonebookId, written.inserted, now);
        return written;
      });
      await this.repo.insertRejects(tx, file.id, b.rejects);
      const counts: BatchCounts = {
        processed: b.processed, added: inserted, updated, duplicate: b.duplicate, existing: b.count - inserted - updated, rejected: b.rejects.length,
      };
      const processed = expected + b.processed;
      const patch: Record<string, unknown> = final
        ? { status: 'Completed', progressPercent: 100, totalCount: processed, finishedAt: now, lastModified: now }
        : { progressPercent: Math.min(99, Math.floor(b.fraction * 100)), lastModified: now, ...(locked.totalCount !== null && locked.totalCount < processed ? { totalCount: processed } : {}) };
      await this.repo.addCounts(tx, file.id, counts, patch);
      if (final) {
        await this.repo.deleteChunks(file.id, tx);
        const done = (await this.repo.find(file.id, tx))!;
        await this.audit.record(tx, actor, {
          operationType: 'Import', className: 'Contact', referenceId: file.phonebookId, organizationId: file.organizationId,
          newData: {
            phonebookFileId: file.id, fileName: file.fileName, totalCount: done.totalCount, addedCount: done.addedCount, updatedCount: done.updatedCount,
            duplicateCount: done.duplicateCount, existingCount: done.existingCount, rejectedCount: done.rejectedCount,
          },
        });
        return done;
      }
      return push ? this.repo.find(file.id, tx) : null;
    });
  }

  /** Failed with a reason (a message key); what was committed stays, the stored file goes. */
  async fail(fileId: number, key: string, params: Record<string, unknown> = {}): Promise<void> {
    const now = this.clock.now();
    const moved = await this.repo.setStatusIf(fileId, ['Stored', 'Waiting', 'Extracting'], {
      status: 'Failed', failedReason: key, failedParams: JSON.stringify(params), finishedAt: now, lastModified: now,
    });
    if (!moved) return;
    await this.repo.deleteChunks(fileId);
    const row = await this.repo.find(fileId);
    if (row) this.push(row);
  }

  private push(row: PhonebookFileRow): void {
    // The actor's language is not known here; the screen reloads the list (in its own language) when an import ends.
    this.realtime.emitToUser(row.userId, PHONEBOOK_FILE_EVENT, publicPhonebookFile(row, (key, params) => this.translator.t('fa', key, params)));
  }
}

/**
 * The import's worker thread (contact-import.thread.ts). Under the tsx loader (tests, benchmarks
 * run from source) a thread does not inherit the loader, so it registers tsx itself first.
 */
function startThread(data: ThreadData, heapMb: number): Worker {
  const own = new URL(import.meta.url);
  const entry = new URL(`./contact-import.thread${own.pathname.endsWith('.ts') ? '.ts' : '.js'}`, own);
  const options = { workerData: data, resourceLimits: { maxOldGenerationSizeMb: heapMb } };
  if (entry.pathname.endsWith('.ts')) {
    return new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`, { ...options, eval: true });
  }
  return new Worker(entry, options);
}

/**
 * The thread's old generation: V8 would let it grow to gigabytes before collecting (a million-row
 * xlsx then peaked at 740 MB of the process); bounded, it collects early (500 MB). What stays
 * alive is an xlsx's shared strings (about twice their XML as strings) and the set of numbers seen
 * (16 MB a million rows, double while it grows), besides the batches in flight.
 */
async function threadHeapMb(stored: StoredFile, job: BatchJob): Promise<number> {
  const mb = 1024 * 1024;
  const shared = job.format.format === 'xlsx' ? (await readZipDirectory(stored)).get('xl/sharedStrings.xml')?.size ?? 0 : 0;
  return Math.ceil(192 + (2 * shared) / mb + stored.size / mb / 2);
}

type ThreadMessage =
  | { type: 'read'; id: number; offset: number; length: number }
  | { type: 'batch'; batch: ReadyBatch }
  | { type: 'end' }
  | { type: 'failed'; key: string; params: Record<string, unknown> }
  | { type: 'error'; message: string };

/** The batches of `importBatches`, made in a worker thread: the thread asks for the file's bytes, this side reads them from storage. */
async function* threadBatches(stored: StoredFile, job: BatchJob): AsyncGenerator<ReadyBatch> {
  const thread = startThread({ job, size: stored.size, pieceBytes: CHUNK_BYTES }, await threadHeapMb(stored, job));
  const inbox: ThreadMessage[] = [];
  let wake: (() => void) | null = null;
  const deliver = (m: ThreadMessage) => {
    inbox.push(m);
    wake?.();
    wake = null;
  };
  thread.on('message', (m: ThreadMessage) => {
    if (m.type !== 'read') return deliver(m);
    stored.read(m.offset, m.length).then((piece) => {
      // A copy of its own to transfer: a Buffer may be a view into a shared pool.
      const bytes = piece.buffer.slice(piece.byteOffset, piece.byteOffset + piece.byteLength) as ArrayBuffer;
      thread.postMessage({ type: 'bytes', id: m.id, bytes }, [bytes]);
    }, (err: unknown) => deliver({ type: 'error', message: err instanceof Error ? err.message : String(err) }));
  });
  thread.on('error', (err) => deliver({ type: 'error', message: err.stack ?? err.message }));
  thread.on('exit', (code) => deliver({ type: 'error', message: `import thread exited (${code})` }));
  try {
    for (;;) {
      while (inbox.length === 0) await new Promise<void>((resolve) => { wake = resolve; });
      const m = inbox.shift()!;
      if (m.type === 'batch') {
        yield m.batch;
        thread.postMessage({ type: 'more' });
      } else if (m.type === 'end') return;
      else if (m.type === 'failed') throw new SheetError(m.key, m.params);
      else if (m.type === 'error') throw new Error(m.message);
    }
  } finally {
    thread.removeAllListeners('exit');
    await thread.terminate();
  }
}

