import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/actor.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';

export interface ApiTokenRow {
  id: number;
  userId: number;
  organizationId: number;
  title: string;
  prefix: string;
  tokenHash: string;
  ip: string | null;
  status: 'Active' | 'Revoked';
  isCanSend: boolean;
  isCanSendSmart: boolean;
  isIgnoreCheckIp: boolean;
  canUseSmartClass: boolean;
  createdAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
}

/** A token with what authentication must check of its user and organization, read in one query. */
export interface TokenAuthRow extends ApiTokenRow {
  _userActive: boolean;
  _userSuspended: boolean;
  _userExpireDate: Date | null;
  _userDeletedAt: Date | null;
  _orgActive: boolean;
  _orgArchived: boolean;
  _orgExpireTime: Date | null;
  _orgDeletedAt: Date | null;
}

export type NewApiToken = Pick<ApiTokenRow, 'userId' | 'organizationId' | 'title' | 'prefix' | 'tokenHash' | 'ip' | 'isCanSend' | 'isCanSendSmart' | 'isIgnoreCheckIp' | 'canUseSmartClass'>;

@injectable()
export class ApiTokensRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private db(tx?: Tx): Knex | Tx {
    return tx ?? this.knex;
  }

  async insert(tx: Tx, row: NewApiToken): Promise<ApiTokenRow> {
    const [created] = await tx('api_tokens').insert(row).returning('*');
    return created as ApiTokenRow;
  }

  async findByHash(hash: string): Promise<TokenAuthRow | null> {
    const row = await this.knex('api_tokens as k')
      .join('users as u', 'u.id', 'k.userId')
      .join('organizations as o', 'o.id', 'k.organizationId')
      .where('k.tokenHash', hash)
      .first('k.*', 'u.isActive as _userActive', 'u.isSuspended as _userSuspended', 'u.expireDate as _userExpireDate', 'u.deletedAt as _userDeletedAt',
        'o.isActive as _orgActive', 'o.isArchived as _orgArchived', 'o.expireTime as _orgExpireTime', 'o.deletedAt as _orgDeletedAt');
    return (row as TokenAuthRow | undefined) ?? null;
  }

  /**
   * Tokens visible to the caller: in the tenant's slice of the tree, and only the caller's own
   * unless `ownerId` is null (an administrator sees every user's tokens there).
   */
  async list(tenant: Tenant, ownerId: number | null, tx?: Tx): Promise<(ApiTokenRow & { userName: string })[]> {
    const db = this.db(tx);
    const q = db('api_tokens as k').join('users as u', 'u.id', 'k.userId').select('k.*', 'u.userName as userName').orderBy('k.id', 'desc');
    whereOrganizationVisible(q, db as Knex, 'k.organizationId', tenant);
    if (ownerId !== null) q.where('k.userId', ownerId);
    return q;
  }

  async findVisible(tenant: Tenant, ownerId: number | null, id: number, tx: Tx): Promise<ApiTokenRow | null> {
    const q = tx('api_tokens as k').select('k.*').where('k.id', id).forUpdate();
    whereOrganizationVisible(q, tx, 'k.organizationId', tenant);
    if (ownerId !== null) q.where('k.userId', ownerId);
    return ((await q.first()) as ApiTokenRow | undefined) ?? null;
  }

  async update(tx: Tx, id: number, patch: Partial<ApiTokenRow>): Promise<ApiTokenRow> {
    const [row] = await tx('api_tokens').where({ id }).update(patch).returning('*');
    return row as ApiTokenRow;
  }
}
