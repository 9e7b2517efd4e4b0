import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import { afterCommit, UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import { fieldError, notFound } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { ApprovalsService, tenantSlice, type ApprovalTarget, type ApprovalWorkflow } from '../approvals/index.js';
import { ApiTokensRepository, type ApiTokenRow } from './api-tokens.repository.js';
import { ApiRulesRepository, type NewRateRule, type PeriodType, type RuleType, type SafeIpRow, type SafeIpStatus } from './api-rules.repository.js';
import { ApiCallLogsRepository, type CallLogFilter } from './api-call-logs.repository.js';
import { ApiGuardService } from './api-guard.service.js';
import { parseIpEntry } from './ip-address.js';
import { tokenOwnerFilter } from './token-access.js';

/** The spec: at most 15 IPs selectable per token (entries, a range counting as one). */
export const MAX_SAFE_IPS = 15;

export type SafeIpDecision = 'Confirm' | 'Reject' | 'UndoConfirm';

export interface RateRuleInput {
  ip?: string | null;
  clientId?: string | null;
  endpoint?: string;
  limit: number;
  period: number;
  periodType: PeriodType;
}

/**
 * The panel side of a token's safe IPs, rate rules and call log. Everything hangs off a token the
 * caller manages (the token list's rule: their own, or any in their tenant slice for an
 * administrator); anything else is "not found". Deciding a safe IP is an administrator's act.
 */
@injectable()
export class ApiRulesService {
  /** Safe IPs wait for an administrator's decision: the approvals workflow, with undo and no `lastModified`. */
  private readonly safeIpApproval: ApprovalWorkflow<SafeIpStatus, SafeIpRow>;

  constructor(
    @inject(ApiTokensRepository) private readonly tokens: ApiTokensRepository,
    @inject(ApiRulesRepository) private readonly repo: ApiRulesRepository,
    @inject(ApiCallLogsRepository) private readonly logsRepo: ApiCallLogsRepository,
    @inject(ApiGuardService) private readonly guard: ApiGuardService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(ApprovalsService) approvals: ApprovalsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
  ) {
    this.safeIpApproval = approvals.register<SafeIpStatus, SafeIpRow>({
      className: 'ApiTokenSafeIp',
      statuses: { waiting: 'WatingForConfirm', confirmed: 'Confirmed', rejected: 'Rejected' },
      messages: { notFound: 'developer.safeIpNotFound', decideForbidden: 'developer.safeIpDecideForbidden', notConfirmed: 'developer.safeIpNotConfirmed' },
      // An entry is the caller's when its token is (the token list's rule).
      ...tenantSlice(async (tenant, owner, id, tx) => {
        const row = await this.repo.findSafeIp(tx, id);
        const token = row && await this.tokens.findVisible(tenant, owner, row.apiTokenId, tx);
        return row && token ? { row, organizationId: token.organizationId } : null;
      }, { target: (found: ApprovalTarget<SafeIpRow>) => found }),
      write: (tx, id, patch) => this.repo.updateSafeIp(tx, id, patch),
      remove: (tx, row) => this.repo.deleteSafeIp(tx, row.id),
      changed: (tx, row) => this.changed(tx, row.apiTokenId),
    });
  }

  /** The token, locked for the change (so the 15-IP count cannot be raced), or 404. */
  private async token(ctx: Actor, tokenId: number, tx: Tx): Promise<ApiTokenRow> {
    const row = await this.tokens.findVisible(ctx.tenant, tokenOwnerFilter(ctx), tokenId, tx);
    if (!row) throw notFound('developer.tokenNotFound');
    return row;
  }

  private changed(tx: Tx, tokenId: number): void {
    afterCommit(tx, () => this.guard.invalidate(tokenId));
  }

  async safeIps(ctx: Actor, tokenId: number) {
    return this.uow.run(async (tx) => {
      await this.token(ctx, tokenId, tx);
      const items = await this.repo.safeIps(tokenId, tx);
      return { items, totalCount: items.length };
    });
  }

  /** An administrator's entry is confirmed at once (they are the ones who confirm); a plain user's waits. */
  async addSafeIp(ctx: Actor, input: { apiTokenId: number; ip: string }) {
    const parsed = parseIpEntry(input.ip);
    if ('error' in parsed) throw fieldError('ip', parsed.error);
    return this.uow.run(async (tx) => {
      const token = await this.token(ctx, input.apiTokenId, tx);
      if (await this.repo.countSafeIps(tx, token.id) >= MAX_SAFE_IPS) throw fieldError('ip', 'developer.ipMax', { limit: MAX_SAFE_IPS });
      if (await this.repo.findSafeIpByText(tx, token.id, parsed.entry.text)) throw fieldError('ip', 'developer.ipDuplicate');
      const row = await this.repo.insertSafeIp(tx, {
        apiTokenId: token.id, ip: parsed.entry.text, createdByUserId: ctx.principal.userId, ...(await this.safeIpApproval.stateFor(ctx, token.organizationId, tx)),
      });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'ApiTokenSafeIp', referenceId: row.id, organizationId: token.organizationId, newData: row });
      this.changed(tx, token.id);
      return row;
    });
  }

  /** Confirm / Reject / UndoConfirm (back to waiting; only a confirmed entry): an administrator's acts. */
  decideSafeIp(ctx: Actor, id: number, decision: SafeIpDecision) {
    return this.safeIpApproval.decide(ctx, id, decision);
  }

  removeSafeIp(ctx: Actor, id: number) {
    return this.safeIpApproval.delete(ctx, id);
  }

  async rules(ctx: Actor, tokenId: number, ruleType: RuleType) {
    return this.uow.run(async (tx) => {
      await this.token(ctx, tokenId, tx);
      const items = await this.repo.rules(tokenId, ruleType, tx);
      return { items, totalCount: items.length };
    });
  }

  private ruleFields(ruleType: RuleType, input: RateRuleInput): Omit<NewRateRule, 'apiTokenId'> {
    let ip: string | null = null;
    if (input.ip && input.ip.trim()) {
      const parsed = parseIpEntry(input.ip);
      // A rule names one caller address; ranges belong to safe IPs.
      if ('error' in parsed || parsed.entry.kind !== 'single') throw fieldError('ip', 'developer.ipInvalid');
      ip = parsed.entry.text;
    }
    return {
      ruleType, ip,
      clientId: ruleType === 'Client' ? input.clientId?.trim() || null : null,
      endpoint: (input.endpoint ?? '*').replace(/^\/+/, '').replace(/^v1\//, '') || '*',
      limit: input.limit, period: input.period, periodType: input.periodType,
    };
  }

  async createRule(ctx: Actor, ruleType: RuleType, input: RateRuleInput & { apiTokenId: number }) {
    const fields = this.ruleFields(ruleType, input);
    return this.uow.run(async (tx) => {
      const token = await this.token(ctx, input.apiTokenId, tx);
      const row = await this.repo.insertRule(tx, { apiTokenId: token.id, ...fields });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: `ApiToken${ruleType}Rule`, referenceId: row.id, organizationId: token.organizationId, newData: row });
      this.changed(tx, token.id);
      return row;
    });
  }

  async updateRule(ctx: Actor, ruleType: RuleType, input: RateRuleInput & { id: number }) {
    const fields = this.ruleFields(ruleType, input);
    return this.uow.run(async (tx) => {
      const { row, token } = await this.visibleRule(ctx, ruleType, input.id, tx);
      const updated = await this.repo.updateRule(tx, row.id, fields);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: `ApiToken${ruleType}Rule`, referenceId: row.id, organizationId: token.organizationId, oldData: row, newData: updated });
      this.changed(tx, token.id);
      return updated;
    });
  }

  async deleteRule(ctx: Actor, ruleType: RuleType, id: number) {
    return this.uow.run(async (tx) => {
      const { row, token } = await this.visibleRule(ctx, ruleType, id, tx);
      await this.repo.deleteRule(tx, row.id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: `ApiToken${ruleType}Rule`, referenceId: row.id, organizationId: token.organizationId, oldData: row });
      this.changed(tx, token.id);
      return null;
    });
  }

  private async visibleRule(ctx: Actor, ruleType: RuleType, id: number, tx: Tx) {
    const row = await this.repo.findRule(tx, id, ruleType);
    const token = row && await this.tokens.findVisible(ctx.tenant, tokenOwnerFilter(ctx), row.apiTokenId, tx);
    if (!row || !token) throw notFound('developer.ruleNotFound');
    return { row, token };
  }

  /** The call log of the tokens the caller manages; naming a token they do not manage is a 404. */
  async logs(ctx: Actor, filter: CallLogFilter) {
    if (filter.tokenId !== undefined) {
      const tokenId = filter.tokenId;
      await this.uow.run((tx) => this.token(ctx, tokenId, tx));
    }
    return this.logsRepo.list(ctx.tenant, tokenOwnerFilter(ctx), filter);
  }
}
