import type { Knex } from 'knex';
import type { Tenant } from './http/context.js';

/**
 * The one tenancy filter of every repository: rows whose organization lies in the tenant's slice
 * of the tree. Kept here so no repository can forget the subtree rule or get it subtly different.
 */
export function whereOrganizationVisible(query: Knex.QueryBuilder, knex: Knex | Knex.Transaction, column: string, tenant: Tenant): Knex.QueryBuilder {
  if (!tenant.subtree) return query.where(column, tenant.organizationId);
  return query.whereIn(column, knex('organizations').select('id').where('path', 'like', `${tenant.path}%`).whereNull('deletedAt'));
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
