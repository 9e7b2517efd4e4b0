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
import { UploadIntake, type StoredUpload } from '../../platform/upload/upload-intake.service.js';
import { AuditService } from '../audit/index.js';
import { ActorFactory } from '../identity/index.js';
import { isEmptyRow, readSheetRows, SheetError, type SheetFormat } from '../contacts/index.js';
import { NumberBankRepository, type BankImportRow, type StoredNumber } from './number-bank.repository.js';
import { ZonesRepository, COUNTRY_NAME } from './zones.repository.js';
import { columnsOfHeader, isReject, parseBankRow, type BankRecord, type ColumnMap, type RowReject } from './number-bank.rows.js';
import { BANK_IMPORT_EVENT, publicBankImport } from './number-bank.files.js';

export const BANK_IMPORT_QUEUE = 'number-bank-import';
/** Rows per transaction: one `unnest` insert, its zones marked stale, the import's counters moved on. */
export const BANK_BATCH = 2_000;
const PUSH_EVERY_MS = 250;

export type BankImportJob = Record<'importId', number>;

/** Another run of the same import committed meanwhile (a job delivered twice): this run stops. */
class Superseded extends Error {}

/**
 * Runs bank imports on the job queue, one at a time per worker process: streams the stored file
 * (xlsx or CSV, the contacts module's readers: memory bounded by a batch, plus an xlsx's shared
 * strings), checks each row, resolves its state/city/area names to zones (created as they come,
 * kept in a map: zones are thousands, not millions), and commits every BANK_BATCH rows in one
 * transaction: the upsert by mobile, the zones it touched marked stale, the rejected rows with
 * their reasons, the import's counters. The last transaction recounts every stale zone and
 * completes the import, so counts and import move together. A crash loses at most the batch in
 * flight: the next run starts after `processedCount`.
 */
@injectable()
export class NumberBankImporter {
  private readonly jobs: ResumableFileJobs<'importId'>;

  constructor(
    @inject(NumberBankRepository) private readonly repo: NumberBankRepository,
    @inject(ZonesRepository) private readonly zones: ZonesRepository,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(ActorFactory) private readonly actors: ActorFactory,
    @inject(UploadIntake) private readonly intake: UploadIntake,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.QueueFactory) queues: QueueFactory,
    @inject(TYPES.Realtime) private readonly realtime: Realtime,
    @inject(TYPES.Translator) private readonly translator: Translator,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {
    this.jobs = new ResumableFileJobs({
      queueName: BANK_IMPORT_QUEUE, idField: 'importId', jobPrefix: 'bank', label: 'number bank import',
      findStuck: (before, limit) => this.repo.stuckImports(before, limit),
      run: (importId) => this.run(importId),
      fail: (importId) => this.fail(importId, 'targeting.import.failed'),
      now: () => this.clock.now(),
    }, queues, logger);
  }

  importQueue(): JobQueue<BankImportJob> {
    return this.jobs.jobQueue();
  }

  async enqueue(importId: number, round = ''): Promise<void> {
    await this.jobs.enqueue(importId, round);
  }

  async start(): Promise<void> {
    await this.jobs.start();
  }

  async stop(): Promise<void> {
    await this.jobs.stop();
  }

  async resumeStuck(afterMs?: number): Promise<void> {
    await this.jobs.resumeStuck(afterMs);
  }

  async run(importId: number): Promise<void> {
    const file = await this.repo.findImport(importId);
    if (!file || (file.status !== 'Waiting' && file.status !== 'Extracting') || !file.filePath) return;
    const found = await this.actors.forUser(file.userId, file.organizationId, 'panel', { requestId: `number-bank-import:${importId}` });
    // Only a system administrator imports; one who lost that since imports nothing more.
    if (!('actor' in found) || found.actor.principal.scope !== 'superAdmin') return void (await this.fail(importId, 'targeting.import.userGone'));
    const actor = found.actor;
    const now = this.clock.now();
    if (!(await this.repo.setImportStatusIf(importId, ['Waiting', 'Extracting'], { status: 'Extracting', startedAt: file.startedAt ?? now, lastModified: now }))) return;
    try {
      await this.read(actor, file);
    } catch (err) {
      if (err instanceof Superseded) return;
      if (err instanceof SheetError) return void (await this.fail(importId, err.key));
      throw err;
    }
  }

  private async read(actor: Actor, file: BankImportRow): Promise<void> {
    const format: SheetFormat = { format: file.format, encoding: file.encoding as SheetFormat['encoding'], delimiter: file.delimiter as SheetFormat['delimiter'] };
    const stored = this.intake.file({ path: file.filePath, size: file.sizeBytes } as StoredUpload);
    let fraction = 0;
    const rows = readSheetRows(stored, format, { onProgress: (f) => { fraction = f; } });
    const zoneIds = new Map<string, number>();
    let columns: ColumnMap | null = null;
    let seen = 0;
    let committed = file.processedCount;
    let records: BankRecord[] = [];
    let rejects: RowReject[] = [];
    let lastPush = 0;
    // One commit at a time; the next batch is read, checked and its zones resolved while it runs.
    let inFlight: Promise<void> | null = null;
    const flush = async (last: boolean) => {
      const batch = { records, rejects, processed: records.length + rejects.length };
      records = [];
      rejects = [];
      const stored = await this.resolveZones(batch.records, zoneIds);
      await inFlight;
      const push = last || Date.now() - lastPush >= PUSH_EVERY_MS;
      if (push) lastPush = Date.now();
      const expected = committed;
      committed += batch.processed;
      inFlight = this.commit(actor, file, stored, batch.rejects, batch.processed, expected, last, fraction, push).then((row) => { if (row) this.push(row); });
      // Awaited by the next flush (or the end); a failure is thrown there.
      inFlight.catch(() => undefined);
      if (last) await inFlight;
    };
    try {
      for await (const batch of rows) {
        for (const r of batch) {
          if (isEmptyRow(r.cells)) continue;
          if (!columns) {
            columns = columnsOfHeader(r.cells);
            if (!columns) throw new SheetError('targeting.import.noMobileColumn');
            continue;
          }
          // Rows before processedCount were committed by an earlier run.
          if (seen++ < file.processedCount) continue;
          const parsed = parseBankRow(r.cells, columns, r.rowNumber);
          if (isReject(parsed)) rejects.push(parsed);
          else records.push(parsed);
          if (records.length + rejects.length >= BANK_BATCH) {
            if (this.jobs.stopping) return void (await inFlight);
            await flush(false);
          }
        }
      }
      if (!columns) throw new SheetError('targeting.import.noRows');
      await flush(true);
      this.logger.info({ importId: file.id, rows: committed }, 'number bank imported');
    } catch (err) {
      // Assigned inside flush: the compiler cannot see it set here.
      await (inFlight as Promise<void> | null)?.catch(() => undefined);
      throw err;
    } finally {
      await rows.return(undefined);
    }
  }

  /** State, city and area names → zone ids (created when new); the batch deduplicated by mobile, the last row winning. */
  private async resolveZones(records: readonly BankRecord[], ids: Map<string, number>): Promise<StoredNumber[]> {
    const zone = async (type: number, parentId: number | null, name: string) => {
      const k = `${parentId ?? 0}\u0000${name}`;
      let id = ids.get(k);
      if (id === undefined) {
        id = await this.zones.ensure(type, parentId, name);
        ids.set(k, id);
      }
      return id;
    };
    const country = await zone(0, null, COUNTRY_NAME);
    const byMobile = new Map<string, StoredNumber>();
    for (const r of records) {
      const provinceId = await zone(1, country, r.stateName);
      const cityId = r.cityName ? await zone(2, provinceId, r.cityName) : null;
      const areaId = r.areaName && cityId !== null ? await zone(3, cityId, r.areaName) : null;
      byMobile.delete(r.mobile);
      byMobile.set(r.mobile, {
        mobile: r.mobile, provinceId, cityId, areaId, mobileOperator: r.mobileOperator, genderType: r.genderType, simType: r.simType, zipCode: r.zipCode,
        guildName: r.guildName, subGuildName: r.subGuildName, isBlackList: r.isBlackList, isBlackListLocal: r.isBlackListLocal,
      });
    }
    return [...byMobile.values()];
  }

  private async commit(actor: Actor, file: BankImportRow, numbers: StoredNumber[], rejects: RowReject[], processed: number, expected: number, last: boolean, fraction: number, push: boolean): Promise<BankImportRow | null> {
    const now = this.clock.now();
    return this.uow.run(async (tx) => {
      const locked = await this.repo.lockImport(tx, file.id);
      if (!locked || locked.status !== 'Extracting' || locked.processedCount !== expected) throw new Superseded();
      const { inserted, updated, leftZones } = await this.repo.upsert(tx, numbers, now);
      const touched = new Set<number>(leftZones);
      for (const n of numbers) for (const z of [n.provinceId, n.cityId, n.areaId]) if (z !== null) touched.add(z);
      await this.zones.markStale(tx, [...touched]);
      await this.repo.insertRejects(tx, file.id, locked.rejectedCount, rejects);
      // Rows merged into a later row of the same batch count as updates of that number.
      const counts = { processed, added: inserted, updated: updated + (processed - rejects.length - numbers.length), rejected: rejects.length };
      if (!last) {
        await this.repo.addCounts(tx, file.id, counts, { progressPercent: Math.min(99, Math.floor(fraction * 100)), lastModified: now });
        return push ? (await this.repo.findImport(file.id, tx))! : null;
      }
      const zoneCount = await this.zones.recountStale(tx, now);
      await this.repo.addCounts(tx, file.id, counts, { status: 'Completed', progressPercent: 100, zoneCount, filePath: null, finishedAt: now, lastModified: now });
      const done = (await this.repo.findImport(file.id, tx))!;
      await this.audit.record(tx, actor, {
        operationType: 'Import', className: 'NumberBank', referenceId: file.id, organizationId: file.organizationId,
        newData: { fileName: file.fileName, processedCount: done.processedCount, addedCount: done.addedCount, updatedCount: done.updatedCount, rejectedCount: done.rejectedCount, zoneCount },
      });
      return done;
    }).then(async (row) => {
      if (last && file.filePath) await this.intake.discard({ path: file.filePath } as StoredUpload);
      return row;
    });
  }

  /** Failed with a reason (a message key); what was committed stays (its zones recounted), the stored file goes. */
  async fail(importId: number, key: string): Promise<void> {
    const now = this.clock.now();
    const before = await this.repo.findImport(importId);
    const moved = await this.repo.setImportStatusIf(importId, ['Waiting', 'Extracting'], { status: 'Failed', failedReason: key, filePath: null, finishedAt: now, lastModified: now });
    if (!moved) return;
    await this.uow.run((tx) => this.zones.recountStale(tx, now));
    if (before?.filePath) await this.intake.discard({ path: before.filePath } as StoredUpload);
    const row = await this.repo.findImport(importId);
    if (row) this.push(row);
  }

  private push(row: BankImportRow): void {
    this.realtime.emitToUser(row.userId, BANK_IMPORT_EVENT, publicBankImport(row, (key, params) => this.translator.t('fa', key, params)));
  }
}
