import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { Actor } from '../../../platform/actor.js';
import { UnitOfWork, afterCommit, type Tx } from '../../../platform/unit-of-work.js';
import { fieldError, notFound } from '../../../platform/http/errors.js';
import type { SchemaType } from '../../../platform/http/router.js';
import { AuditService } from '../../audit/index.js';
import { ActorFactory } from '../../identity/index.js';
import { PrivateNumbersService } from '../../numbers/index.js';
import { SmppAccountsRepository, type SmppAccountRow } from './smpp-accounts.repository.js';
import { hashSmppPassword } from './smpp-password.js';
import { parseIpEntry } from '../ip-address.js';
import { SmppSignal } from './smpp-signal.js';
import { SmppServer } from './smpp-server.js';
import type { createSmppAccountSchema, updateSmppAccountSchema } from './smpp-accounts.schemas.js';

/** What a list, an answer or an audit row shows of an account: never the password hash. */
export function publicSmppAccount(row: SmppAccountRow & { userName?: string }, liveBinds?: number) {
  const { passwordHash: _hash, deletedAt: _deleted, ...rest } = row;
  return liveBinds === undefined ? rest : { ...rest, liveBinds };
}

/**
 * Allowed bind addresses in the one spelling the server compares (`ip-address.ts`, as API token
 * safe IPs): `::ffff:127.0.0.1` is stored as `127.0.0.1`, IPv6 canonical; two spellings of one
 * address are kept once. Ranges are not offered here, and text that is no address is refused:
 * stored as typed it used to match nobody, silently.
 */
function allowedIpsOf(list: readonly string[]): string[] {
  const out = new Set<string>();
  for (const ip of list) {
    const parsed = parseIpEntry(ip);
    if ('error' in parsed || parsed.entry.kind !== 'single') throw fieldError('allowedIps', 'developer.smppIpInvalid', { ip });
    out.add(parsed.entry.text);
  }
  return [...out];
}

/**
 * SMPP accounts, managed by administrators who manage lines (claim Infrastructure.PrivateNumbers:
 * the super admin and resellers) for users in their slice of the tree. An account acts as its
 * user, in the user's own organization, like an API token.
 */
@injectable()
export class SmppAccountsService {
  constructor(
    @inject(SmppAccountsRepository) private readonly repo: SmppAccountsRepository,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(ActorFactory) private readonly actors: ActorFactory,
    @inject(PrivateNumbersService) private readonly numbers: PrivateNumbersService,
    @inject(SmppSignal) private readonly signal: SmppSignal,
    @inject(SmppServer) private readonly server: SmppServer,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async create(ctx: Actor, input: SchemaType<typeof createSmppAccountSchema>) {
    const allowedIps = allowedIpsOf(input.allowedIps ?? []);
    // Read before the transaction: the line check reads through other services (one connection on PGlite).
    const user = await this.repo.userInSlice(ctx.tenant, input.userId);
    if (!user) throw fieldError('userId', 'developer.smppUserNotFound');
    await this.checkLine(input.defaultLineId ?? null, user);
    return this.uow.run(async (tx) => {
      if (await this.repo.systemIdTaken(tx, input.systemId, null)) throw fieldError('systemId', 'developer.smppSystemIdTaken');
      await this.checkToken(tx, input.apiTokenId ?? null, user.id);
      const row = await this.repo.insert(tx, {
        systemId: input.systemId, passwordHash: hashSmppPassword(input.password), userId: user.id, organizationId: user.organizationId,
        apiTokenId: input.apiTokenId ?? null, title: input.title?.trim() ?? '', allowedIps,
        maxBinds: input.maxBinds ?? 4, windowSize: input.windowSize ?? 100, throughput: input.throughput ?? 100,
        defaultLineId: input.defaultLineId ?? null, status: input.status ?? 'Active',
      });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'SmppAccount', referenceId: row.id, organizationId: row.organizationId, newData: publicSmppAccount(row) });
      // The inbound feed of this process knows the account at once (others within their refresh).
      afterCommit(tx, () => this.signal.accountChanged(row.id));
      return publicSmppAccount(row);
    });
  }

  async list(ctx: Actor) {
    const rows = await this.repo.list(ctx.tenant);
    return { items: rows.map((r) => publicSmppAccount(r, this.server.bindCount(r.id))), totalCount: rows.length };
  }

  async update(ctx: Actor, input: SchemaType<typeof updateSmppAccountSchema>) {
    const allowedIps = input.allowedIps === undefined ? undefined : allowedIpsOf(input.allowedIps);
    if (input.defaultLineId !== undefined) {
      const current = await this.repo.findVisibleRead(ctx.tenant, input.id);
      if (!current) throw notFound('developer.smppAccountNotFound');
      await this.checkLine(input.defaultLineId, { id: current.userId, organizationId: current.organizationId });
    }
    return this.uow.run(async (tx) => {
      const row = await this.visible(ctx, input.id, tx);
      const patch: Partial<SmppAccountRow> = {};
      if (input.title !== undefined) patch.title = input.title.trim();
      if (input.password !== undefined) patch.passwordHash = hashSmppPassword(input.password);
      if (input.apiTokenId !== undefined) {
        await this.checkToken(tx, input.apiTokenId, row.userId);
        patch.apiTokenId = input.apiTokenId;
      }
      if (input.defaultLineId !== undefined) patch.defaultLineId = input.defaultLineId;
      if (allowedIps !== undefined) patch.allowedIps = allowedIps;
      for (const key of ['maxBinds', 'windowSize', 'throughput', 'status'] as const) {
        if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key];
      }
      const updated = await this.repo.update(tx, row.id, patch);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'SmppAccount', referenceId: row.id, organizationId: row.organizationId, oldData: publicSmppAccount(row), newData: publicSmppAccount(updated) });
      // Binds of this process take the new limits at once (a disabled account's binds end); other processes within their refresh.
      afterCommit(tx, () => this.signal.accountChanged(row.id));
      return publicSmppAccount(updated);
    });
  }

  /** Soft delete: the row stays for the audit trail, its system_id is free again, its binds end. */
  async delete(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const row = await this.visible(ctx, id, tx);
      await this.repo.update(tx, id, { deletedAt: new Date(), status: 'Disabled' });
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'SmppAccount', referenceId: id, organizationId: row.organizationId, oldData: publicSmppAccount(row) });
      afterCommit(tx, () => this.signal.accountChanged(id));
      return { id };
    });
  }

  private async visible(ctx: Actor, id: number, tx: Tx): Promise<SmppAccountRow> {
    const row = await this.repo.findVisible(ctx.tenant, id, tx);
    if (!row) throw notFound('developer.smppAccountNotFound');
    return row;
  }

  /**
   * What the account form offers once a user is picked: the lines that user may send single
   * messages from and that user's API tokens. The same rules as `checkLine` / `checkToken`, so a
   * choice offered here is never refused on save.
   */
  async userChoices(ctx: Actor, userId: number) {
    const user = await this.repo.userInSlice(ctx.tenant, userId);
    if (!user) throw notFound('developer.smppUserNotFound');
    const [lines, apiTokens] = await Promise.all([this.usableLines(user), this.repo.tokensOfUser(user.id)]);
    return { lines: lines.map((l) => ({ id: l.id, number: l.number })), apiTokens };
  }

  private async checkToken(tx: Tx, tokenId: number | null, userId: number): Promise<void> {
    if (tokenId !== null && !(await this.repo.tokenOfUser(tokenId, userId, tx))) throw fieldError('apiTokenId', 'developer.tokenNotFound');
  }

  /** A default line must be one the account's user may send API messages from (SMPP sends are Api). */
  private async checkLine(lineId: number | null, user: { id: number; organizationId: number }): Promise<void> {
    if (lineId === null) return;
    if (!(await this.usableLines(user)).some((l) => l.id === lineId)) throw fieldError('defaultLineId', 'developer.smppLineNotUsable');
  }

  private async usableLines(user: { id: number; organizationId: number }) {
    const result = await this.actors.forUser(user.id, user.organizationId, 'smpp', { requestId: 'smpp-account' });
    return 'missing' in result ? [] : this.numbers.myNumbers(result.actor, 'Api');
  }
}
