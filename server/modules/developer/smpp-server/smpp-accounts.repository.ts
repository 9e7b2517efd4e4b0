import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import type { Tenant } from '../../../platform/actor.js';
import { whereOrganizationVisible } from '../../../platform/tenancy.js';

export type SmppAccountStatus = 'Active' | 'Disabled';

export interface SmppAccountRow {
  id: number;
  systemId: string;
  passwordHash: string;
  userId: number;
  organizationId: number;
  apiTokenId: number | null;
  title: string;
  allowedIps: string[];
  maxBinds: number;
  windowSize: number;
  throughput: number;
  defaultLineId: number | null;
  status: SmppAccountStatus;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** An account with what a bind must check of its user, organization and token, read in one query. */
export interface SmppBindRow extends SmppAccountRow {
  _userActive: boolean;
  _userSuspended: boolean;
  _userExpireDate: Date | null;
  _userDeletedAt: Date | null;
  _orgActive: boolean;
  _orgArchived: boolean;
  _orgExpireTime: Date | null;
  _orgDeletedAt: Date | null;
  _tokenStatus: string | null;
  _tokenCanSend: boolean | null;
  /** Change with every rotation: a bind remembers them (smpp-server.ts `tokenGeneration`). */
  _tokenPrefix: string | null;
  _tokenRotatedAt: Date | null;
}

export type SmppAccountValues = Omit<SmppAccountRow, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

@injectable()
export class SmppAccountsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async insert(tx: Tx, row: SmppAccountValues): Promise<SmppAccountRow> {
    const [created] = await tx('smpp_accounts').insert({ ...row, allowedIps: JSON.stringify(row.allowedIps) }).returning('*');
    return created as SmppAccountRow;
  }

  async update(tx: Tx, id: number, patch: Partial<SmppAccountRow>): Promise<SmppAccountRow> {
    const values: Record<string, unknown> = { ...patch, updatedAt: new Date() };
    if (patch.allowedIps) values.allowedIps = JSON.stringify(patch.allowedIps);
    const [row] = await tx('smpp_accounts').where({ id }).update(values).returning('*');
    return row as SmppAccountRow;
  }

  async findForBind(systemId: string): Promise<SmppBindRow | null> {
    const row = await this.knex('smpp_accounts as a')
      .join('users as u', 'u.id', 'a.userId')
      .join('organizations as o', 'o.id', 'a.organizationId')
      .leftJoin('api_tokens as k', 'k.id', 'a.apiTokenId')
      .where('a.systemId', systemId).whereNull('a.deletedAt')
      .first('a.*', 'u.isActive as _userActive', 'u.isSuspended as _userSuspended', 'u.expireDate as _userExpireDate', 'u.deletedAt as _userDeletedAt',
        'o.isActive as _orgActive', 'o.isArchived as _orgArchived', 'o.expireTime as _orgExpireTime', 'o.deletedAt as _orgDeletedAt',
        'k.status as _tokenStatus', 'k.isCanSend as _tokenCanSend', 'k.prefix as _tokenPrefix', 'k.rotatedAt as _tokenRotatedAt');
    return (row as SmppBindRow | undefined) ?? null;
  }

  async findById(id: number): Promise<SmppAccountRow | null> {
    return ((await this.knex('smpp_accounts').where({ id }).whereNull('deletedAt').first()) as SmppAccountRow | undefined) ?? null;
  }

  async systemIdTaken(tx: Tx, systemId: string, exceptId: number | null): Promise<boolean> {
    const q = tx('smpp_accounts').where({ systemId }).whereNull('deletedAt').first('id');
    if (exceptId !== null) q.whereNot('id', exceptId);
    return Boolean(await q);
  }

  /** Accounts in the caller's slice of the tree (live ones), newest first, with the user's name. */
  async list(tenant: Tenant): Promise<(SmppAccountRow & { userName: string })[]> {
    const q = this.knex('smpp_accounts as a').join('users as u', 'u.id', 'a.userId').whereNull('a.deletedAt').select('a.*', 'u.userName as userName').orderBy('a.id', 'desc');
    whereOrganizationVisible(q, this.knex, 'a.organizationId', tenant);
    return q;
  }

  async findVisibleRead(tenant: Tenant, id: number): Promise<SmppAccountRow | null> {
    const q = this.knex('smpp_accounts as a').select('a.*').where('a.id', id).whereNull('a.deletedAt');
    whereOrganizationVisible(q, this.knex, 'a.organizationId', tenant);
    return ((await q.first()) as SmppAccountRow | undefined) ?? null;
  }

  async findVisible(tenant: Tenant, id: number, tx: Tx): Promise<SmppAccountRow | null> {
    const q = tx('smpp_accounts as a').select('a.*').where('a.id', id).whereNull('a.deletedAt').forUpdate();
    whereOrganizationVisible(q, tx, 'a.organizationId', tenant);
    return ((await q.first()) as SmppAccountRow | undefined) ?? null;
  }

  /** The user an account may act for: in the caller's slice (the account's organization is the user's own). */
  async userInSlice(tenant: Tenant, userId: number): Promise<{ id: number; organizationId: number } | null> {
    const q = this.knex('users as u').where('u.id', userId).whereNull('u.deletedAt').first('u.id', 'u.organizationId');
    whereOrganizationVisible(q, this.knex, 'u.organizationId', tenant);
    return ((await q) as { id: number; organizationId: number } | undefined) ?? null;
  }

  /** The user's tokens an account may be tied to (the same set `tokenOfUser` accepts), newest first. */
  async tokensOfUser(userId: number): Promise<Array<{ id: number; title: string; prefix: string; status: string }>> {
    return this.knex('api_tokens').where({ userId }).orderBy('id', 'desc').select('id', 'title', 'prefix', 'status');
  }

  async tokenOfUser(tokenId: number, userId: number, tx: Tx): Promise<boolean> {
    return Boolean(await tx('api_tokens').where({ id: tokenId, userId }).first('id'));
  }

  /** Every live, active account (the inbound feed matches messages to them). */
  async activeAccounts(): Promise<SmppAccountRow[]> {
    return this.knex('smpp_accounts').whereNull('deletedAt').where({ status: 'Active' }).select('*');
  }
}
