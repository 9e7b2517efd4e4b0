import { specEncoding } from '../../shared/sms/sms-text.js';
import { inject, injectable } from 'inversify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Actor } from '../../platform/actor.js';
import type { JobQueue, QueueFactory } from '../../platform/queue.js';
import type { Realtime } from '../../platform/realtime.js';
import { AppError, badRequest } from '../../platform/http/errors.js';
import { writeSheetFile, type SheetColumn } from '../../platform/xlsx-stream.js';
import { ExcelRequestsService, exportDataStatusOf, OutboxExporter } from '../messaging/index.js';
import { InboxRepository, type InboxFilter, type InboxRow, type InboxViewer } from './inbox.repository.js';
import { InboxService, type InboxListInput } from './inbox.service.js';
import { shownSender } from '../../shared/sms/masked-numbers.js';

export const INBOX_EXPORT_QUEUE = 'inbox-export';
/** The excel request's `type` (the spec's Excel request, shared with the outbox's exports). */
export const INBOX_EXPORT_TYPE = 'InboxMessages';
/** Same event as the outbox's exports: the panel's export button follows both. */
const EXCEL_REQUEST_EVENT = 'excel-request';
const EXPORT_PAGE = 5_000;
const LIST_LIMIT = 20;

interface StoredInboxExport {
  viewer: InboxViewer;
  filter: Omit<InboxFilter, 'pageIndex' | 'pageSize' | 'fromDate' | 'toDate'> & { fromDate: string | null; toDate: string | null };
}

/** Columns: the spec's inbox message fields, English titles without spaces; encoding in the spec's words. */
const COLUMNS: SheetColumn<InboxRow>[] = [
  { header: 'DateTimeReceive', width: 24, value: (r) => r.dateTimeReceive },
  { header: 'SenderMobile', width: 16, value: (r) => shownSender(r).senderMobile },
  { header: 'ReceiverNumber', width: 16, value: (r) => r.receiverNumber },
  { header: 'SmsText', width: 50, value: (r) => shownSender(r).smsText },
  { header: 'Encoding', width: 10, value: (r) => specEncoding(r.encoding) },
  { header: 'SmsParts', width: 8, value: (r) => r.smsParts },
  { header: 'IsRead', width: 8, value: (r) => (r.isRead ? 'Yes' : 'No') },
  { header: 'InboxGroupName', width: 20, value: (r) => r.inboxGroupName ?? null },
  { header: 'OrganizationName', width: 20, value: (r) => r.organizationName ?? null },
];

/**
 * The inbox's Excel export: a request in messaging's `excel_requests` (type InboxMessages; its
 * requester, progress and download key), run by a job of its own queue, written with exceljs'
 * streaming writer and the shared backlog wait (platform/xlsx-stream.ts) to the outbox exports'
 * file of that request, so the outbox's daily sweep removes it with its request. Progress is the
 * same `excel-request` push. The export reads with the requester's viewer as it was asked.
 */
@injectable()
export class InboxExporter {
  private queue: JobQueue<{ requestId: number }> | null = null;

  constructor(
    @inject(ExcelRequestsService) private readonly requests: ExcelRequestsService,
    @inject(OutboxExporter) private readonly files: OutboxExporter,
    @inject(InboxRepository) private readonly inbox: InboxRepository,
    @inject(InboxService) private readonly service: InboxService,
    @inject(TYPES.QueueFactory) private readonly queues: QueueFactory,
    @inject(TYPES.Realtime) private readonly realtime: Realtime,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  private exportQueue() {
    this.queue ??= this.queues.queue<{ requestId: number }>(INBOX_EXPORT_QUEUE);
    return this.queue;
  }

  start(): void {
    this.exportQueue().process(1, (job) => this.run(job.data.requestId));
  }

  async stop(): Promise<void> {
    await this.queue?.close(10_000);
  }

  async request(ctx: Actor, input: Omit<InboxListInput, 'pageIndex' | 'pageSize'>) {
    const { fromDate, toDate, pageIndex: _i, pageSize: _s, ...rest } = this.service.filterOf(input);
    const filter: StoredInboxExport = { viewer: this.service.viewerOf(ctx), filter: { ...rest, fromDate: fromDate?.toISOString() ?? null, toDate: toDate?.toISOString() ?? null } };
    const row = await this.requests.create({ organizationId: ctx.principal.organizationId, userId: ctx.principal.userId, type: INBOX_EXPORT_TYPE, filter, downloadKey: randomBytes(24).toString('hex') });
    await this.exportQueue().add({ requestId: row.id }, { jobId: `inbox-export:${row.id}`, retries: 1 });
    return publicInboxExport(row);
  }

  async list(ctx: Actor) {
    return (await this.requests.listOf(ctx.principal.userId, 200)).filter((r) => r.type === INBOX_EXPORT_TYPE).slice(0, LIST_LIMIT).map(publicInboxExport);
  }

  /** Only the requester sees a request. */
  async get(ctx: Actor, id: number) {
    const row = await this.requests.find(id);
    if (!row || row.userId !== ctx.principal.userId || row.type !== INBOX_EXPORT_TYPE) throw new AppError(404, 'status.404');
    return publicInboxExport(row);
  }

  /** The finished file behind a download link (its random key is the only credential). */
  async file(id: number, key: string): Promise<{ path: string; fileName: string }> {
    const row = await this.requests.find(id);
    const same = row !== null && row.downloadKey.length === key.length && timingSafeEqual(Buffer.from(row.downloadKey), Buffer.from(key));
    if (!row || !same || row.type !== INBOX_EXPORT_TYPE) throw new AppError(404, 'status.404');
    const file = this.files.filePath(id);
    if (!row.isReadyForDownload || !existsSync(file)) throw badRequest('inbox.exportNotReady');
    return { path: file, fileName: `inbox-${id}.xlsx` };
  }

  private push(row: Awaited<ReturnType<ExcelRequestsService['find']>>): void {
    if (row) this.realtime.emitToUser(row.userId, EXCEL_REQUEST_EVENT, publicInboxExport(row));
  }

  async run(requestId: number): Promise<void> {
    const request = await this.requests.find(requestId);
    if (!request || request.status === 'Done' || request.status === 'Failed') return;
    this.push(await this.requests.update(requestId, { status: 'Running', progressPercent: 0 }));
    const file = this.files.filePath(requestId);
    try {
      const stored = (typeof request.filter === 'string' ? JSON.parse(request.filter) : request.filter) as StoredInboxExport;
      const filter = { ...stored.filter, fromDate: stored.filter.fromDate ? new Date(stored.filter.fromDate) : null, toDate: stored.filter.toDate ? new Date(stored.filter.toDate) : null };
      const written = await writeSheetFile({
        file, columns: COLUMNS, total: await this.inbox.count(stored.viewer, filter),
        pages: this.inbox.pages(stored.viewer, filter, EXPORT_PAGE),
        onProgress: async (percent, rows) => this.push(await this.requests.update(requestId, { progressPercent: percent, rowCount: rows })),
      });
      this.push(await this.requests.update(requestId, { status: 'Done', isReadyForDownload: true, progressPercent: 100, rowCount: written, path: path.basename(file), finishedAt: this.clock.now() }));
    } catch (err) {
      this.logger.error({ err, requestId }, 'inbox export failed');
      this.push(await this.requests.update(requestId, { status: 'Failed', errors: [(err as Error).message], finishedAt: this.clock.now() }));
    }
  }
}

/** A request as its requester sees it (the outbox's shape); `path` is the inbox's download link once ready. */
export function publicInboxExport(row: NonNullable<Awaited<ReturnType<ExcelRequestsService['find']>>>) {
  return {
    id: row.id, type: row.type, status: row.status, isReadyForDownload: row.isReadyForDownload, errors: row.errors,
    progressPercent: row.progressPercent, rowCount: row.rowCount, createdAt: row.createdAt, finishedAt: row.finishedAt,
    path: row.isReadyForDownload ? `Inbox/DownloadExcel/${row.id}/${row.downloadKey}` : null,
    exportDataStatus: exportDataStatusOf(row),
  };
}
