import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { UnitOfWork, isUniqueViolation, type Tx } from '../../platform/unit-of-work.js';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import type { SchemaType } from '../../platform/http/router.js';
import { isReservedFieldName } from '../../shared/contacts/contact-fields.js';
import { AuditService } from '../audit/index.js';
import { CustomFieldsRepository, type CustomFieldRow } from './custom-fields.repository.js';
import { PhonebooksRepository } from './phonebooks.repository.js';
import { PhonebookAccessService } from './phonebook-access.service.js';
import type { createCustomFieldSchema, updateCustomFieldSchema } from './contacts.schemas.js';

async function nameChecked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('nameEn', 'contacts.fieldNameTaken');
    throw err;
  }
}

function checkName(nameEn: string): void {
  if (isReservedFieldName(nameEn)) throw fieldError('nameEn', 'contacts.fieldNameReserved', { name: nameEn });
}

/**
 * Custom fields of an organization (spec: type, nameEn, nameFa), capped by its maxCustomFiled.
 * Every user of the organization reads them (their contacts carry values); only administrators
 * change them, because a field is shared by every phonebook of the organization.
 */
@injectable()
export class CustomFieldsService {
  constructor(
    @inject(CustomFieldsRepository) private readonly repo: CustomFieldsRepository,
    @inject(PhonebooksRepository) private readonly phonebooks: PhonebooksRepository,
    @inject(PhonebookAccessService) private readonly access: PhonebookAccessService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  /** The fields that apply to a phonebook's contacts: those of its organization. */
  ofOrganization(organizationId: number, tx?: Tx): Promise<CustomFieldRow[]> {
    return this.repo.ofOrganization(organizationId, tx);
  }

  /**
   * The active organization's fields, or those of a visible phonebook's organization (a parent's
   * public phonebook shows its own organization's fields), with the limit (null: none).
   */
  async list(ctx: Actor, phonebookId?: number) {
    const organizationId = phonebookId === undefined ? ctx.tenant.organizationId : (await this.access.open(ctx, phonebookId)).phonebook.organizationId;
    const [items, org] = await Promise.all([this.repo.ofOrganization(organizationId), this.phonebooks.organizationLimits(organizationId)]);
    return { items, totalCount: items.length, organizationId, maxCustomFiled: org?.maxCustomFiled || null };
  }

  private managerOnly(ctx: Actor): void {
    if (!ctx.tenant.subtree) throw forbidden('contacts.fieldsAdminOnly');
  }

  async create(ctx: Actor, body: SchemaType<typeof createCustomFieldSchema>) {
    this.managerOnly(ctx);
    checkName(body.nameEn);
    return nameChecked(() => this.uow.run(async (tx) => {
      const organizationId = ctx.tenant.organizationId;
      const org = await this.phonebooks.lockOrganizationLimits(tx, organizationId);
      if (!org) throw notFound('organization.notFound');
      if (org.maxCustomFiled && (await this.repo.countInOrganization(tx, organizationId)) >= org.maxCustomFiled) {
        throw badRequest('contacts.maxCustomFieldReached', { limit: org.maxCustomFiled });
      }
      const row = await this.repo.insert(tx, { organizationId, type: body.type, nameEn: body.nameEn, nameFa: body.nameFa.trim() });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'CustomField', referenceId: row.id, organizationId, newData: row });
      return row;
    }));
  }

  async update(ctx: Actor, body: SchemaType<typeof updateCustomFieldSchema>) {
    this.managerOnly(ctx);
    if (body.nameEn !== undefined) checkName(body.nameEn);
    return nameChecked(() => this.uow.run(async (tx) => {
      const field = await this.repo.findVisible(tx, ctx.tenant, body.id);
      if (!field) throw notFound('contacts.customFieldNotFound');
      const patch: Partial<CustomFieldRow> = { lastModified: this.clock.now() };
      if (body.nameEn !== undefined) patch.nameEn = body.nameEn;
      if (body.nameFa !== undefined) patch.nameFa = body.nameFa.trim();
      const updated = await this.repo.update(tx, field.id, patch);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'CustomField', referenceId: field.id, organizationId: field.organizationId, oldData: field, newData: updated });
      return updated;
    }));
  }

  /**
   * Removes the field. Its values stay inside the contacts' jsonb but are never read again (ids
   * are not reused): rewriting a million rows to drop a key would gain nothing.
   */
  async delete(ctx: Actor, id: number) {
    this.managerOnly(ctx);
    return this.uow.run(async (tx) => {
      const field = await this.repo.findVisible(tx, ctx.tenant, id);
      if (!field) throw notFound('contacts.customFieldNotFound');
      await this.repo.delete(tx, field.id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'CustomField', referenceId: field.id, organizationId: field.organizationId, oldData: field });
      return null;
    });
  }
}
