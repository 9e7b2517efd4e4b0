import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Culture } from '../../platform/i18n.js';

export type ContactExportStatus = 'Waiting' | 'Running' | 'Done' | 'Failed';
export type ContactExportFormat = 'xlsx' | 'csv';

/** What was chosen, as Contacts/DeleteMany takes it: ids, or selectAll with the list's filter. */
export interface ContactSelection {
  phonebookId: number;
  ids?: number[];
  selectAll?: boolean;
  search?: string;
  phonebookGroup?: string;
  fieldId?: number;
  fieldValue?: string;
}

export interface ContactExportRow {
  id: number;
  organizationId: number;
  userId: number;
  phonebookId: number;
  format: ContactExportFormat;
  selection: ContactSelection;
  downloadKey: string;
  status: ContactExportStatus;
  numbersHidden: boolean;
  progressPercent: number;
  rowCount: number;
  totalCount: number | null;
  failedReason: string | null;
  culture: Culture;
  createdAt: Date;
  finishedAt: Date | null;
}

const normalize = (r: ContactExportRow): ContactExportRow => ({ ...r, id: Number(r.id) });

@injectable()
export class ContactExportRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async create(tx: Tx, row: Pick<ContactExportRow, 'organizationId' | 'userId' | 'phonebookId' | 'format' | 'selection' | 'downloadKey' | 'numbersHidden' | 'culture'>): Promise<ContactExportRow> {
    const [created] = await tx('contact_exports').insert({ ...row, selection: JSON.stringify(row.selection) }).returning('*');
    return normalize(created);
  }

  async find(id: number): Promise<ContactExportRow | null> {
    const row = await this.knex('contact_exports').where({ id }).first();
    return row ? normalize(row) : null;
  }

  /** The requester's latest exports of one phonebook. */
  async listOf(userId: number, phonebookId: number, limit: number): Promise<ContactExportRow[]> {
    return (await this.knex('contact_exports').where({ userId, phonebookId }).orderBy('id', 'desc').limit(limit)).map(normalize);
  }

  /** Waiting → Running, once: null when another run has it (or it is finished). */
  async claim(id: number): Promise<ContactExportRow | null> {
    const [row] = await this.knex('contact_exports').where({ id, status: 'Waiting' }).update({ status: 'Running' }).returning('*');
    return row ? normalize(row) : null;
  }

  /** Moves an export on; one already Done or Failed is never moved back (a job delivered twice). */
  async update(id: number, patch: Partial<Pick<ContactExportRow, 'status' | 'progressPercent' | 'rowCount' | 'totalCount' | 'numbersHidden' | 'failedReason' | 'finishedAt'>>): Promise<ContactExportRow | null> {
    const [row] = await this.knex('contact_exports').where({ id }).whereNotIn('status', ['Done', 'Failed']).update(patch).returning('*');
    return row ? normalize(row) : null;
  }

  /** Marks Failed the exports requested before `before` and still Waiting or Running; answers them. */
  async failUnfinished(before: Date, reason: string, now: Date): Promise<ContactExportRow[]> {
    const rows = await this.knex('contact_exports').whereIn('status', ['Waiting', 'Running']).where('createdAt', '<', before)
      .update({ status: 'Failed', failedReason: reason, finishedAt: now }).returning('*');
    return rows.map(normalize);
  }

  /** Removes exports created before `before` and answers them (their files go next). */
  async removeOlderThan(before: Date, limit: number): Promise<{ id: number; format: ContactExportFormat }[]> {
    const rows = await this.knex('contact_exports')
      .whereIn('id', this.knex('contact_exports').select('id').where('createdAt', '<', before).orderBy('id').limit(limit))
      .delete().returning(['id', 'format']);
    return rows.map((r: { id: string | number; format: ContactExportFormat }) => ({ id: Number(r.id), format: r.format }));
  }
}
