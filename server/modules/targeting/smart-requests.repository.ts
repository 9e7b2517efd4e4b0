import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/actor.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';
import type { GeoArea, GeoPosition } from '../../shared/targeting/geo-areas.js';

export type SmartStage = 'AwaitingApproval' | 'Queued' | 'Submitted' | 'Ended' | 'Rejected' | 'Cancelled';
export type SmartApprovalStatus = 'WatingForConfirm' | 'Confirmed' | 'Rejected';

export interface SmartRequestRow {
  id: number;
  organizationId: number;
  userId: number;
  requestKind: 'Single' | 'Periodic' | 'P2P';
  groupId: number | null;
  requestName: string;
  text: string;
  senderAgentId: number;
  operator: 'MCI' | 'Irancell' | 'Rightel';
  areas: GeoArea[];
  residenceState: boolean;
  joberState: boolean;
  travellerState: boolean;
  provinces: string[];
  ageFrom: number | null;
  ageTo: number | null;
  gender: 'All' | 'Man' | 'Woman';
  deviceType: string | null;
  brand: string | null;
  model: string | null;
  mobilePrefix: string[];
  cellList: string[];
  smartRequestType: 'Area' | 'CellList';
  operationType: string | null;
  periodicSmartSms: Record<string, unknown> | null;
  grayListExpireHour: number | null;
  sentDelayType: 'None' | 'Minute' | 'Hour';
  sentDelayValue: number;
  sendCountType: 'Count' | 'Percentage';
  countToSend: number | null;
  percentageToSend: number | null;
  maxSendCount: number | null;
  maxDailySendCount: number | null;
  startDatetime: Date;
  endDatetime: Date;
  stage: SmartStage;
  status: 'Stored' | 'Waiting' | 'Done' | 'Failed' | 'NotFound' | 'InternalError' | 'Unknown';
  statusDatetime: Date;
  externalId: string | null;
  requestedCount: number;
  foundCount: number;
  sentCount: number;
  deliveredCount: number;
  partsCount: number;
  unitPrice: string;
  heldAmount: string;
  settledAmount: string;
  failedReason: string | null;
  responseData: Record<string, unknown> | null;
  locations: GeoPosition[];
  approvalStatus: SmartApprovalStatus;
  decidedByUserId: number | null;
  decidedAt: Date | null;
  rejectReason: string | null;
  submitAfter: Date | null;
  submittedAt: Date | null;
  lastPolledAt: Date | null;
  endedAt: Date | null;
  cancelRequestedAt: Date | null;
  /** Periodic requests (migration 0069): an occurrence's parent and period step; the parent's next due time and stop reason. */
  parentId: number | null;
  occurrenceIndex: number | null;
  nextOccurrenceAt: Date | null;
  periodicStopReason: string | null;
  createdAt: Date;
  lastModified: Date;
}

const JSON_COLUMNS = ['areas', 'provinces', 'mobilePrefix', 'cellList', 'periodicSmartSms', 'responseData', 'locations'] as const;

/** jsonb columns written as JSON text (both drivers take it); bigint money columns read back as strings. */
function toDb(row: Partial<SmartRequestRow>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const c of JSON_COLUMNS) if (c in out) out[c] = out[c] === null ? null : JSON.stringify(out[c]);
  return out;
}

function fromDb(raw: Record<string, unknown> | undefined): SmartRequestRow | null {
  if (!raw) return null;
  const row = { ...raw } as Record<string, unknown>;
  for (const c of JSON_COLUMNS) if (typeof row[c] === 'string') row[c] = JSON.parse(row[c] as string);
  for (const c of ['unitPrice', 'heldAmount', 'settledAmount']) row[c] = String(row[c] ?? '0');
  return row as unknown as SmartRequestRow;
}

export interface SmartRequestFilter {
  pageIndex: number;
  pageSize: number;
  search?: string;
  status?: string;
  stage?: string;
}


/** Smart requests (`targeting_smart_requests`). */
@injectable()
export class SmartRequestsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async insert(tx: Tx, row: Partial<SmartRequestRow>): Promise<SmartRequestRow> {
    const [created] = await tx('targeting_smart_requests').insert(toDb(row)).returning('*');
    return fromDb(created) as SmartRequestRow;
  }

  async update(tx: Tx, id: number, patch: Partial<SmartRequestRow>): Promise<SmartRequestRow> {
    const [row] = await tx('targeting_smart_requests').where({ id }).update(toDb(patch)).returning('*');
    return fromDb(row) as SmartRequestRow;
  }

  /**
   * Visible to the caller: the tenant's slice, and only the caller's own unless `ownerId` is null
   * (a manager: approvals' `managerOwnerFilter`). Locked when `tx` is given.
   */
  async findVisible(tenant: Tenant, ownerId: number | null, id: number, tx?: Tx): Promise<SmartRequestRow | null> {
    const q = (tx ?? this.knex)('targeting_smart_requests as r').select('r.*').where('r.id', id);
    whereOrganizationVisible(q, tx ?? this.knex, 'r.organizationId', tenant);
    if (ownerId !== null) q.where('r.userId', ownerId);
    if (tx) q.forUpdate();
    return fromDb(await q.first());
  }

  /** A row by id, locked: the jobs' and progress' read (no tenant: the system acts). */
  async lock(tx: Tx, id: number): Promise<SmartRequestRow | null> {
    return fromDb(await tx('targeting_smart_requests').where({ id }).forUpdate().first());
  }

  async lockByExternal(tx: Tx, senderAgentId: number, externalId: string): Promise<SmartRequestRow | null> {
    return fromDb(await tx('targeting_smart_requests').where({ senderAgentId, externalId }).forUpdate().first());
  }

  async get(id: number): Promise<SmartRequestRow | null> {
    return fromDb(await this.knex('targeting_smart_requests').where({ id }).first());
  }

  async list(tenant: Tenant, ownerId: number | null, f: SmartRequestFilter): Promise<{ items: SmartRequestRow[]; totalCount: number }> {
    const q = this.knex('targeting_smart_requests as r');
    whereOrganizationVisible(q, this.knex, 'r.organizationId', tenant);
    if (ownerId !== null) q.where('r.userId', ownerId);
    // Occurrences are shown under their periodic parent (Get/:id), not as requests of their own.
    q.whereNull('r.parentId');
    if (f.status) q.where('r.status', f.status);
    if (f.stage) q.where('r.stage', f.stage);
    if (f.search) q.where((w) => w.where('r.requestName', 'ilike', likeContains(f.search!)).orWhere('r.text', 'ilike', likeContains(f.search!)));
    const [count, items] = await Promise.all([
      q.clone().count<{ n: string | number }[]>({ n: '*' }).first(),
      q.clone().select('r.*').orderBy('r.id', 'desc').offset(f.pageIndex * f.pageSize).limit(f.pageSize),
    ]);
    return { items: items.map((i) => fromDb(i) as SmartRequestRow), totalCount: Number(count?.n ?? 0) };
  }

  /** Confirmed requests due for the BTS (the submit job's list). */
  async dueForSubmit(now: Date, limit: number): Promise<number[]> {
    const rows = await this.knex('targeting_smart_requests').where({ stage: 'Queued' })
      // A periodic parent is never submitted itself: its occurrences are.
      .where((w) => w.whereNot('requestKind', 'Periodic').orWhereNotNull('parentId'))
      .where((w) => w.whereNull('submitAfter').orWhere('submitAfter', '<=', now)).orderBy('id').limit(limit).select('id');
    return rows.map((r: { id: number }) => r.id);
  }

  /** Running periodic parents whose next occurrence is due by `until` (the periodic job's list). */
  async periodicDue(until: Date, limit: number): Promise<number[]> {
    const rows = await this.knex('targeting_smart_requests').where({ stage: 'Queued', requestKind: 'Periodic', approvalStatus: 'Confirmed' }).whereNull('parentId')
      .where((w) => w.whereNull('nextOccurrenceAt').orWhere('nextOccurrenceAt', '<=', until))
      .where((w) => w.whereNull('submitAfter').orWhere('submitAfter', '<=', until)).orderBy('id').limit(limit).select('id');
    return rows.map((r: { id: number }) => r.id);
  }

  /** A periodic parent's occurrences, oldest first. */
  async occurrences(parentId: number, tx?: Tx): Promise<SmartRequestRow[]> {
    const rows = await (tx ?? this.knex)('targeting_smart_requests').where({ parentId }).orderBy('occurrenceIndex');
    return rows.map((r) => fromDb(r) as SmartRequestRow);
  }

  /** Submitted requests with no news since `before` (the poll job's list). */
  async staleSubmitted(before: Date, limit: number): Promise<SmartRequestRow[]> {
    const rows = await this.knex('targeting_smart_requests').where({ stage: 'Submitted' }).where('statusDatetime', '<', before)
      .where((w) => w.whereNull('lastPolledAt').orWhere('lastPolledAt', '<', before)).orderBy('id').limit(limit);
    return rows.map((r) => fromDb(r) as SmartRequestRow);
  }

  /** A request of this agent taken for submit whose operator id is not stored yet. */
  async hasSubmitInFlight(senderAgentId: number): Promise<boolean> {
    return Boolean(await this.knex('targeting_smart_requests').where({ senderAgentId, stage: 'Submitted' }).whereNull('externalId').first('id'));
  }

  async markPolled(id: number, at: Date): Promise<void> {
    await this.knex('targeting_smart_requests').where({ id }).update({ lastPolledAt: at });
  }

  /**
   * The smart-request alert flags of an organization and its parent (organizations' rows, read
   * only), for the created and failed alerts (CONTEXT.md "Smart requests").
   */
  async alertFlags(tx: Tx, organizationId: number): Promise<{ enableSmartSmsFailureAlert: boolean; parentId: number | null; parentAlertsOnCreate: boolean }> {
    const org = await tx('organizations').where({ id: organizationId }).first('enableSmartSmsFailureAlert', 'parentId');
    const parent = org?.parentId ? await tx('organizations').where({ id: org.parentId }).first('isSendAlertForCreateSmartSmsRequest') : null;
    return { enableSmartSmsFailureAlert: org?.enableSmartSmsFailureAlert === true, parentId: org?.parentId ?? null, parentAlertsOnCreate: parent?.isSendAlertForCreateSmartSmsRequest === true };
  }

  /** Active administrators of an organization (users' rows, read only): who a panel alert goes to. */
  async activeAdmins(tx: Tx, organizationId: number): Promise<number[]> {
    const rows = await tx('users').where({ organizationId, isAdmin: true, isActive: true }).whereNull('deletedAt').select('id');
    return rows.map((r: { id: number }) => r.id);
  }
}
