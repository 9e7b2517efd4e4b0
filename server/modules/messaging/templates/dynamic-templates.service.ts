import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { Actor } from '../../../platform/actor.js';
import type { Clock } from '../../../platform/clock.js';
import { UnitOfWork } from '../../../platform/unit-of-work.js';
import { AppError, fieldError, notFound } from '../../../platform/http/errors.js';
import { normalizeSearch } from '../../../platform/http/search.js';
import { AuditService } from '../../audit/index.js';
import { managerOwnerFilter as ownerFilter } from '../../approvals/index.js';
import { CustomFieldsService } from '../../contacts/index.js';
import { OrganizationsService } from '../../organizations/index.js';
import { ComposeService } from '../compose/compose.service.js';
import { compileTemplate } from '../compose/dynamic-template.js';
import { parseTemplateIn, toBraces, type TemplateFormat } from '../../../shared/text/template-placeholders.js';
import { DynamicTemplatesRepository, type DynamicTemplateFilter, type DynamicTemplateRow } from './dynamic-templates.repository.js';

/** A template's text in the one syntax every renderer reads (`{name}`), whatever its format. */
export function templateBraces(row: Pick<DynamicTemplateRow, 'customText' | 'format'>): string {
  return toBraces(parseTemplateIn(row.format, row.customText));
}

function onCustomText(err: unknown): unknown {
  if (!(err instanceof AppError) || !err.validationErrors.some((v) => v.propertyName === 'smsBody')) return err;
  return new AppError(err.status, err.key, err.params, err.validationErrors.map((v) => (v.propertyName === 'smsBody' ? { ...v, propertyName: 'customText' } : v)), err.data);
}

/**
 * The spec's DynamicTemplate: a title, a `customText` with placeholders and the `format` they are
 * written in. Owned by the active organization and its user; a plain user sees and changes their
 * own, a manager their tenant slice's (as saved patterns). No confirmation: a template sends
 * nothing by itself — a text parser's reply uses it as the parser's owner would type it, and a
 * pattern copies it into a pattern that is confirmed as any other.
 */
@injectable()
export class DynamicTemplatesService {
  constructor(
    @inject(DynamicTemplatesRepository) private readonly repo: DynamicTemplatesRepository,
    @inject(ComposeService) private readonly compose: ComposeService,
    @inject(CustomFieldsService) private readonly fields: CustomFieldsService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  /**
   * Judged as a dynamic send judges its text (forbidden characters, links without the
   * organization's isAllowLink, parts), answered on `customText`; every placeholder, read in the
   * template's format, a contact field or one of the organization's custom fields.
   */
  private async checkText(organizationId: number, customText: string, format: TemplateFormat): Promise<void> {
    if (!customText.trim()) throw fieldError('customText', 'messaging.templateTextRequired');
    const chain = await this.organizations.chainOf(organizationId);
    try {
      await this.compose.judgeText(chain[chain.length - 1] as unknown as Record<string, unknown>, customText);
    } catch (err) {
      throw onCustomText(err);
    }
    const compiled = compileTemplate(parseTemplateIn(format, customText), (await this.fields.ofOrganization(organizationId)).map((f) => ({ nameEn: f.nameEn, type: f.type })));
    if ('unknown' in compiled) {
      const written = (n: string) => (format === 'Brackets' ? `[${n}]` : `{${n}}`);
      throw fieldError('customText', 'messaging.templateUnknownField', { fields: compiled.unknown.map(written).join(' ') });
    }
  }

  private static title(raw: string): string {
    const title = raw.trim();
    if (!title) throw fieldError('title', 'messaging.templateTitleRequired');
    return title;
  }

  async create(ctx: Actor, input: { title: string; customText: string; format?: TemplateFormat }) {
    const title = DynamicTemplatesService.title(input.title);
    const format = input.format ?? 'Braces';
    const organizationId = ctx.tenant.organizationId;
    await this.checkText(organizationId, input.customText, format);
    return this.uow.run(async (tx) => {
      const row = await this.repo.insert(tx, { organizationId, userId: ctx.principal.userId, title, customText: input.customText, format, lastModified: this.clock.now() });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'DynamicTemplate', referenceId: row.id, organizationId, newData: row });
      return row;
    });
  }

  list(ctx: Actor, filter: DynamicTemplateFilter) {
    return this.repo.list(ctx.tenant, ownerFilter(ctx), normalizeSearch(filter));
  }

  async get(ctx: Actor, id: number) {
    const row = await this.repo.findVisible(ctx.tenant, ownerFilter(ctx), id);
    if (!row) throw notFound('messaging.templateNotFound');
    return row;
  }

  /** The templates the caller may pick in the active organization (a parser's or a pattern's form). */
  async selectList(ctx: Actor) {
    const rows = await this.repo.usable(ctx.tenant.organizationId, ownerFilter(ctx));
    return rows.map((r) => ({ id: r.id, title: r.title, customText: r.customText, format: r.format }));
  }

  /** A live template of the organization a pattern belongs to, for that pattern's owner (a plain user's own), or 400 on `field`. */
  async forPattern(ctx: Actor, organizationId: number, id: number, field: string): Promise<DynamicTemplateRow> {
    const row = await this.repo.findInOrganization(organizationId, ownerFilter(ctx), id);
    if (!row) throw fieldError(field, 'messaging.templateNotFound');
    return row;
  }

  async update(ctx: Actor, input: { id: number; title?: string; customText?: string; format?: TemplateFormat }) {
    const title = input.title === undefined ? undefined : DynamicTemplatesService.title(input.title);
    const current = await this.get(ctx, input.id);
    const customText = input.customText ?? current.customText;
    const format = input.format ?? current.format;
    // Judged before the change's transaction (settings and fields are read outside it); the
    // template's organization never changes, so judging it against a first read holds.
    if (customText !== current.customText || format !== current.format) await this.checkText(current.organizationId, customText, format);
    return this.uow.run(async (tx) => {
      const row = await this.repo.findVisible(ctx.tenant, ownerFilter(ctx), input.id, tx);
      if (!row) throw notFound('messaging.templateNotFound');
      const patch: Partial<DynamicTemplateRow> = { lastModified: this.clock.now(), customText, format };
      if (title !== undefined) patch.title = title;
      const updated = await this.repo.update(tx, row.id, patch);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'DynamicTemplate', referenceId: row.id, organizationId: row.organizationId, oldData: row, newData: updated });
      return updated;
    });
  }

  async delete(ctx: Actor, id: number): Promise<null> {
    await this.uow.run(async (tx) => {
      const row = await this.repo.findVisible(ctx.tenant, ownerFilter(ctx), id, tx);
      if (!row) throw notFound('messaging.templateNotFound');
      const now = this.clock.now();
      await this.repo.update(tx, id, { deletedAt: now, lastModified: now });
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'DynamicTemplate', referenceId: id, organizationId: row.organizationId, oldData: row });
    });
    return null;
  }
}
