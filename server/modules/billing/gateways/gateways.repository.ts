import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import type { Tenant } from '../../../platform/http/context.js';
import { whereOrganizationVisible } from '../../../platform/tenancy.js';
import type { GatewayConfig } from './provider.js';

export interface GatewayRow extends GatewayConfig {
  organizationId: number;
  accountInformationId: number | null;
  isGeneralUse: boolean;
  isFactorUse: boolean;
  isActive: boolean;
}

/** The two tables an owner manages here: bank account information and payment gateways. */
export type ManagedTable = 'account_informations' | 'payment_gateways';

/** Payment gateway configurations and the bank account information they (and invoices) name. */
@injectable()
export class GatewaysRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /** A live row of `table` whose organization lies in the tenant's slice of the tree. */
  async findManaged(table: ManagedTable, tenant: Tenant, id: number, tx?: Tx): Promise<Record<string, any> | undefined> {
    const db = tx ?? this.knex;
    const q = db(`${table} as t`).where('t.id', id).whereNull('t.deletedAt');
    whereOrganizationVisible(q, db as Knex, 't.organizationId', tenant);
    return q.first('t.*');
  }

  // ---- account information ----------------------------------------------------------------

  async insertAccount(tx: Tx, values: Record<string, unknown>): Promise<Record<string, any>> {
    const [row] = await tx('account_informations').insert(values).returning('*');
    return row;
  }

  async updateAccount(tx: Tx, id: number, values: Record<string, unknown>): Promise<Record<string, any>> {
    const [row] = await tx('account_informations').where({ id }).update(values).returning('*');
    return row;
  }

  async softDeleteAccount(tx: Tx, id: number): Promise<void> {
    await tx('account_informations').where({ id }).update({ deletedAt: tx.fn.now() });
  }

  async listAccounts(tenant: Tenant): Promise<Record<string, any>[]> {
    const q = this.knex('account_informations as a').whereNull('a.deletedAt');
    whereOrganizationVisible(q, this.knex, 'a.organizationId', tenant);
    return q.select('a.*').orderBy('a.id');
  }

  /** A live account of exactly `organizationId` (a gateway may name only its owner's own account). */
  async findOwnAccount(tx: Tx, id: number, organizationId: number): Promise<Record<string, any> | undefined> {
    return tx('account_informations').where({ id, organizationId }).whereNull('deletedAt').first();
  }

  // ---- gateways ---------------------------------------------------------------------------

  async insertGateway(tx: Tx, values: Record<string, unknown>): Promise<GatewayRow> {
    const [row] = await tx('payment_gateways').insert(values).returning('*');
    return row as GatewayRow;
  }

  async updateGateway(tx: Tx, id: number, values: Record<string, unknown>): Promise<GatewayRow> {
    const [row] = await tx('payment_gateways').where({ id }).update(values).returning('*');
    return row as GatewayRow;
  }

  async softDeleteGateway(tx: Tx, id: number): Promise<void> {
    await tx('payment_gateways').where({ id }).update({ deletedAt: tx.fn.now(), isActive: false });
  }

  async listGateways(tenant: Tenant): Promise<GatewayRow[]> {
    const q = this.knex('payment_gateways as g').whereNull('g.deletedAt');
    whereOrganizationVisible(q, this.knex, 'g.organizationId', tenant);
    return (await q.select('g.*').orderBy('g.id')) as GatewayRow[];
  }

  /** A gateway by id, deleted or not: a payment keeps the gateway it was started at. */
  async findGateway(id: number, tx?: Tx): Promise<GatewayRow | undefined> {
    return (await (tx ?? this.knex)('payment_gateways').where({ id }).first()) as GatewayRow | undefined;
  }

  /**
   * Active general-use gateways owned by an organization strictly above `path`; none when the
   * payer (the last of `path`) has isShowGeneralAccount off (organizations CONTEXT.md, 2026-12-04).
   */
  async usable(path: string, tx?: Tx): Promise<GatewayRow[]> {
    const chain = path.split('/').filter(Boolean).map(Number);
    const ancestors = chain.slice(0, -1);
    if (ancestors.length === 0) return [];
    const payer = await (tx ?? this.knex)('organizations').where({ id: chain[chain.length - 1] }).first('isShowGeneralAccount');
    if (payer?.isShowGeneralAccount !== true) return [];
    return (await (tx ?? this.knex)('payment_gateways').whereIn('organizationId', ancestors).whereNull('deletedAt')
      .where({ isActive: true, isGeneralUse: true }).orderBy('id')) as GatewayRow[];
  }
}
