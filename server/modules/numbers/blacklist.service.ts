import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, fieldError, forbidden, notFound, type ValidationIssue } from '../../platform/http/errors.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { AuditService } from '../audit/index.js';
import { OrganizationsService } from '../organizations/index.js';
import { normalizeMobile } from '../../shared/sms/phone-numbers.js';
import { BlacklistRepository } from './blacklist.repository.js';

/**
 * Blacklists: each organization's own list, and the general list (organizationId null) that the
 * system organization manages and lines with `isGeneralBlackList` honour.
 */
@injectable()
export class BlacklistService {
  constructor(
    @inject(BlacklistRepository) private readonly repo: BlacklistRepository,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async create(ctx: Actor, body: { mobile: string; description?: string | null; general?: boolean }) {
    const mobile = normalizeMobile(body.mobile)?.number;
    if (!mobile) throw fieldError('mobile', 'numbers.mobileInvalid', { mobile: body.mobile });
    return this.uow.run(async (tx) => {
      const owner = await this.owner(ctx, tx, body.general === true);
      const [row] = await this.repo.insertMany(tx, owner, [{ mobile, description: body.description ?? null }]);
      if (!row) throw fieldError('mobile', 'numbers.blacklistExists');
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'BlackList', referenceId: row.id, newData: row });
      return row;
    });
  }

  /** Many numbers at once: any invalid one refuses the whole list (named by index); ones already listed are skipped. */
  async createBulk(ctx: Actor, body: { mobiles: string[]; general?: boolean }) {
    const issues: ValidationIssue[] = [];
    const unique = new Map<string, { mobile: string; description: null }>();
    body.mobiles.forEach((input, i) => {
      const mobile = normalizeMobile(input)?.number;
      if (!mobile) issues.push({ propertyName: `mobiles[${i}]`, key: 'numbers.mobileInvalid', params: { mobile: input } });
      else unique.set(mobile, { mobile, description: null });
    });
    if (issues.length > 0) throw new AppError(400, 'numbers.mobileInvalid', issues[0].params, issues);
    return this.uow.run(async (tx) => {
      const owner = await this.owner(ctx, tx, body.general === true);
      const rows = await this.repo.insertMany(tx, owner, [...unique.values()]);
      await this.audit.record(tx, ctx, { operationType: 'CreateBulk', className: 'BlackList', newData: { organizationId: owner, count: rows.length } });
      return { addedCount: rows.length, duplicateCount: body.mobiles.length - rows.length };
    });
  }

  async list(ctx: Actor, filter: { pageIndex: number; pageSize: number; search?: string }) {
    const org = await this.organizations.findById(ctx.tenant.organizationId);
    return this.repo.list(ctx.tenant, { ...normalizeSearch(filter), includeGeneral: org?.type === 'system' });
  }

  async delete(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const row = await this.repo.findById(tx, id);
      if (!row) throw notFound('numbers.blacklistNotFound');
      const visible = row.organizationId === null
        ? (await this.organizations.findById(ctx.tenant.organizationId, tx))?.type === 'system'
        : await this.repo.organizationVisible(tx, ctx.tenant, row.organizationId);
      if (!visible) throw notFound('numbers.blacklistNotFound');
      await this.repo.delete(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'BlackList', referenceId: id, oldData: row });
      return null;
    });
  }

  /** The list written to: the caller's organization, or the general list (system organization only). */
  private async owner(ctx: Actor, tx: Tx, general: boolean): Promise<number | null> {
    if (!general) return ctx.tenant.organizationId;
    const org = await this.organizations.findById(ctx.tenant.organizationId, tx);
    if (org?.type !== 'system') throw forbidden('numbers.generalOnlySystem');
    return null;
  }
}
