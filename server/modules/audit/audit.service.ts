import { inject, injectable } from 'inversify';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import type { RequestContext } from '../../platform/http/context.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { AuditRepository, type AuditFilter } from './audit.repository.js';

export interface AuditEntry {
  operationType: string;
  className: string;
  referenceId?: string | number | null;
  organizationId?: number | null;
  oldData?: unknown;
  newData?: unknown;
}

const SECRET_FIELDS = new Set(['password', 'passwordHash', 'secondPassword', 'secondPasswordHash', 'newPassword', 'currentPassword', 'confirmPassword', 'refreshToken', 'accessToken']);

/** Audit rows never carry secrets, whatever a service passes in. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELDS.has(k) ? '***' : redact(v);
    return out;
  }
  return value;
}

/**
 * Every mutating call records what it changed inside the transaction that changed it, so an
 * audit row exists exactly when the change was committed.
 */
@injectable()
export class AuditService {
  constructor(@inject(AuditRepository) private readonly repo: AuditRepository) {}

  /** `ctx`: the Actor of the change, or a request not signed in yet (a sign-in, a payment callback). */
  async record(tx: Tx, ctx: Actor | RequestContext, entry: AuditEntry): Promise<void> {
    await this.recordMany(tx, [{ ctx, entry }]);
  }

  /** Several rows in one statement (a group of sends stored together). */
  async recordMany(tx: Tx, items: { ctx: Actor | RequestContext; entry: AuditEntry }[]): Promise<void> {
    await this.repo.insertMany(tx, items.map(({ ctx, entry }) => ({
      requestId: ctx.requestId,
      userId: ctx.principal?.userId ?? null,
      impersonatorUserId: ctx.principal?.impersonatorUserId ?? null,
      organizationId: entry.organizationId ?? ctx.tenant?.organizationId ?? ctx.principal?.organizationId ?? null,
      remoteIpAddress: ctx.ip || null,
      userAgent: ctx.userAgent || null,
      operationType: entry.operationType,
      className: entry.className,
      referenceId: entry.referenceId === undefined || entry.referenceId === null ? null : String(entry.referenceId),
      channel: ctx.channel,
      oldData: redact(entry.oldData ?? null),
      newData: redact(entry.newData ?? null),
    })));
  }

  list(ctx: Actor, filter: AuditFilter) {
    return this.repo.list(ctx.tenant, normalizeSearch(filter));
  }
}
