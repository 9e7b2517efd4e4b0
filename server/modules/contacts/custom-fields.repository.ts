import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/actor.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import type { CustomFieldType } from '../../shared/contacts/contact-fields.js';

export interface CustomFieldRow {
  id: number;
  organizationId: number;
  type: CustomFieldType;
  nameEn: string;
  nameFa: string;
  createdAt: Date;
  lastModified: Date;
}

export type NewCustomField = Pick<CustomFieldRow, 'organizationId' | 'type' | 'nameEn' | 'nameFa'>;

@injectable()
export class CustomFieldsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /** An organization's fields in the order they were made (the order forms and tables show them). */
  async ofOrganization(organizationId: number, tx?: Tx): Promise<CustomFieldRow[]> {
    return await (tx ?? this.knex)('custom_fields').where({ organizationId }).orderBy('id') as CustomFieldRow[];
  }

  async countInOrganization(tx: Tx, organizationId: number): Promise<number> {
    const row = await tx('custom_fields').where({ organizationId }).count<{ n: string | number }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  /** One field inside the tenant's slice (an administrator manages the fields of the organizations below too), locked. */
  async findVisible(tx: Tx, tenant: Tenant, id: number): Promise<CustomFieldRow | null> {
    const q = tx('custom_fields as f').select('f.*').where('f.id', id).forUpdate();
    whereOrganizationVisible(q, tx, 'f.organizationId', tenant);
    return ((await q.first()) as CustomFieldRow | undefined) ?? null;
  }

  async insert(tx: Tx, row: NewCustomField): Promise<CustomFieldRow> {
    const [created] = await tx('custom_fields').insert(row).returning('*');
    return created as CustomFieldRow;
  }

  async update(tx: Tx, id: number, patch: Partial<CustomFieldRow>): Promise<CustomFieldRow> {
    const [row] = await tx('custom_fields').where({ id }).update(patch).returning('*');
    return row as CustomFieldRow;
  }

  async delete(tx: Tx, id: number): Promise<void> {
    await tx('custom_fields').where({ id }).delete();
  }
}
