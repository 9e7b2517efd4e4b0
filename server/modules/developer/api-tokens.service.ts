import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { UnitOfWork, afterCommit } from '../../platform/unit-of-work.js';
import { fieldError, notFound } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { ApiTokensRepository, type ApiTokenRow } from './api-tokens.repository.js';
import { newSecret } from './token-secret.js';
import type { AuthEpoch } from '../../platform/auth-epoch.js';
import { tokenOwnerFilter } from './token-access.js';
import { parseIpEntry } from './ip-address.js';
import { SmppSignal } from './smpp-server/smpp-signal.js';

export interface CreateTokenInput {
  title: string;
  ip?: string | null;
  isCanSend?: boolean;
  isCanSendSmart?: boolean;
  isIgnoreCheckIp?: boolean;
  canUseSmartClass?: boolean;
}

/** What a list or an audit row may show of a token: never the hash, never the secret. */
export function publicToken(row: ApiTokenRow & { userName?: string }) {
  const { tokenHash: _hash, ...rest } = row;
  return rest;
}

/**
 * A user's API tokens. A token acts as the user who made it, in that user's own organization; an
 * administrator (or reseller) also lists, revokes and rotates the tokens of users in their subtree,
 * as they manage those users' sends.
 */
@injectable()
export class ApiTokensService {
  constructor(
    @inject(ApiTokensRepository) private readonly repo: ApiTokensRepository,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.AuthEpoch) private readonly epoch: AuthEpoch,
    @inject(SmppSignal) private readonly smpp: SmppSignal,
  ) {}

  private ownerFilter(ctx: Actor): number | null {
    return tokenOwnerFilter(ctx);
  }

  async create(ctx: Actor, input: CreateTokenInput) {
    // Stored in the spelling the guard compares (no ranges here): `::ffff:127.0.0.1` is 127.0.0.1.
    let ip: string | null = null;
    if (input.ip?.trim()) {
      const parsed = parseIpEntry(input.ip);
      if ('error' in parsed || parsed.entry.kind !== 'single') throw fieldError('ip', 'developer.ipInvalid');
      ip = parsed.entry.text;
    }
    const s = newSecret();
    return this.uow.run(async (tx) => {
      const row = await this.repo.insert(tx, {
        userId: ctx.principal.userId,
        organizationId: ctx.principal.organizationId,
        title: input.title.trim(),
        prefix: s.prefix,
        tokenHash: s.hash,
        ip,
        isCanSend: input.isCanSend ?? true,
        isCanSendSmart: input.isCanSendSmart ?? false,
        isIgnoreCheckIp: input.isIgnoreCheckIp ?? true,
        canUseSmartClass: input.canUseSmartClass ?? false,
      });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'ApiToken', referenceId: row.id, organizationId: row.organizationId, newData: publicToken(row) });
      return { ...publicToken(row), token: s.secret };
    });
  }

  async list(ctx: Actor) {
    const rows = await this.repo.list(ctx.tenant, this.ownerFilter(ctx));
    return { items: rows.map(publicToken), totalCount: rows.length };
  }

  async revoke(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const row = await this.repo.findVisible(ctx.tenant, this.ownerFilter(ctx), id, tx);
      if (!row) throw notFound('developer.tokenNotFound');
      if (row.status === 'Revoked') return publicToken(row);
      const updated = await this.repo.update(tx, id, { status: 'Revoked', revokedAt: this.clock.now() });
      // Drops the authenticator's cached callers: the next call with this token is refused; and
      // SMPP binds of accounts linked to it end (they were authorised by it).
      this.epoch.bumpAfterCommit(tx);
      afterCommit(tx, () => this.smpp.tokenChanged(id));
      await this.audit.record(tx, ctx, { operationType: 'Revoke', className: 'ApiToken', referenceId: id, organizationId: row.organizationId, oldData: publicToken(row), newData: publicToken(updated) });
      return publicToken(updated);
    });
  }

  /** A new secret, shown once; the old one stops working with this commit (only its hash was stored, and it is replaced). */
  async rotate(ctx: Actor, id: number) {
    const s = newSecret();
    return this.uow.run(async (tx) => {
      const row = await this.repo.findVisible(ctx.tenant, this.ownerFilter(ctx), id, tx);
      if (!row || row.status === 'Revoked') throw notFound('developer.tokenNotFound');
      const updated = await this.repo.update(tx, id, { tokenHash: s.hash, prefix: s.prefix, rotatedAt: this.clock.now() });
      this.epoch.bumpAfterCommit(tx);
      // A rotation answers a leaked secret: sessions opened under the old one (SMPP binds) end too.
      afterCommit(tx, () => this.smpp.tokenChanged(id));
      await this.audit.record(tx, ctx, { operationType: 'Rotate', className: 'ApiToken', referenceId: id, organizationId: row.organizationId, oldData: publicToken(row), newData: publicToken(updated) });
      return { ...publicToken(updated), token: s.secret };
    });
  }
}
