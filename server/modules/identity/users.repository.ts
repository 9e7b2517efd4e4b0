import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import type { Page } from '../../platform/http/envelope.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';
import type { AuthEpoch } from '../../platform/auth-epoch.js';
import { lockedModulesSql } from '../../shared/billing/module-locks.js';

export interface UserRow {
  id: number;
  organizationId: number;
  userName: string;
  passwordHash: string;
  isActive: boolean;
  isAdmin: boolean;
  isSuspended: boolean;
  changePasswordRequired: boolean;
  failedLoginCount: number;
  lockedUntil: Date | null;
  expireDate: Date | null;
  roleTemplateId: number | null;
  firstName: string | null;
  lastName: string | null;
  deletedAt: Date | null;
  [field: string]: unknown;
}

/**
 * A user row with what their claims and place in the tree are built from. Joined columns carry a
 * leading underscore so the rest is exactly the user row.
 */
export interface UserAuthorityRow extends UserRow {
  _orgPath: string;
  _orgType: string;
  _roleClaims: string[] | null;
  _templateClaims: string[] | null;
  /** The role templates of every organization above the user's: each one caps the whole subtree. */
  _ancestorTemplateClaims: string[][];
  /** The user's organization's name (read with the authority, for an actor built without a session). */
  _orgName?: string;
  /** Modules on sale to the user's organization that it has not bought (their claims are dropped). */
  _lockedModules?: string[];
}

/**
 * A user row read with its session, organization and role claims in one query: everything a
 * request needs to know about its caller.
 */
export interface SessionPrincipalRow extends UserAuthorityRow {
  _orgName: string;
  _orgActive: boolean;
  _orgArchived: boolean;
  _orgDeletedAt: Date | null;
  _orgExpireTime: Date | null;
  _sessionRevokedAt: Date | null;
  _refreshExpiresAt: Date;
  _impersonatorUserId: number | null;
}

export interface UserListFilter {
  pageIndex: number;
  pageSize: number;
  search?: string;
  organizationId?: number;
  isActive?: boolean;
}

const LIST_COLUMNS = ['u.id', 'u.organizationId', 'o.name as organizationName', 'u.userName', 'u.firstName', 'u.lastName', 'u.email',
  'u.mobile', 'u.isActive', 'u.isAdmin', 'u.isSuspended', 'u.roleTemplateId', 'u.expireDate', 'u.lastLoginAt', 'u.createdAt'];

@injectable()
export class UsersRepository {
  constructor(
    @inject(TYPES.Knex) private readonly knex: Knex,
    @inject(TYPES.AuthEpoch) private readonly epoch: AuthEpoch,
  ) {}

  async loadSessionPrincipal(sessionId: string, userId: number): Promise<SessionPrincipalRow | null> {
    const row = await this.knex('sessions as s')
      .join('users as u', 'u.id', 's.userId')
      .join('organizations as o', 'o.id', 'u.organizationId')
      .leftJoin('roles as r', function joinRole() { this.on('r.id', 'u.roleTemplateId').andOnNull('r.deletedAt'); })
      .leftJoin('roles as t', function joinTemplate() { this.on('t.id', 'o.roleTemplateId').andOnNull('t.deletedAt'); })
      .where('s.id', sessionId)
      .andWhere('s.userId', userId)
      .whereNull('u.deletedAt')
      .first(
        'u.*', 'o.path as _orgPath', 'o.name as _orgName', 'o.type as _orgType', 'o.isActive as _orgActive',
        'o.isArchived as _orgArchived', 'o.deletedAt as _orgDeletedAt', 'o.expireTime as _orgExpireTime', 'r.claims as _roleClaims', 't.claims as _templateClaims',
        's.revokedAt as _sessionRevokedAt', 's.refreshExpiresAt as _refreshExpiresAt', 's.impersonatorUserId as _impersonatorUserId',
        this.ancestorTemplateClaims(), this.lockedModules(),
      );
    return (row as SessionPrincipalRow | undefined) ?? null;
  }

  /** A user acted upon, with their claims' sources joined exactly as for the caller's principal. */
  async findAuthority(id: number, tx?: Tx): Promise<UserAuthorityRow | null> {
    const row = await (tx ?? this.knex)('users as u')
      .join('organizations as o', 'o.id', 'u.organizationId')
      .leftJoin('roles as r', function joinRole() { this.on('r.id', 'u.roleTemplateId').andOnNull('r.deletedAt'); })
      .leftJoin('roles as t', function joinTemplate() { this.on('t.id', 'o.roleTemplateId').andOnNull('t.deletedAt'); })
      .where('u.id', id)
      .whereNull('u.deletedAt')
      .first('u.*', 'o.path as _orgPath', 'o.name as _orgName', 'o.type as _orgType', 'r.claims as _roleClaims', 't.claims as _templateClaims', this.ancestorTemplateClaims(), this.lockedModules());
    return (row as UserAuthorityRow | undefined) ?? null;
  }

  /** Modules locked for `o`: the rule is billing's, defined once (server/shared/billing/module-locks.ts). */
  private lockedModules(): Knex.Raw {
    return this.knex.raw(`${lockedModulesSql('o')} as "_lockedModules"`);
  }

  /** The role templates of the organizations above `o` (aliased so in the query). */
  private ancestorTemplateClaims(): Knex.Raw {
    return this.knex.raw(`(select coalesce(jsonb_agg(tpl.claims), '[]'::jsonb) from organizations a
          join roles tpl on tpl.id = a."roleTemplateId" and tpl."deletedAt" is null
          where a.id <> o.id and a.id = any(string_to_array(trim(both '/' from o.path), '/')::int[])) as "_ancestorTemplateClaims"`);
  }

  async findByUserName(userName: string, tx?: Tx): Promise<UserRow | null> {
    const row = await (tx ?? this.knex)('users').whereRaw('lower("userName") = lower(?)', [userName]).whereNull('deletedAt').first();
    return (row as UserRow | undefined) ?? null;
  }

  async findById(id: number, tx?: Tx): Promise<UserRow | null> {
    const row = await (tx ?? this.knex)('users').where({ id }).whereNull('deletedAt').first();
    return (row as UserRow | undefined) ?? null;
  }

  async findVisible(tenant: Tenant, id: number, tx?: Tx): Promise<UserRow | null> {
    const db = tx ?? this.knex;
    const q = db('users as u').where('u.id', id).whereNull('u.deletedAt');
    whereOrganizationVisible(q, db, 'u.organizationId', tenant);
    const row = await q.first('u.*');
    return (row as UserRow | undefined) ?? null;
  }

  async list(tenant: Tenant, filter: UserListFilter): Promise<Page<Record<string, unknown>>> {
    const q = this.knex('users as u').join('organizations as o', 'o.id', 'u.organizationId').whereNull('u.deletedAt');
    whereOrganizationVisible(q, this.knex, 'u.organizationId', tenant);
    if (filter.organizationId !== undefined) q.where('u.organizationId', filter.organizationId);
    if (filter.isActive !== undefined) q.where('u.isActive', filter.isActive);
    if (filter.search) {
      const term = likeContains(filter.search);
      q.where((w) => w.whereILike('u.userName', term).orWhereILike('u.firstName', term).orWhereILike('u.lastName', term)
        .orWhereILike('u.mobile', term).orWhereILike('u.email', term));
    }
    const [{ n }] = await q.clone().count<{ n: string }[]>({ n: '*' });
    const items = await q.select(LIST_COLUMNS).orderBy('u.id').limit(filter.pageSize).offset(filter.pageIndex * filter.pageSize);
    return { items, totalCount: Number(n) };
  }

  async countLiveInOrganization(tx: Tx, organizationId: number): Promise<number> {
    const [{ n }] = await tx('users').where({ organizationId }).whereNull('deletedAt').count<{ n: string }[]>({ n: '*' });
    return Number(n);
  }

  async insert(tx: Tx, values: Record<string, unknown>): Promise<UserRow> {
    const [row] = await tx('users').insert(values).returning('*');
    return row as UserRow;
  }

  async update(tx: Tx, id: number, values: Record<string, unknown>): Promise<void> {
    this.epoch.bumpAfterCommit(tx);
    await tx('users').where({ id }).update({ ...values, updatedAt: tx.fn.now() });
  }

  async softDeleteInOrganizations(tx: Tx, organizationIds: number[]): Promise<number[]> {
    this.epoch.bumpAfterCommit(tx);
    const rows = await tx('users').whereIn('organizationId', organizationIds).whereNull('deletedAt')
      .update({ deletedAt: tx.fn.now(), updatedAt: tx.fn.now() }).returning('id');
    return rows.map((r: { id: number }) => r.id);
  }

  /** The live, active administrators of one organization (told of a sign-up below it). */
  async adminIdsOf(tx: Tx, organizationId: number): Promise<number[]> {
    const rows = await tx('users').where({ organizationId, isAdmin: true, isActive: true }).whereNull('deletedAt').orderBy('id').select('id');
    return rows.map((r: { id: number }) => r.id);
  }

  async idsInOrganizations(tx: Tx, organizationIds: number[]): Promise<number[]> {
    const rows = await tx('users').whereIn('organizationId', organizationIds).whereNull('deletedAt').select('id');
    return rows.map((r: { id: number }) => r.id);
  }

  async countUsersWithRole(tx: Tx, roleId: number): Promise<number> {
    const [{ n }] = await tx('users').where({ roleTemplateId: roleId }).whereNull('deletedAt').count<{ n: string }[]>({ n: '*' });
    return Number(n);
  }

  async clearRole(tx: Tx, roleId: number): Promise<void> {
    this.epoch.bumpAfterCommit(tx);
    await tx('users').where({ roleTemplateId: roleId }).update({ roleTemplateId: null });
  }

  async recentPasswordHashes(tx: Tx, userId: number, count: number): Promise<string[]> {
    const rows = await tx('password_history').where({ userId }).orderBy('id', 'desc').limit(count).select('passwordHash');
    return rows.map((r: { passwordHash: string }) => r.passwordHash);
  }

  async addPasswordHistory(tx: Tx, userId: number, passwordHash: string, editorUserId: number | null, editorName: string | null): Promise<void> {
    await tx('password_history').insert({ userId, passwordHash, editorUserId, editorName });
  }

  async passwordHistory(userId: number, pageIndex: number, pageSize: number): Promise<Page<Record<string, unknown>>> {
    const q = this.knex('password_history').where({ userId });
    const [{ n }] = await q.clone().count<{ n: string }[]>({ n: '*' });
    const items = await q.select('id', 'changedAt', 'editorUserId', 'editorName').orderBy('id', 'desc').limit(pageSize).offset(pageIndex * pageSize);
    return { items, totalCount: Number(n) };
  }
}
