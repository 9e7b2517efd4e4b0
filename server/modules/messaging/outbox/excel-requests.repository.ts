import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';

export type ExcelRequestStatus = 'Waiting' | 'Running' | 'Done' | 'Failed';

/** The spec's Excel request (path, type, isReadyForDownload, errors) with its requester and progress. */
export interface ExcelRequestRow {
  id: number;
  organizationId: number;
  userId: number;
  type: string;
  filter: unknown;
  path: string | null;
  downloadKey: string;
  isReadyForDownload: boolean;
  errors: string[];
  rowCount: number;
  progressPercent: number;
  status: ExcelRequestStatus;
  createdAt: Date;
  finishedAt: Date | null;
  /** For a send's receivers export: when that send last changed (read with the request). */
  sendChangedAt?: Date | null;
}

const normalize = (r: ExcelRequestRow): ExcelRequestRow => ({ ...r, id: Number(r.id) });

@injectable()
export class ExcelRequestsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async create(row: { organizationId: number; userId: number; type: string; filter: unknown; downloadKey: string }): Promise<ExcelRequestRow> {
    const [created] = await this.knex('excel_requests').insert({ ...row, filter: JSON.stringify(row.filter) }).returning('*');
    return normalize(created);
  }

  async find(id: number): Promise<ExcelRequestRow | null> {
    const row = await this.withSend().where('r.id', id).first();
    return row ? normalize(row) : null;
  }

  async listOf(userId: number, limit: number): Promise<ExcelRequestRow[]> {
    return (await this.withSend().where('r.userId', userId).orderBy('r.id', 'desc').limit(limit)).map(normalize);
  }

  /** The user's latest export of one send's receivers, if any. */
  async latestForSend(userId: number, sendId: number): Promise<ExcelRequestRow | null> {
    const row = await this.withSend().where({ 'r.userId': userId, 'r.type': 'OutboxRecipients' })
      .whereRaw(`r.filter->'search'->>'sendId' = ?`, [String(sendId)]).orderBy('r.id', 'desc').first();
    return row ? normalize(row) : null;
  }

  /** Requests with, for a send's receivers export, when that send last changed (ExportDataStatus Refresh). */
  private withSend() {
    return this.knex('excel_requests as r')
      .leftJoin('sends as s', (j) => j.on('r.type', this.knex.raw('?', ['OutboxRecipients'])).andOn(this.knex.raw(`s.id = (r.filter->'search'->>'sendId')::int`)))
      .select('r.*', 's.updatedAt as sendChangedAt');
  }

  /** Moves a request on; a request already Done or Failed is never moved back (a repeated job). */
  async update(id: number, patch: Partial<Pick<ExcelRequestRow, 'status' | 'progressPercent' | 'rowCount' | 'path' | 'isReadyForDownload' | 'finishedAt'>> & { errors?: string[] }): Promise<ExcelRequestRow | null> {
    const values: Record<string, unknown> = { ...patch };
    if (patch.errors) values.errors = JSON.stringify(patch.errors);
    const [row] = await this.knex('excel_requests').where({ id }).whereNotIn('status', ['Done', 'Failed']).update(values).returning('*');
    return row ? normalize(row) : null;
  }

  /** Removes requests created before `before` and answers their ids (their files go next). */
  async removeOlderThan(before: Date, limit: number): Promise<number[]> {
    const rows = await this.knex('excel_requests').whereIn('id', this.knex('excel_requests').select('id').where('createdAt', '<', before).orderBy('id').limit(limit))
      .delete().returning('id');
    return rows.map((r: { id: string | number }) => Number(r.id));
  }
}
