import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/actor.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';

/** A safe-list request's approval, spelled like the spec's other waiting states ("Wating", as OtpStatus). */
export const SAFE_LIST_STATUSES = ['WatingForConfirm', 'Confirmed', 'Rejected'] as const;
export type SafeListStatus = (typeof SAFE_LIST_STATUSES)[number];

export interface SafeListRow {
  id: number;
  organizationId: number;
  userId: number;
  /** Null once the line is deleted: the list then does nothing. */
  privateNumberId: number | null;
  /** Null once the phonebook is deleted: the list then does nothing. */
  phonebookId: number | null;
  enterSms: string;
  exitSms: string;
  returnText: string;
  cancelText: string | null;
  isSendCancelText: boolean;
  dailyAddLimit: number | null;
  monthlyAddLimit: number | null;
  repeatTextDay: number;
  status: SafeListStatus;
  decidedByUserId: number | null;
  decidedAt: Date | null;
  rejectComment: string | null;
  /** Join texts refused because a daily or monthly add limit was reached. */
  overLimitCount: number;
  createdAt: Date;
  lastModified: Date;
  deletedAt: Date | null;
}

export type NewSafeList = Omit<SafeListRow, 'id' | 'overLimitCount' | 'createdAt' | 'deletedAt' | 'rejectComment'>;

export interface SafeListListItem extends SafeListRow {
  /** The list's name in the panel's lists and dialogs: its join word (the spec gives a request no title). */
  title: string;
  userName: string;
  organizationName: string;
  receiverNumber: string | null;
  phonebookTitle: string | null;
  membersCount: number;
}

export interface SafeListFilter {
  pageIndex: number;
  pageSize: number;
  search?: string;
  status?: SafeListStatus;
}

export interface SafeListMember {
  safeListId: number;
  mobile: string;
  joinedAt: Date | null;
  leftAt: Date | null;
  lastReturnTextAt: Date | null;
}

const INT_COLUMNS = ['id', 'organizationId', 'userId', 'privateNumberId', 'phonebookId', 'dailyAddLimit', 'monthlyAddLimit', 'repeatTextDay', 'decidedByUserId', 'overLimitCount', 'membersCount'] as const;

function toDate(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  return v instanceof Date ? v : new Date(String(v));
}

/** PGlite and pg answer integers and counts in different shapes; every row leaves here as numbers. */
function normalize<T>(raw: Record<string, unknown>): T {
  const r: Record<string, unknown> = { ...raw };
  for (const k of INT_COLUMNS) if (r[k] !== undefined) r[k] = r[k] === null ? null : Number(r[k]);
  return r as T;
}

/** Safe-lists (`safe_lists`) and when each number joined and was answered (`safe_list_members`). Deleted lists (`deletedAt`) are invisible here. */
@injectable()
export class SafeListsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async insert(tx: Tx, row: NewSafeList): Promise<SafeListRow> {
    const [created] = await tx('safe_lists').insert(row).returning('*');
    return normalize(created as Record<string, unknown>);
  }

  async update(tx: Tx, id: number, patch: Partial<SafeListRow>): Promise<SafeListRow> {
    const [row] = await tx('safe_lists').where({ id }).update(patch).returning('*');
    return normalize(row as Record<string, unknown>);
  }

  /** Lists in the tenant's slice; only the caller's own unless `ownerId` is null (a manager). Newest first. */
  async list(tenant: Tenant, ownerId: number | null, f: SafeListFilter): Promise<{ items: SafeListListItem[]; totalCount: number }> {
    const q = this.knex('safe_lists as s').whereNull('s.deletedAt');
    whereOrganizationVisible(q, this.knex, 's.organizationId', tenant);
    if (ownerId !== null) q.where('s.userId', ownerId);
    if (f.status) q.where('s.status', f.status);
    if (f.search) {
      const like = likeContains(f.search);
      q.where((w) => w.where('s.enterSms', 'ilike', like).orWhere('s.exitSms', 'ilike', like).orWhere('s.returnText', 'ilike', like));
    }
    const [count, items] = await Promise.all([
      q.clone().count<{ n: string | number }[]>({ n: '*' }).first(),
      q.clone()
        .join('users as u', 'u.id', 's.userId').join('organizations as o', 'o.id', 's.organizationId')
        .leftJoin('private_numbers as pn', 'pn.id', 's.privateNumberId').leftJoin('phonebooks as pb', 'pb.id', 's.phonebookId')
        .select('s.*', 's.enterSms as title', 'u.userName as userName', 'o.name as organizationName', 'pn.number as receiverNumber', 'pb.title as phonebookTitle', this.knex.raw('coalesce(pb."contactsCount", 0) as "membersCount"'))
        .orderBy('s.id', 'desc').offset(f.pageIndex * f.pageSize).limit(f.pageSize),
    ]);
    return { items: (items as Record<string, unknown>[]).map((r) => normalize<SafeListListItem>(r)), totalCount: Number(count?.n ?? 0) };
  }

  /** One visible list, locked for the change (an edit and a decision cannot cross), or null. */
  async findVisible(tenant: Tenant, ownerId: number | null, id: number, tx: Tx): Promise<SafeListRow | null> {
    const q = tx('safe_lists as s').select('s.*').where('s.id', id).whereNull('s.deletedAt').forUpdate();
    whereOrganizationVisible(q, tx, 's.organizationId', tenant);
    if (ownerId !== null) q.where('s.userId', ownerId);
    const row = await q.first();
    return row ? normalize(row as Record<string, unknown>) : null;
  }

  /** The words of the other live lists on a line (a word on a line belongs to one list). */
  async wordsOnLine(tx: Tx, privateNumberId: number, exceptId: number | null): Promise<{ id: number; enterSms: string; exitSms: string }[]> {
    const q = tx('safe_lists').select('id', 'enterSms', 'exitSms').where({ privateNumberId }).whereNull('deletedAt');
    if (exceptId !== null) q.whereNot('id', exceptId);
    return ((await q) as Record<string, unknown>[]).map((r) => ({ id: Number(r.id), enterSms: String(r.enterSms), exitSms: String(r.exitSms) }));
  }

  /** Another live list already serving this phonebook, if any. */
  async onPhonebook(tx: Tx, phonebookId: number, exceptId: number | null): Promise<number | null> {
    const q = tx('safe_lists').select('id').where({ phonebookId }).whereNull('deletedAt');
    if (exceptId !== null) q.whereNot('id', exceptId);
    const row = await q.first();
    return row ? Number((row as { id: unknown }).id) : null;
  }

  /** The approved lists of these lines that still have a line and a phonebook (the inbound step's read). */
  async confirmedOnLines(tx: Tx, privateNumberIds: number[]): Promise<SafeListRow[]> {
    if (privateNumberIds.length === 0) return [];
    const rows = await tx('safe_lists').whereIn('privateNumberId', privateNumberIds).where({ status: 'Confirmed' })
      .whereNull('deletedAt').whereNotNull('phonebookId').orderBy('id');
    return (rows as Record<string, unknown>[]).map((r) => normalize<SafeListRow>(r));
  }

  /** Every live list of these organizations that has a phonebook, whatever its status (an opt-out leaves them all). */
  async liveOfOrganizations(tx: Tx, organizationIds: number[]): Promise<SafeListRow[]> {
    if (organizationIds.length === 0) return [];
    const rows = await tx('safe_lists').whereIn('organizationId', organizationIds).whereNull('deletedAt').whereNotNull('phonebookId').orderBy('id');
    return (rows as Record<string, unknown>[]).map((r) => normalize<SafeListRow>(r));
  }

  async member(tx: Tx, safeListId: number, mobile: string): Promise<SafeListMember | null> {
    const row = await tx('safe_list_members').where({ safeListId, mobile }).first();
    if (!row) return null;
    const r = row as Record<string, unknown>;
    return { safeListId, mobile, joinedAt: toDate(r.joinedAt), leftAt: toDate(r.leftAt), lastReturnTextAt: toDate(r.lastReturnTextAt) };
  }

  /** Records a join (`joinedAt` = now, no longer left); `replied` also moves `lastReturnTextAt`. */
  async joined(tx: Tx, safeListId: number, mobile: string, at: Date, replied: boolean): Promise<void> {
    const values: Record<string, unknown> = { safeListId, mobile, joinedAt: at, leftAt: null };
    if (replied) values.lastReturnTextAt = at;
    await tx('safe_list_members').insert(values).onConflict(['safeListId', 'mobile']).merge(Object.keys(values).filter((k) => k !== 'safeListId' && k !== 'mobile'));
  }

  /** A member who was already in the list and got the join reply again. */
  async replied(tx: Tx, safeListId: number, mobile: string, at: Date): Promise<void> {
    await tx('safe_list_members').insert({ safeListId, mobile, lastReturnTextAt: at }).onConflict(['safeListId', 'mobile']).merge(['lastReturnTextAt']);
  }

  async left(tx: Tx, safeListId: number, mobile: string, at: Date): Promise<void> {
    await tx('safe_list_members').where({ safeListId, mobile }).update({ leftAt: at });
  }

  /** Numbers whose latest join falls at or after `since` (the add limits of a day or a month). */
  async joinsSince(tx: Tx, safeListId: number, since: Date): Promise<number> {
    const row = await tx('safe_list_members').where({ safeListId }).where('joinedAt', '>=', since).count<{ n: string | number }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async countOverLimit(tx: Tx, id: number, n: number): Promise<void> {
    if (n > 0) await tx('safe_lists').where({ id }).increment('overLimitCount', n);
  }
}
