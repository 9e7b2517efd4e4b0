import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, fieldError, notFound } from '../../platform/http/errors.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { userPatternRefusal } from '../../shared/text/user-pattern.js';
import { AuditService } from '../audit/index.js';
import { PrivateNumbersService } from '../numbers/index.js';
import { OrganizationsService } from '../organizations/index.js';
import { AggregatorRulesRepository, type AggregatorRuleRow, type AggregatorRuleValues } from './aggregator-rules.repository.js';
import { routeByAggregator } from './aggregator-routing.js';
import type { InboxInsert } from './inbox.repository.js';

/** Managing aggregator rules is managing lines: the same claim as the lines' pages. */
export const AGGREGATOR_RULES_CLAIM = 'Infrastructure.PrivateNumbers';

/** Compiled patterns kept at most this many (rules change rarely; a cleared cache only costs compiling again). */
const COMPILED_MAX = 2_000;

interface RuleInput {
  privateNumberId: number;
  organizationId: number;
  regex: string;
  smsAggregator?: string | null;
  isActive?: boolean;
}

/**
 * Aggregator rules: a line manager routes a shared line's inbound texts by pattern to an
 * organization under them. Applied by `route` while a group is stored, before the insert, so a
 * routed message is the target organization's from its first moment (list, push, steps, consumers).
 */
@injectable()
export class AggregatorRulesService {
  private readonly compiled = new Map<string, RegExp | null>();

  constructor(
    @inject(AggregatorRulesRepository) private readonly repo: AggregatorRulesRepository,
    @inject(PrivateNumbersService) private readonly lines: PrivateNumbersService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** Sets `organizationId`/`aggregatorRuleId` of the rows a rule of their line matches; answers how many moved. */
  async route(rows: InboxInsert[]): Promise<number> {
    const lineIds = [...new Set(rows.map((r) => r.privateNumberId).filter((id): id is number => id !== null))];
    const rules = await this.repo.activeForLines(null, lineIds);
    if (this.compiled.size > COMPILED_MAX) this.compiled.clear();
    return routeByAggregator(rows, rules, this.compiled);
  }

  async list(ctx: Actor, filter: { pageIndex: number; pageSize: number; search?: string; privateNumberId?: number }) {
    return this.repo.list(ctx.tenant, normalizeSearch(filter));
  }

  async get(ctx: Actor, id: number): Promise<AggregatorRuleRow> {
    const row = await this.repo.findVisible(null, ctx.tenant, id);
    if (!row) throw notFound('inbound.aggregator.notFound');
    return row;
  }

  async create(ctx: Actor, body: RuleInput) {
    const values = await this.judge(ctx, body);
    return this.uow.run(async (tx) => {
      const id = await this.repo.insert(tx, ctx.tenant.organizationId, values);
      const row = await this.repo.findVisible(tx, ctx.tenant, id);
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'AggregatorRule', referenceId: id, organizationId: ctx.tenant.organizationId, newData: row });
      return row;
    });
  }

  async update(ctx: Actor, body: RuleInput & { id: number }) {
    const values = await this.judge(ctx, body);
    return this.uow.run(async (tx) => {
      const current = await this.repo.findVisible(tx, ctx.tenant, body.id);
      if (!current) throw notFound('inbound.aggregator.notFound');
      await this.repo.update(tx, body.id, values);
      const row = await this.repo.findVisible(tx, ctx.tenant, body.id);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'AggregatorRule', referenceId: body.id, organizationId: current.ownerOrganizationId, oldData: current, newData: row });
      return row;
    });
  }

  async delete(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const current = await this.repo.findVisible(tx, ctx.tenant, id);
      if (!current) throw notFound('inbound.aggregator.notFound');
      await this.repo.delete(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'AggregatorRule', referenceId: id, organizationId: current.ownerOrganizationId, oldData: current });
      return null;
    });
  }

  /** The line must be one the caller manages, the organization one they see, the pattern safe to run. */
  private async judge(ctx: Actor, body: RuleInput): Promise<AggregatorRuleValues> {
    const refusal = userPatternRefusal(body.regex);
    if (refusal) throw fieldError('regex', `inbound.pattern.${refusal}`);
    await this.lines.get(ctx, body.privateNumberId).catch((err: unknown) => {
      if (err instanceof AppError && (err.status === 404 || err.status === 403)) throw fieldError('privateNumberId', 'inbound.aggregator.lineNotFound');
      throw err;
    });
    await this.organizations.get(ctx, body.organizationId).catch((err: unknown) => {
      if (err instanceof AppError && (err.status === 404 || err.status === 403)) throw fieldError('organizationId', 'inbound.aggregator.organizationNotFound');
      throw err;
    });
    return { privateNumberId: body.privateNumberId, organizationId: body.organizationId, regex: body.regex.trim(), smsAggregator: body.smsAggregator ?? null, isActive: body.isActive ?? true };
  }
}
