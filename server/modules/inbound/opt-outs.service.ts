import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/http/errors.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { AuditService } from '../audit/index.js';
import { OptOutsRepository } from './opt-outs.repository.js';

/** The claim of the opt-out list: the blacklist's, beside which it is shown. */
export const OPT_OUTS_CLAIM = 'Setting.Manage';

/**
 * The organization's opt-outs (written by `InboxService.receive`): listed, and removed by an
 * administrator (audited), after which the number may be sent to again.
 */
@injectable()
export class OptOutsService {
  constructor(
    @inject(OptOutsRepository) private readonly repo: OptOutsRepository,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async list(ctx: Actor, filter: { pageIndex: number; pageSize: number; search?: string }) {
    return this.repo.list(ctx.tenant, normalizeSearch(filter));
  }

  async delete(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const row = await this.repo.findVisible(tx, ctx.tenant, id);
      if (!row) throw notFound('inbox.optOutNotFound');
      await this.repo.delete(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'OptOut', referenceId: id, oldData: row });
      return null;
    });
  }
}
