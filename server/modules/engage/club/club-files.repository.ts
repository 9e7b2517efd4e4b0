import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import type { Tenant } from '../../../platform/actor.js';
import { whereOrganizationVisible } from '../../../platform/tenancy.js';

export const CLUB_FILE_STATUSES = ['Waiting', 'Processing', 'Completed', 'Failed'] as const;
export type ClubFileStatus = (typeof CLUB_FILE_STATUSES)[number];

export interface ClubFileRow {
  id: number;
  organizationId: number;
  userId: number;
  smartSmsClubTitle: string;
  fileName: string;
  storedPath: string;
  storedBytes: number;
  status: ClubFileStatus;
  totalCount: number;
  processedCount: number;
  addedCount: number;
  wrongCount: number;
  progressPercent: number;
  failedReason: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const INT_COLUMNS = ['id', 'organizationId', 'userId', 'storedBytes', 'totalCount', 'processedCount', 'addedCount', 'wrongCount', 'progressPercent'] as const;

function normalize(raw: Record<string, unknown>): ClubFileRow {
  const r: Record<string, unknown> = { ...raw };
  for (const k of INT_COLUMNS) if (r[k] !== undefined && r[k] !== null) r[k] = Number(r[k]);
  return r as unknown as ClubFileRow;
}

/** Club files (`club_files`) and the purchases a file adds (`club_purchases` with `clubFileId`). */
@injectable()
export class ClubFilesRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async insert(row: Pick<ClubFileRow, 'organizationId' | 'userId' | 'smartSmsClubTitle' | 'fileName' | 'storedPath' | 'storedBytes'>): Promise<ClubFileRow> {
    const [created] = await this.knex('club_files').insert(row).returning('*');
    return normalize(created as Record<string, unknown>);
  }

  async find(id: number, tx?: Tx): Promise<ClubFileRow | null> {
    const row = await (tx ?? this.knex)('club_files').where({ id }).first();
    return row ? normalize(row as Record<string, unknown>) : null;
  }

  async update(id: number, patch: Partial<ClubFileRow>, tx?: Tx): Promise<ClubFileRow> {
    const [row] = await (tx ?? this.knex)('club_files').where({ id }).update(patch).returning('*');
    return normalize(row as Record<string, unknown>);
  }

  async list(tenant: Tenant, ownerId: number | null, pageIndex: number, pageSize: number): Promise<{ items: ClubFileRow[]; totalCount: number }> {
    const q = this.knex('club_files as f');
    whereOrganizationVisible(q, this.knex, 'f.organizationId', tenant);
    if (ownerId !== null) q.where('f.userId', ownerId);
    const [count, items] = await Promise.all([
      q.clone().count<{ n: string | number }[]>({ n: '*' }).first(),
      q.clone().select('f.*').orderBy('f.id', 'desc').offset(pageIndex * pageSize).limit(pageSize),
    ]);
    return { items: (items as Record<string, unknown>[]).map(normalize), totalCount: Number(count?.n ?? 0) };
  }

  /** A file's purchase, once: false when the file's row (its purchase id) was taken before (a resumed batch). */
  async insertFilePurchase(tx: Tx, row: { organizationId: number; clubFileId: number; purchaseId: string; mobile: string; amount: number; points: number; at: Date }): Promise<boolean> {
    const inserted = await tx('club_purchases').insert({
      organizationId: row.organizationId, clubFileId: row.clubFileId, deviceId: null, purchaseId: row.purchaseId, mobile: row.mobile, amount: row.amount, points: row.points,
      purchasedAt: row.at, receivedAt: row.at,
    }).onConflict(['clubFileId', 'purchaseId']).ignore().returning('id');
    return (inserted as unknown[]).length > 0;
  }

  /** Files Waiting or Processing untouched since `before` (their job was lost with a process). */
  async stuck(before: Date, limit: number): Promise<number[]> {
    const rows = await this.knex('club_files').select('id').whereIn('status', ['Waiting', 'Processing']).where('createdAt', '<', before).orderBy('id').limit(limit);
    return (rows as { id: unknown }[]).map((r) => Number(r.id));
  }
}
