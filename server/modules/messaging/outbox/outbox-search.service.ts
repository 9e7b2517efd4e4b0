import { inject, injectable } from 'inversify';
import type { Actor, Tenant } from '../../../platform/actor.js';
import { badRequest, fieldError } from '../../../platform/http/errors.js';
import type { SchemaType } from '../../../platform/http/router.js';
import { normalizeMobile, toLatinDigits } from '../../../shared/sms/phone-numbers.js';
import { OutboxSearchRepository, type ReceiverHit, type ReceiverSearch, type SearchCursor } from './outbox-search.repository.js';
import { outboxOwner } from '../send-access.service.js';
import type { advancedSearchSchema } from './outbox-search.schemas.js';

export type AdvancedSearchInput = SchemaType<typeof advancedSearchSchema>;

const MAX_RANGE_MS = 90 * 86_400_000;

const cursorOf = (hit: ReceiverHit): string => `${hit.sendId}:${hit.seq}`;

function parseCursor(after: string | undefined): SearchCursor | undefined {
  if (!after) return undefined;
  const [sendId, seq] = after.split(':').map(Number);
  return { sendId, seq };
}

/** The outbox advanced search over every receiver the caller may see (tenancy as `OutBox/GetAll`). */
@injectable()
export class OutboxSearchService {
  constructor(@inject(OutboxSearchRepository) private readonly repo: OutboxSearchRepository) {}

  /** The filter as the repository takes it: the spec's 90-day range, hours in order, the number normalized. */
  resolve(ctx: Actor, q: Omit<AdvancedSearchInput, 'pageSize' | 'after'>, sendId?: number): ReceiverSearch {
    const from = new Date(q.fromDate);
    const to = new Date(q.toDate);
    if (to <= from || to.getTime() - from.getTime() >= MAX_RANGE_MS) throw badRequest('status.400', {}, [{ propertyName: 'toDate', key: 'messaging.rangeTooLong' }]);
    if (q.fromHour !== undefined && q.toHour !== undefined && q.fromHour > q.toHour) {
      throw badRequest('status.400', {}, [{ propertyName: 'toHour', key: 'messaging.periodicEndBeforeStart' }]);
    }
    let toNumber: string | undefined;
    if (q.toNumber !== undefined && q.toNumber.trim() !== '') {
      const normalized = normalizeMobile(toLatinDigits(q.toNumber));
      if (!normalized) throw fieldError('toNumber', 'messaging.invalidMobile');
      toNumber = normalized.number;
    }
    const blankToUndefined = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);
    return {
      from, to, fromHour: q.fromHour, toHour: q.toHour, toNumber,
      smsText: blankToUndefined(q.smsText), description: blankToUndefined(q.description),
      sendStatus: q.sendStatus, deliveryStatus: q.deliveryStatus,
      phonebookIds: q.phonebookIds?.length ? [...new Set(q.phonebookIds)] : undefined,
      zipCode: blankToUndefined(q.zipCode), guild: blankToUndefined(q.guild), zoneId: q.zone,
      userId: outboxOwner(ctx), sendId,
    };
  }

  async search(ctx: Actor, q: AdvancedSearchInput) {
    const filter = this.resolve(ctx, q);
    const pageSize = q.pageSize ?? 50;
    const rows = await this.repo.page(ctx.tenant, filter, pageSize + 1, parseCursor(q.after));
    const items = rows.slice(0, pageSize);
    return { items, nextCursor: rows.length > pageSize ? cursorOf(items[items.length - 1]) : null };
  }

  /** Every receiver of the filter, page by page (the export reads through this, never one giant result). */
  async *pages(tenant: Tenant, filter: ReceiverSearch, pageSize: number): AsyncGenerator<ReceiverHit[]> {
    let after: SearchCursor | undefined;
    for (;;) {
      const rows = await this.repo.page(tenant, filter, pageSize, after);
      if (rows.length > 0) yield rows;
      if (rows.length < pageSize) return;
      const last = rows[rows.length - 1];
      after = { sendId: last.sendId, seq: last.seq };
    }
  }

  count(tenant: Tenant, filter: ReceiverSearch): Promise<number> {
    return this.repo.count(tenant, filter);
  }
}
