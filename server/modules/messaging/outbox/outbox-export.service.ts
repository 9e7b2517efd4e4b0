import { inject, injectable } from 'inversify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Actor } from '../../../platform/actor.js';
import { AppError, badRequest } from '../../../platform/http/errors.js';
import { ExcelRequestsRepository, type ExcelRequestRow } from './excel-requests.repository.js';
import { OutboxSearchService, type AdvancedSearchInput } from './outbox-search.service.js';
import { OutboxService } from './outbox.service.js';
import { outboxOwner } from '../send-access.service.js';
import { OutboxExporter, publicExcelRequest, exportFileName, type StoredExportFilter } from './outbox-export.worker.js';
import type { ReceiverSearch } from './outbox-search.repository.js';

const notFound = () => new AppError(404, 'status.404');
/** The requests list shows the latest ones; older files stay downloadable by their link. */
const LIST_LIMIT = 50;

/** Export of a send's receivers or of an advanced search to Excel: the spec's Excel request, run by the queue. */
@injectable()
export class OutboxExportService {
  constructor(
    @inject(ExcelRequestsRepository) private readonly requests: ExcelRequestsRepository,
    @inject(OutboxSearchService) private readonly search: OutboxSearchService,
    @inject(OutboxService) private readonly outbox: OutboxService,
    @inject(OutboxExporter) private readonly exporter: OutboxExporter,
  ) {}

  /** Every receiver of one send the caller may see (live or archived). */
  async requestSend(ctx: Actor, sendId: number) {
    const send = await this.outbox.visible(ctx, sendId);
    const at = new Date(send.dateTimeSend);
    return this.request(ctx, 'OutboxRecipients', { from: at, to: new Date(at.getTime() + 1), sendId, userId: outboxOwner(ctx) });
  }

  /** Every receiver an advanced search finds (same checks as the search). */
  async requestSearch(ctx: Actor, body: Omit<AdvancedSearchInput, 'pageSize' | 'after'>) {
    return this.request(ctx, 'OutboxSearch', this.search.resolve(ctx, body));
  }

  private async request(ctx: Actor, type: string, search: ReceiverSearch) {
    const filter: StoredExportFilter = { tenant: ctx.tenant, search: { ...search, from: search.from.toISOString(), to: search.to.toISOString() } };
    const row = await this.requests.create({
      organizationId: ctx.principal.organizationId, userId: ctx.principal.userId, type, filter, downloadKey: randomBytes(24).toString('hex'),
    });
    await this.exporter.enqueue(row.id);
    return publicExcelRequest(row);
  }

  async list(ctx: Actor) {
    return (await this.requests.listOf(ctx.principal.userId, LIST_LIMIT)).map(publicExcelRequest);
  }

  /** Only the requester sees a request. */
  async get(ctx: Actor, id: number) {
    const row = await this.requests.find(id);
    if (!row || row.userId !== ctx.principal.userId) throw notFound();
    return publicExcelRequest(row);
  }

  /** The finished file behind a download link (the link's key is its only credential). */
  async file(id: number, key: string): Promise<{ path: string; fileName: string }> {
    const row = await this.requests.find(id);
    if (!row || !sameKey(row, key)) throw notFound();
    const file = this.exporter.filePath(id);
    if (!row.isReadyForDownload || !existsSync(file)) throw badRequest('messaging.exportNotReady');
    return { path: file, fileName: exportFileName(id) };
  }
}

function sameKey(row: ExcelRequestRow, key: string): boolean {
  const a = Buffer.from(row.downloadKey);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}
