import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { UnitOfWork, isUniqueViolation } from '../../platform/unit-of-work.js';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.js';
import { normalizeSearch } from '../../platform/http/search.js';
import type { SchemaType } from '../../platform/http/router.js';
import { AuditService } from '../audit/index.js';
import { PhonebooksRepository, type PhonebookListFilter, type PhonebookRow } from './phonebooks.repository.js';
import { PhonebookAccessService, publicPhonebook } from './phonebook-access.service.js';
import { phonebookAccess } from './phonebook-access.js';
import type { createPhonebookSchema, updatePhonebookSchema } from './contacts.schemas.js';

/** At most this many phonebooks in a select list (move/copy targets, send screens). */
export const SELECT_LIST_LIMIT = 1000;

/** The owner's titles are unique (case-insensitive): the unique index answers, the caller reads it on `title`. */
async function titleChecked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('title', 'contacts.phonebookTitleTaken');
    throw err;
  }
}

/**
 * Phonebooks of the spec (title, isPublic, isShowNumber, contactsCount…). A phonebook belongs to
 * the active organization and to the user who made it; who sees and changes it is decided in
 * phonebook-access.ts. Creation counts against the organization's maxPhonebook.
 */
@injectable()
export class PhonebooksService {
  constructor(
    @inject(PhonebooksRepository) private readonly repo: PhonebooksRepository,
    @inject(PhonebookAccessService) private readonly access: PhonebookAccessService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  async create(ctx: Actor, body: SchemaType<typeof createPhonebookSchema>) {
    return titleChecked(() => this.uow.run(async (tx) => {
      const organizationId = ctx.tenant.organizationId;
      const org = await this.repo.lockOrganizationLimits(tx, organizationId);
      if (!org) throw notFound('organization.notFound');
      // Empty or 0 means no limit, as for the other maxima of an organization.
      if (org.maxPhonebook && (await this.repo.countInOrganization(organizationId, tx)) >= org.maxPhonebook) {
        throw badRequest('contacts.maxPhonebookReached', { limit: org.maxPhonebook });
      }
      const row = await this.repo.insert(tx, {
        organizationId, userId: ctx.principal.userId, title: body.title.trim(),
        isPublic: body.isPublic ?? false, isShowNumber: body.isShowNumber ?? true,
      });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'Phonebook', referenceId: row.id, organizationId, newData: row });
      return publicPhonebook(await this.access.open(ctx, row.id, tx));
    }));
  }

  async update(ctx: Actor, body: SchemaType<typeof updatePhonebookSchema>) {
    return titleChecked(() => this.uow.run(async (tx) => {
      const { phonebook } = await this.access.forChange(ctx, body.id, tx);
      const patch: Partial<PhonebookRow> = { lastModified: this.clock.now() };
      if (body.title !== undefined) patch.title = body.title.trim();
      if (body.isPublic !== undefined) patch.isPublic = body.isPublic;
      if (body.isShowNumber !== undefined) patch.isShowNumber = body.isShowNumber;
      const updated = await this.repo.update(tx, phonebook.id, patch);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'Phonebook', referenceId: phonebook.id, organizationId: phonebook.organizationId, oldData: phonebook, newData: updated });
      return publicPhonebook(await this.access.open(ctx, phonebook.id, tx));
    }));
  }

  /** Deletes the phonebook and every contact in it (their rows go with it). */
  async delete(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const { phonebook } = await this.access.forChange(ctx, id, tx);
      await this.repo.delete(tx, phonebook.id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'Phonebook', referenceId: phonebook.id, organizationId: phonebook.organizationId, oldData: phonebook });
      return { deletedContactsCount: phonebook.contactsCount };
    });
  }

  async get(ctx: Actor, id: number) {
    return publicPhonebook(await this.access.open(ctx, id));
  }

  /**
   * The visible phonebooks, newest first, and the active organization's phonebook count against
   * its maxPhonebook (null: no limit) so the list can say how many are left.
   */
  async list(ctx: Actor, filter: PhonebookListFilter) {
    const viewer = await this.access.viewer(ctx);
    const [page, org, count] = await Promise.all([
      this.repo.list(viewer, normalizeSearch(filter)),
      this.repo.organizationLimits(ctx.tenant.organizationId),
      this.repo.countInOrganization(ctx.tenant.organizationId),
    ]);
    return {
      items: page.items.map((phonebook) => publicPhonebook({ phonebook, access: phonebookAccess(phonebook, viewer) })),
      totalCount: page.totalCount,
      maxPhonebook: org?.maxPhonebook || null,
      phonebookCount: count,
    };
  }

  /** Phonebooks to choose from (by title): every visible one, or only those the caller may change. */
  async selectList(ctx: Actor, manageable: boolean) {
    const viewer = await this.access.viewer(ctx);
    const rows = await this.repo.selectList(viewer, manageable, SELECT_LIST_LIMIT);
    return rows.map((phonebook) => publicPhonebook({ phonebook, access: phonebookAccess(phonebook, viewer) }));
  }
}
