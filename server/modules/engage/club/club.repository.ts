import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import type { Tenant } from '../../../platform/actor.js';
import { whereOrganizationVisible } from '../../../platform/tenancy.js';
import { likeContains } from '../../../platform/http/search.js';

/** A club request's approval, spelled like the spec's other waiting states ("Wating", as OtpStatus). */
export const CLUB_DEVICE_STATUSES = ['WatingForConfirm', 'Confirmed', 'Rejected'] as const;
export type ClubDeviceStatus = (typeof CLUB_DEVICE_STATUSES)[number];

/** The spec's PeriodType, as the delay of a device's message. */
export const CLUB_DELAY_TYPES = ['Second', 'Minute', 'Hour', 'Daily'] as const;
export type ClubDelayType = (typeof CLUB_DELAY_TYPES)[number];

export interface ClubDeviceRow {
  id: number;
  organizationId: number;
  userId: number;
  deviceId: string;
  webhookUrl: string | null;
  phonebookIdList: number[];
  delayType: ClubDelayType;
  delayValue: number;
  isShowDetail: boolean;
  messageText: string | null;
  /** Null once the line is deleted: purchases are still taken, no message goes out. */
  privateNumberId: number | null;
  rialsPerPoint: number | null;
  secret: string;
  status: ClubDeviceStatus;
  decidedByUserId: number | null;
  decidedAt: Date | null;
  rejectComment: string | null;
  lastFailureCode: string | null;
  lastPurchaseAt: Date | null;
  createdAt: Date;
  lastModified: Date;
  deletedAt: Date | null;
}

export type NewClubDevice = Omit<ClubDeviceRow, 'id' | 'createdAt' | 'deletedAt' | 'lastFailureCode' | 'lastPurchaseAt' | 'rejectComment'>;

export interface ClubDeviceListItem extends ClubDeviceRow {
  /** The device's name in the panel's lists and dialogs: its deviceId. */
  title: string;
  userName: string;
  organizationName: string;
  senderNumber: string | null;
  purchaseCount: number;
}

export interface ClubMemberRow {
  id: number;
  organizationId: number;
  mobile: string;
  name: string | null;
  points: number;
  totalAmount: number;
  purchaseCount: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  lastDeviceId: number | null;
}

export interface ClubPurchaseRow {
  id: number;
  organizationId: number;
  deviceId: number | null;
  clubFileId: number | null;
  purchaseId: string;
  mobile: string;
  amount: number;
  points: number;
  port: number | null;
  purchasedAt: Date;
  receivedAt: Date;
  sendId: number | null;
  messageFailureCode: string | null;
}

export type NewPurchase = Omit<ClubPurchaseRow, 'id'>;

export interface MemberFilter {
  pageIndex: number;
  pageSize: number;
  search?: string;
  minPoints?: number;
  maxPoints?: number;
}

export interface DeviceFilter {
  pageIndex: number;
  pageSize: number;
  search?: string;
  status?: ClubDeviceStatus;
}

const INT_COLUMNS = [
  'id', 'organizationId', 'userId', 'delayValue', 'privateNumberId', 'rialsPerPoint', 'decidedByUserId', 'purchaseCount', 'points', 'totalAmount',
  'lastDeviceId', 'deviceId', 'clubFileId', 'amount', 'port', 'sendId',
] as const;

/** PGlite and pg answer integers, bigints and json in different shapes; every row leaves here as numbers and arrays. */
function normalize<T>(raw: Record<string, unknown>, keepDeviceId = false): T {
  const r: Record<string, unknown> = { ...raw };
  for (const k of INT_COLUMNS) {
    if (k === 'deviceId' && keepDeviceId) continue;
    if (r[k] !== undefined) r[k] = r[k] === null ? null : Number(r[k]);
  }
  if (typeof r.phonebookIdList === 'string') r.phonebookIdList = JSON.parse(r.phonebookIdList);
  return r as T;
}
const device = (raw: unknown) => normalize<ClubDeviceRow>(raw as Record<string, unknown>, true);

/** The digits of a mobile search, without the leading 0 or 98 (stored numbers are 98…). */
function mobileDigits(search: string): string {
  const d = search.replace(/[۰-۹]/g, (c) => String(c.charCodeAt(0) - 0x06f0)).replace(/[٠-٩]/g, (c) => String(c.charCodeAt(0) - 0x0660)).replace(/\D/g, '');
  return d.replace(/^0+/, '');
}

/** Club devices, members and purchases (`club_devices`, `club_members`, `club_purchases`). Deleted devices are invisible here. */
@injectable()
export class ClubRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async insertDevice(tx: Tx, row: NewClubDevice): Promise<ClubDeviceRow> {
    const [created] = await tx('club_devices').insert({ ...row, phonebookIdList: JSON.stringify(row.phonebookIdList) }).returning('*');
    return device(created);
  }

  async updateDevice(tx: Tx, id: number, patch: Partial<ClubDeviceRow>): Promise<ClubDeviceRow> {
    const values: Record<string, unknown> = { ...patch };
    if (patch.phonebookIdList) values.phonebookIdList = JSON.stringify(patch.phonebookIdList);
    const [row] = await tx('club_devices').where({ id }).update(values).returning('*');
    return device(row);
  }

  /** One visible device, locked for the change (an edit and a decision cannot cross), or null. */
  async findVisible(tenant: Tenant, ownerId: number | null, id: number, tx: Tx): Promise<ClubDeviceRow | null> {
    const q = tx('club_devices as d').select('d.*').where('d.id', id).whereNull('d.deletedAt').forUpdate();
    whereOrganizationVisible(q, tx, 'd.organizationId', tenant);
    if (ownerId !== null) q.where('d.userId', ownerId);
    const row = await q.first();
    return row ? device(row) : null;
  }

  /** A live device by its row id, for the public webhook (no caller). */
  async findLive(id: number): Promise<ClubDeviceRow | null> {
    const row = await this.knex('club_devices').where({ id }).whereNull('deletedAt').first();
    return row ? device(row) : null;
  }

  /** Another live device of the organization with this deviceId (any case), if any. */
  async deviceIdTaken(tx: Tx, organizationId: number, deviceId: string, exceptId: number | null): Promise<boolean> {
    const q = tx('club_devices').select('id').where({ organizationId }).whereRaw('lower("deviceId") = lower(?)', [deviceId]).whereNull('deletedAt');
    if (exceptId !== null) q.whereNot('id', exceptId);
    return (await q.first()) !== undefined;
  }

  async listDevices(tenant: Tenant, ownerId: number | null, f: DeviceFilter): Promise<{ items: ClubDeviceListItem[]; totalCount: number }> {
    const q = this.knex('club_devices as d').whereNull('d.deletedAt');
    whereOrganizationVisible(q, this.knex, 'd.organizationId', tenant);
    if (ownerId !== null) q.where('d.userId', ownerId);
    if (f.status) q.where('d.status', f.status);
    if (f.search) q.where('d.deviceId', 'ilike', likeContains(f.search));
    const [count, items] = await Promise.all([
      q.clone().count<{ n: string | number }[]>({ n: '*' }).first(),
      q.clone()
        .join('users as u', 'u.id', 'd.userId').join('organizations as o', 'o.id', 'd.organizationId')
        .leftJoin('private_numbers as pn', 'pn.id', 'd.privateNumberId')
        .select('d.*', 'd.deviceId as title', 'u.userName as userName', 'o.name as organizationName', 'pn.number as senderNumber',
          this.knex.raw('(select count(*) from club_purchases cp where cp."deviceId" = d.id) as "purchaseCount"'))
        .orderBy('d.id', 'desc').offset(f.pageIndex * f.pageSize).limit(f.pageSize),
    ]);
    return { items: (items as Record<string, unknown>[]).map((r) => device(r) as ClubDeviceListItem), totalCount: Number(count?.n ?? 0) };
  }

  async purchase(deviceId: number, purchaseId: string, tx?: Tx): Promise<ClubPurchaseRow | null> {
    const row = await (tx ?? this.knex)('club_purchases').where({ deviceId, purchaseId }).first();
    return row ? normalize<ClubPurchaseRow>(row as Record<string, unknown>) : null;
  }

  /** A purchase row; a repeated (device, purchase id) or (file, purchase id) raises the unique violation that undoes its transaction. */
  async insertPurchase(tx: Tx, row: NewPurchase): Promise<ClubPurchaseRow> {
    const [created] = await tx('club_purchases').insert(row).returning('*');
    return normalize<ClubPurchaseRow>(created as Record<string, unknown>);
  }

  /** Adds a purchase to the organization's member (created on the first one); answers the member after it. */
  async addToMember(tx: Tx, m: { organizationId: number; mobile: string; name: string | null; points: number; amount: number; at: Date; deviceId: number | null }): Promise<ClubMemberRow> {
    const [row] = await tx('club_members')
      .insert({ organizationId: m.organizationId, mobile: m.mobile, name: m.name, points: m.points, totalAmount: m.amount, purchaseCount: 1, firstSeenAt: m.at, lastSeenAt: m.at, lastDeviceId: m.deviceId })
      .onConflict(['organizationId', 'mobile'])
      .merge({
        points: tx.raw('club_members.points + excluded.points'),
        totalAmount: tx.raw('club_members."totalAmount" + excluded."totalAmount"'),
        purchaseCount: tx.raw('club_members."purchaseCount" + 1'),
        lastSeenAt: tx.raw('greatest(club_members."lastSeenAt", excluded."lastSeenAt")'),
        firstSeenAt: tx.raw('least(club_members."firstSeenAt", excluded."firstSeenAt")'),
        name: tx.raw('coalesce(excluded.name, club_members.name)'),
        lastDeviceId: tx.raw('coalesce(excluded."lastDeviceId", club_members."lastDeviceId")'),
      })
      .returning('*');
    return normalize<ClubMemberRow>(row as Record<string, unknown>);
  }

  async member(organizationId: number, mobile: string, tx?: Tx): Promise<ClubMemberRow | null> {
    const row = await (tx ?? this.knex)('club_members').where({ organizationId, mobile }).first();
    return row ? normalize<ClubMemberRow>(row as Record<string, unknown>) : null;
  }

  private membersQuery(tenant: Tenant, f: Omit<MemberFilter, 'pageIndex' | 'pageSize'>) {
    const q = this.knex('club_members as m');
    whereOrganizationVisible(q, this.knex, 'm.organizationId', tenant);
    if (f.search) {
      const digits = mobileDigits(f.search);
      q.where((w) => {
        if (digits) w.orWhere('m.mobile', 'like', likeContains(digits));
        w.orWhere('m.name', 'ilike', likeContains(f.search as string));
      });
    }
    if (f.minPoints !== undefined) q.where('m.points', '>=', f.minPoints);
    if (f.maxPoints !== undefined) q.where('m.points', '<=', f.maxPoints);
    return q;
  }

  /** Members of the tenant's slice, most recently seen first. */
  async listMembers(tenant: Tenant, f: MemberFilter): Promise<{ items: (ClubMemberRow & { organizationName: string })[]; totalCount: number }> {
    const q = this.membersQuery(tenant, f);
    const [count, items] = await Promise.all([
      q.clone().count<{ n: string | number }[]>({ n: '*' }).first(),
      q.clone().join('organizations as o', 'o.id', 'm.organizationId').select('m.*', 'o.name as organizationName')
        .orderBy([{ column: 'm.lastSeenAt', order: 'desc' }, { column: 'm.id', order: 'desc' }]).offset(f.pageIndex * f.pageSize).limit(f.pageSize),
    ]);
    return { items: (items as Record<string, unknown>[]).map((r) => normalize(r)), totalCount: Number(count?.n ?? 0) };
  }

  /** The mobiles of an organization's members with the points filter, in id pages (a club send's receivers). */
  async memberMobiles(organizationId: number, f: { minPoints?: number; maxPoints?: number }, afterId: number, limit: number): Promise<{ id: number; mobile: string }[]> {
    const q = this.knex('club_members').select('id', 'mobile').where({ organizationId }).where('id', '>', afterId).orderBy('id').limit(limit);
    if (f.minPoints !== undefined) q.where('points', '>=', f.minPoints);
    if (f.maxPoints !== undefined) q.where('points', '<=', f.maxPoints);
    return ((await q) as Record<string, unknown>[]).map((r) => ({ id: Number(r.id), mobile: String(r.mobile) }));
  }
}
