import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/actor.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';
import { SEND_PRIORITIES } from '../../shared/sends/send-priorities.js';

/** The spec's OtpStatus, spelled like its other waiting states ("Wating"). */
export const OTP_STATUSES = ['WatingForConfirm', 'Confirmed', 'Rejected'] as const;
export type OtpStatus = (typeof OTP_STATUSES)[number];

/** The spec's SendPriority: a format's priority is one of these, and its OTP sends carry it to the dispatcher (CONTEXT.md "OTP formats"). */
export const OTP_PRIORITIES = SEND_PRIORITIES;
export type OtpPriority = (typeof OTP_PRIORITIES)[number];

export interface OtpFormatRow {
  id: number;
  organizationId: number;
  userId: number;
  title: string;
  smsText: string;
  parameterCount: number;
  priority: OtpPriority;
  status: OtpStatus;
  decidedByUserId: number | null;
  decidedAt: Date | null;
  createdAt: Date;
  lastModified: Date;
  deletedAt: Date | null;
}

export type NewOtpFormat = Pick<OtpFormatRow, 'organizationId' | 'userId' | 'title' | 'smsText' | 'parameterCount' | 'priority' | 'status' | 'decidedByUserId' | 'decidedAt' | 'lastModified'>;

export interface OtpFormatFilter {
  pageIndex: number;
  pageSize: number;
  search?: string;
  status?: OtpStatus;
}

/** OTP formats; deleted rows (`deletedAt`) are invisible to every read here. */
@injectable()
export class OtpFormatsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async insert(tx: Tx, row: NewOtpFormat): Promise<OtpFormatRow> {
    const [created] = await tx('otp_formats').insert(row).returning('*');
    return created as OtpFormatRow;
  }

  /**
   * Formats visible to the caller: in the tenant's slice of the tree, and only the caller's own
   * unless `ownerId` is null (an administrator sees every user's formats there).
   */
  async list(tenant: Tenant, ownerId: number | null, f: OtpFormatFilter): Promise<{ items: (OtpFormatRow & { userName: string })[]; totalCount: number }> {
    const q = this.knex('otp_formats as f').join('users as u', 'u.id', 'f.userId').whereNull('f.deletedAt');
    whereOrganizationVisible(q, this.knex, 'f.organizationId', tenant);
    if (ownerId !== null) q.where('f.userId', ownerId);
    if (f.status) q.where('f.status', f.status);
    if (f.search) q.where((w) => w.where('f.title', 'ilike', likeContains(f.search!)).orWhere('f.smsText', 'ilike', likeContains(f.search!)));
    const [count, items] = await Promise.all([
      q.clone().count<{ n: string | number }[]>({ n: '*' }).first(),
      q.clone().select('f.*', 'u.userName as userName').orderBy('f.id', 'desc').offset(f.pageIndex * f.pageSize).limit(f.pageSize),
    ]);
    return { items: items as (OtpFormatRow & { userName: string })[], totalCount: Number(count?.n ?? 0) };
  }

  /** One visible format, locked for the change (an edit and a decision cannot cross), or null. */
  async findVisible(tenant: Tenant, ownerId: number | null, id: number, tx: Tx): Promise<OtpFormatRow | null> {
    const q = tx('otp_formats as f').select('f.*').where('f.id', id).whereNull('f.deletedAt').forUpdate();
    whereOrganizationVisible(q, tx, 'f.organizationId', tenant);
    if (ownerId !== null) q.where('f.userId', ownerId);
    return ((await q.first()) as OtpFormatRow | undefined) ?? null;
  }

  /** The send's read: one primary-key lookup inside the sender's own organization (no lock). */
  async findForSend(organizationId: number, ownerId: number | null, id: number): Promise<OtpFormatRow | null> {
    const q = this.knex('otp_formats').where({ id, organizationId }).whereNull('deletedAt');
    if (ownerId !== null) q.where('userId', ownerId);
    return ((await q.first()) as OtpFormatRow | undefined) ?? null;
  }

  async update(tx: Tx, id: number, patch: Partial<OtpFormatRow>): Promise<OtpFormatRow> {
    const [row] = await tx('otp_formats').where({ id }).update(patch).returning('*');
    return row as OtpFormatRow;
  }
}
