import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import type { Clock } from '../../../platform/clock.js';
import type { UnitOfWork } from '../../../platform/unit-of-work.js';
import type { QueueFactory } from '../../../platform/queue.js';
import type { Realtime } from '../../../platform/realtime.js';
import type { Translator } from '../../../platform/i18n.js';
import { UploadIntake } from '../../../platform/upload/upload-intake.service.js';
import { ResumableFileJobs } from '../../../platform/workers/resumable-file-jobs.js';
import { normalizeMobile } from '../../../shared/sms/phone-numbers.js';
import { cellText, isEmptyRow, readSheetRows, SheetError, sheetFormatOf, type SheetRow } from '../../contacts/index.js';
import { ClubRepository } from './club.repository.js';
import { ClubFilesRepository, type ClubFileRow } from './club-files.repository.js';

/** The realtime event the uploader's sockets receive after each committed batch and at the end. */
export const CLUB_FILE_EVENT = 'club-file-progress';
const QUEUE = 'club-files';
/** Rows committed per transaction (and per progress push). */
export const CLUB_FILE_BATCH = 500;

interface FileRow { mobile: string; amount: number; points: number; purchaseId: string; name: string | null }

/** A row of the file: mobile | amount | points | purchase id | name. A first row that is not a purchase is the header. */
export function readClubRow(row: SheetRow): FileRow | null {
  const c = (i: number) => cellText(row.cells[i] ?? null).trim();
  const mobile = normalizeMobile(c(0));
  const digits = (s: string) => s.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).replace(/[,٬\s]/g, '');
  const amount = Number(digits(c(1)) || '0');
  const points = Number(digits(c(2)) || '0');
  if (!mobile || !Number.isSafeInteger(amount) || amount < 0 || !Number.isSafeInteger(points) || points < 0) return null;
  const purchaseId = c(3).slice(0, 100) || `row-${row.rowNumber}`;
  return { mobile: mobile.number, amount, points, purchaseId, name: c(4).slice(0, 100) || null };
}

/**
 * Reads club files on the job queue: counts the rows, then adds them in batches of
 * CLUB_FILE_BATCH, each batch one transaction (a purchase per row, unique per file and purchase
 * id, and the member's points and totals), moving processedCount and progressPercent on and
 * pushing the file to the uploader. A resumed run starts at processedCount; a row taken before is
 * skipped by its purchase key, so nothing counts twice. Files add no phonebook contacts and send
 * no messages (a history import must not text every old customer).
 */
@injectable()
export class ClubFileImporter {
  private readonly jobs: ResumableFileJobs<'clubFileId'>;

  constructor(
    @inject(ClubFilesRepository) private readonly files: ClubFilesRepository,
    @inject(ClubRepository) private readonly club: ClubRepository,
    @inject(UploadIntake) private readonly intake: UploadIntake,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.QueueFactory) queues: QueueFactory,
    @inject(TYPES.Realtime) private readonly realtime: Realtime,
    @inject(TYPES.Translator) private readonly translator: Translator,
    @inject(TYPES.Logger) logger: Logger,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {
    this.jobs = new ResumableFileJobs({
      queueName: QUEUE, idField: 'clubFileId', jobPrefix: 'club-file', label: 'club file',
      findStuck: (before, limit) => this.files.stuck(before, limit),
      run: (id) => this.run(id),
      fail: async (id) => { await this.finish(id, 'Failed', 'club.fileFailed'); },
      now: () => this.clock.now(),
    }, queues, logger);
  }

  async enqueue(id: number): Promise<void> {
    await this.jobs.enqueue(id);
  }

  async start(): Promise<void> {
    await this.jobs.start();
  }

  async stop(): Promise<void> {
    await this.jobs.stop();
  }

  async resumeStuck(): Promise<void> {
    await this.jobs.resumeStuck();
  }

  async run(id: number): Promise<void> {
    let file = await this.files.find(id);
    if (!file || (file.status !== 'Waiting' && file.status !== 'Processing')) return;
    const stored = this.intake.file({ key: '', kind: 'club-file', path: file.storedPath, size: file.storedBytes, head: Buffer.alloc(0), detectedType: 'unknown', image: null, fileName: null, declaredType: null });
    try {
      const format = sheetFormatOf(await stored.read(0, Math.min(file.storedBytes, 64 * 1024)));
      let total = 0;
      for await (const rows of readSheetRows(stored, format)) total += rows.filter((r) => !isEmptyRow(r.cells)).length;
      file = await this.files.update(id, { status: 'Processing', totalCount: total });
      this.push(file);
      let index = 0;
      let batch: { index: number; row: FileRow | null }[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const taken = batch;
        batch = [];
        file = await this.uow.run(async (tx) => {
          let added = 0;
          let wrong = 0;
          const at = this.clock.now();
          for (const { row } of taken) {
            if (!row) { wrong++; continue; }
            if (!(await this.files.insertFilePurchase(tx, { organizationId: (file as ClubFileRow).organizationId, clubFileId: id, purchaseId: row.purchaseId, mobile: row.mobile, amount: row.amount, points: row.points, at }))) continue;
            await this.club.addToMember(tx, { organizationId: (file as ClubFileRow).organizationId, mobile: row.mobile, name: row.name, points: row.points, amount: row.amount, at, deviceId: null });
            added++;
          }
          const current = (await this.files.find(id, tx)) as ClubFileRow;
          const processed = taken[taken.length - 1].index + 1;
          return this.files.update(id, {
            processedCount: processed, addedCount: current.addedCount + added, wrongCount: current.wrongCount + wrong,
            progressPercent: current.totalCount > 0 ? Math.min(100, Math.floor((processed * 100) / current.totalCount)) : 100,
          }, tx);
        });
        this.push(file);
      };
      const from = file.processedCount;
      for await (const rows of readSheetRows(stored, format)) {
        for (const r of rows) {
          if (isEmptyRow(r.cells)) continue;
          const i = index++;
          if (i < from) continue;
          const row = readClubRow(r);
          // The first row that is no purchase is the header line, not a wrong row.
          if (!row && i === 0) continue;
          batch.push({ index: i, row });
          if (batch.length >= CLUB_FILE_BATCH) await flush();
          if (this.jobs.stopping) return;
        }
      }
      await flush();
      await this.finish(id, 'Completed', null);
    } catch (err) {
      if (err instanceof SheetError) return void (await this.finish(id, 'Failed', 'club.fileUnreadable'));
      throw err;
    }
  }

  private async finish(id: number, status: 'Completed' | 'Failed', failedReason: string | null): Promise<void> {
    const row = await this.files.update(id, { status, failedReason, finishedAt: this.clock.now(), ...(status === 'Completed' ? { progressPercent: 100 } : {}) });
    this.push(row);
    await this.intake.discard({ key: '', kind: 'club-file', path: row.storedPath, size: 0, head: Buffer.alloc(0), detectedType: 'unknown', image: null, fileName: null, declaredType: null });
  }

  private push(row: ClubFileRow): void {
    const { storedPath: _p, storedBytes: _b, ...rest } = row;
    this.realtime.emitToUser(row.userId, CLUB_FILE_EVENT, { ...rest, failedReason: row.failedReason ? this.translator.t('fa', row.failedReason) : null });
  }
}
