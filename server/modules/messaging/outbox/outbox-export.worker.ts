import { inject, injectable } from 'inversify';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import type { AppConfig } from '../../../platform/config.js';
import type { Clock } from '../../../platform/clock.js';
import type { Tenant } from '../../../platform/actor.js';
import type { JobQueue, QueueFactory } from '../../../platform/queue.js';
import type { Realtime } from '../../../platform/realtime.js';
import { writeSheetFile, type SheetColumn } from '../../../platform/xlsx-stream.js';
import { bucketOf } from '../../../shared/insight/delivery-buckets.js';
import { ExcelRequestsRepository, type ExcelRequestRow } from './excel-requests.repository.js';
import { OutboxSearchService } from './outbox-search.service.js';
import { exportDataStatusOf } from './export-data-status.js';
import type { ReceiverHit, ReceiverSearch } from './outbox-search.repository.js';

export const EXPORT_QUEUE = 'outbox-export';
/** The push the requester's sockets get on every step of an export. */
export const EXCEL_REQUEST_EVENT = 'excel-request';
/** Receivers read per statement: one keyset page each (never one giant result held in memory). */
const EXPORT_PAGE = 10_000;
/** Export files (and their requests) are kept this long, then swept. */
export const EXPORT_KEEP_MS = 7 * 86_400_000;

export interface ExportJob { requestId: number }

/** What a request stores to run later: the caller's slice and the resolved filter (dates as ISO). */
export interface StoredExportFilter {
  tenant: Tenant;
  search: Omit<ReceiverSearch, 'from' | 'to'> & { from: string; to: string };
}

/**
 * The sheet's columns: the spec's receiver row and its send, English titles without spaces. Outcome
 * is the delivery status's group in the one vocabulary every screen uses (delivered, notDelivered,
 * failed, …: server/shared/insight/delivery-buckets.ts), so the file and the screens agree. Last, so the columns before it keep their places.
 */
const COLUMNS: SheetColumn<ReceiverHit>[] = ([
  { header: 'SendId', key: 'sendId', width: 10 },
  { header: 'ToNumber', key: 'toNumber', width: 16 },
  { header: 'Operator', key: 'operator', width: 10 },
  { header: 'Description', key: 'description', width: 30 },
  { header: 'SendStatus', key: 'sendStatus', width: 16 },
  { header: 'DeliveryStatus', key: 'deliveryStatus', width: 24 },
  { header: 'SendDateTime', key: 'sendDateTime', width: 24 },
  { header: 'StatusDateTime', key: 'statusDateTime', width: 24 },
  { header: 'SenderNumber', key: 'senderNumber', width: 16 },
  { header: 'DateTimeSend', key: 'dateTimeSend', width: 24 },
  { header: 'SmsText', key: 'smsText', width: 50 },
  { header: 'Outcome', key: 'outcome', width: 16 },
] as const).map((c) => ({ ...c, value: (r: ReceiverHit) => (c.key === 'outcome' ? bucketOf(r.deliveryStatus) : r[c.key]) }));

export const exportFileName = (id: number) => `outbox-${id}.xlsx`;

/**
 * Writes an export request's receivers to `<dataDir>/exports/<id>.xlsx` with exceljs' streaming
 * WorkbookWriter (rows committed as they are written: memory stays flat whatever the count), page
 * by page through the search's keyset, pushing progress to the requester. A repeated job (at
 * least once delivery) finds the request finished and does nothing; a crash mid-file leaves a
 * `.part` that the next run overwrites.
 */
@injectable()
export class OutboxExporter {
  private queue: JobQueue<ExportJob> | null = null;

  constructor(
    @inject(ExcelRequestsRepository) private readonly requests: ExcelRequestsRepository,
    @inject(OutboxSearchService) private readonly search: OutboxSearchService,
    @inject(TYPES.QueueFactory) private readonly queues: QueueFactory,
    @inject(TYPES.Realtime) private readonly realtime: Realtime,
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  private exportQueue(): JobQueue<ExportJob> {
    this.queue ??= this.queues.queue<ExportJob>(EXPORT_QUEUE);
    return this.queue;
  }

  async enqueue(requestId: number): Promise<void> {
    await this.exportQueue().add({ requestId }, { jobId: `export:${requestId}`, retries: 1 });
  }

  /** Worker processes only; one export at a time per process (each is a long sequential read). */
  start(): void {
    this.exportQueue().process(1, (job) => this.run(job.data.requestId));
  }

  async stop(): Promise<void> {
    await this.queue?.close(10_000);
  }

  /** Removes requests older than EXPORT_KEEP_MS and their files (a daily job). */
  async sweep(now: Date): Promise<number> {
    let removed = 0;
    for (;;) {
      const ids = await this.requests.removeOlderThan(new Date(now.getTime() - EXPORT_KEEP_MS), 500);
      for (const id of ids) {
        await rm(this.filePath(id), { force: true });
        await rm(`${this.filePath(id)}.part`, { force: true });
      }
      removed += ids.length;
      if (ids.length < 500) return removed;
    }
  }

  filePath(id: number): string {
    return path.join(this.config.dataDir, 'exports', exportFileName(id));
  }

  private push(row: ExcelRequestRow | null): void {
    if (row) this.realtime.emitToUser(row.userId, EXCEL_REQUEST_EVENT, publicExcelRequest(row));
  }

  async run(requestId: number): Promise<void> {
    const request = await this.requests.find(requestId);
    if (!request || request.status === 'Done' || request.status === 'Failed') return;
    this.push(await this.requests.update(requestId, { status: 'Running', progressPercent: 0 }));
    const file = this.filePath(requestId);
    try {
      const stored = request.filter as StoredExportFilter;
      const filter: ReceiverSearch = { ...stored.search, from: new Date(stored.search.from), to: new Date(stored.search.to) };
      const written = await writeSheetFile({
        file, columns: COLUMNS, total: await this.search.count(stored.tenant, filter),
        pages: this.search.pages(stored.tenant, filter, EXPORT_PAGE),
        onProgress: async (percent, rows) => this.push(await this.requests.update(requestId, { progressPercent: percent, rowCount: rows })),
      });
      this.push(await this.requests.update(requestId, {
        status: 'Done', isReadyForDownload: true, progressPercent: 100, rowCount: written, path: exportFileName(requestId), finishedAt: this.clock.now(),
      }));
      this.logger.info({ requestId, rows: written }, 'outbox export written');
    } catch (err) {
      this.logger.error({ err, requestId }, 'outbox export failed');
      this.push(await this.requests.update(requestId, { status: 'Failed', errors: [(err as Error).message], finishedAt: this.clock.now() }));
    }
  }
}

/** A request as its requester sees it; `path` is the download link (relative to the API root) once ready. */
export function publicExcelRequest(row: ExcelRequestRow) {
  return {
    id: row.id, type: row.type, status: row.status, isReadyForDownload: row.isReadyForDownload, errors: row.errors,
    progressPercent: row.progressPercent, rowCount: row.rowCount, createdAt: row.createdAt, finishedAt: row.finishedAt,
    path: row.isReadyForDownload ? `OutBox/DownloadExcel/${row.id}/${row.downloadKey}` : null,
    exportDataStatus: exportDataStatusOf(row),
  };
}
