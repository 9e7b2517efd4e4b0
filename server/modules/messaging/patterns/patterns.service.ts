import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { Actor } from '../../../platform/actor.js';
import type { Clock } from '../../../platform/clock.js';
import { UnitOfWork } from '../../../platform/unit-of-work.js';
import { AppError, fieldError, notFound } from '../../../platform/http/errors.js';
import { normalizeSearch } from '../../../platform/http/search.js';
import { AuditService } from '../../audit/index.js';
import { ApprovalsService, managerOwnerFilter as ownerFilter, tenantSlice, type ApprovalWorkflow } from '../../approvals/index.js';
import { CustomFieldsService } from '../../contacts/index.js';
import { OrganizationsService } from '../../organizations/index.js';
import { ComposeService, type ComposeInput } from '../compose/compose.service.js';
import { compileTemplate, parseTemplate } from '../compose/dynamic-template.js';
import { DynamicTemplatesService, templateBraces } from '../templates/dynamic-templates.service.js';
import { PatternsRepository, type PatternFilter, type PatternRow, type PatternStatus } from './patterns.repository.js';

/** A fast-pattern send as the route maps it: a dynamic phonebook send whose text is the pattern's. */
export type PatternSendInput = Omit<ComposeInput, 'smsBody' | 'sendType' | 'textApproved'>;

/** A refusal on one request field reported on another (the pattern's text is `smsText` here, `patternId` on a send). */
function onField(err: unknown, from: string, to: string): unknown {
  if (!(err instanceof AppError) || !err.validationErrors.some((v) => v.propertyName === from)) return err;
  return new AppError(err.status, err.key, err.params, err.validationErrors.map((v) => (v.propertyName === from ? { ...v, propertyName: to } : v)), err.data);
}

/**
 * Saved patterns: a title and a dynamic template, managed like OTP formats (the owner, or a manager
 * whose tenant slice holds it; anyone else 404). A plain user's pattern (or its changed text) waits
 * for an administrator; a manager's is confirmed at once. A confirmed pattern is what a
 * fast-pattern send may use; it skips the per-send confirmation queue only when its confirmation
 * came from someone who could have confirmed the send itself (`confirmedAbove`).
 */
@injectable()
export class PatternsService {
  private readonly approval: ApprovalWorkflow<PatternStatus, PatternRow>;

  constructor(
    @inject(PatternsRepository) private readonly repo: PatternsRepository,
    @inject(ComposeService) private readonly compose: ComposeService,
    @inject(DynamicTemplatesService) private readonly templates: DynamicTemplatesService,
    @inject(CustomFieldsService) private readonly fields: CustomFieldsService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(ApprovalsService) approvals: ApprovalsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {
    this.approval = approvals.register<PatternStatus, PatternRow>({
      className: 'MessagePattern',
      statuses: { waiting: 'WatingForConfirm', confirmed: 'Confirmed', rejected: 'Rejected' },
      messages: { notFound: 'messaging.patternNotFound', decideForbidden: 'messaging.patternDecideForbidden' },
      lastModified: true,
      rejectReason: true,
      // The send confirmation queue's own rule (SendQueue/Confirm: claim Sending.Confirm over an
      // organization strictly below, or the system administrator): such a confirmation stands in
      // for the queue; an organization's own administrator confirms for use only.
      confirmedAboveClaim: 'Sending.Confirm',
      ...tenantSlice((tenant, owner, id, tx) => this.repo.findVisible(tenant, owner, id, tx)),
      write: (tx, id, patch) => this.repo.update(tx, id, patch),
      remove: async (tx, row, now) => { await this.repo.update(tx, row.id, { deletedAt: now, lastModified: now }); },
    });
  }

  /**
   * The template judged at save as a dynamic send judges it (empty, forbidden characters, links
   * without the organization's isAllowLink, parts of the template itself) and every placeholder
   * known: a contact field or one of the organization's custom fields.
   */
  private async checkText(organizationId: number, smsText: string): Promise<void> {
    const chain = await this.organizations.chainOf(organizationId);
    try {
      await this.compose.judgeText(chain[chain.length - 1] as unknown as Record<string, unknown>, smsText);
    } catch (err) {
      throw onField(err, 'smsBody', 'smsText');
    }
    const compiled = compileTemplate(parseTemplate(smsText), (await this.fields.ofOrganization(organizationId)).map((f) => ({ nameEn: f.nameEn, type: f.type })));
    if ('unknown' in compiled) throw fieldError('smsText', 'messaging.patternUnknownField', { fields: compiled.unknown.map((n) => `{${n}}`).join(' ') });
  }

  private static title(raw: string): string {
    const title = raw.trim();
    if (!title) throw fieldError('title', 'messaging.patternTitleRequired');
    return title;
  }

  /**
   * A pattern's text: the dynamic template's (written back in the Braces syntax) when one is named
   * (a template of the pattern's organization the caller may use), else the text given.
   */
  private async textOf(ctx: Actor, organizationId: number, input: { smsText?: string; dynamicTemplateId?: number | null }): Promise<string | undefined> {
    if (input.dynamicTemplateId) return templateBraces(await this.templates.forPattern(ctx, organizationId, input.dynamicTemplateId, 'dynamicTemplateId'));
    return input.smsText;
  }

  async create(ctx: Actor, input: { title: string; smsText?: string; dynamicTemplateId?: number | null }) {
    const title = PatternsService.title(input.title);
    const organizationId = ctx.tenant.organizationId;
    const smsText = await this.textOf(ctx, organizationId, input);
    if (smsText === undefined) throw fieldError('smsText', 'messaging.patternTextRequired');
    await this.checkText(organizationId, smsText);
    const status = await this.approval.stateFor(ctx, organizationId);
    return this.uow.run(async (tx) => {
      const row = await this.repo.insert(tx, { organizationId, userId: ctx.principal.userId, title, smsText, dynamicTemplateId: input.dynamicTemplateId ?? null, ...status, confirmedAbove: status.confirmedAbove === true, lastModified: this.clock.now() });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'MessagePattern', referenceId: row.id, organizationId, newData: row });
      return row;
    });
  }

  list(ctx: Actor, filter: PatternFilter) {
    return this.repo.list(ctx.tenant, ownerFilter(ctx), normalizeSearch(filter));
  }

  /** The confirmed patterns the caller may send with from the active organization (the send's picker). */
  async selectList(ctx: Actor) {
    const rows = await this.repo.usable(ctx.tenant.organizationId, ownerFilter(ctx));
    return rows.map((r) => ({ id: r.id, title: r.title, smsText: r.smsText, confirmedAbove: r.confirmedAbove }));
  }

  /**
   * A changed text is a new text to confirm: a plain user's edit sends the pattern back to waiting
   * (a confirmed pattern never sends words nobody confirmed), a manager's is confirmed at once.
   * A title alone keeps the status.
   */
  async update(ctx: Actor, input: { id: number; title?: string; smsText?: string; dynamicTemplateId?: number | null }) {
    const title = input.title === undefined ? undefined : PatternsService.title(input.title);
    // The text is judged before the change's transaction (settings and fields are read outside it);
    // the pattern's organization never changes, so judging it against a first read holds.
    let smsText: string | undefined;
    if (input.smsText !== undefined || input.dynamicTemplateId) {
      const { row: current } = await this.uow.run((tx) => this.approval.found(ctx, input.id, tx));
      smsText = await this.textOf(ctx, current.organizationId, input);
      if (smsText !== undefined && smsText !== current.smsText) await this.checkText(current.organizationId, smsText);
    }
    return this.uow.run(async (tx) => {
      const { row } = await this.approval.found(ctx, input.id, tx);
      const patch: Partial<PatternRow> = { lastModified: this.clock.now() };
      if (title !== undefined) patch.title = title;
      if (input.dynamicTemplateId !== undefined) patch.dynamicTemplateId = input.dynamicTemplateId;
      const textChanged = smsText !== undefined && smsText !== row.smsText;
      if (textChanged) patch.smsText = smsText;
      Object.assign(patch, await this.approval.editState(ctx, row.organizationId, textChanged, tx));
      const updated = await this.repo.update(tx, row.id, patch);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'MessagePattern', referenceId: row.id, organizationId: row.organizationId, oldData: row, newData: updated });
      return updated;
    });
  }

  delete(ctx: Actor, id: number) {
    return this.approval.delete(ctx, id);
  }

  /** Confirm or Reject (with an optional reason): an administrator's act over the patterns they manage (others: 404 first, then 403). */
  decide(ctx: Actor, id: number, decision: 'Confirm' | 'Reject', reason: string | null = null) {
    return this.approval.decide(ctx, id, decision, reason);
  }

  /**
   * `CreateFastPatternScheduledMessageByPhonebook` (or its preview): a confirmed pattern of the
   * sending organization (a plain user's own; any there for a manager) filled from each contact —
   * the dynamic send exactly (sendType Dynamic, the line's isSendDynamic, per-receiver texts, hold
   * = sum of parts), marked with the pattern. Refusals about the text name `patternId`.
   */
  async send(ctx: Actor, patternId: number, input: PatternSendInput, preview: boolean) {
    const pattern = await this.repo.findForSend(ctx.tenant.organizationId, ownerFilter(ctx), patternId);
    if (!pattern) throw notFound('messaging.patternNotFound');
    if (pattern.status !== 'Confirmed') throw fieldError('patternId', 'messaging.patternNotConfirmed');
    const sources = input.sources.map((s) => (s.kind === 'phonebook' ? { ...s, template: pattern.smsText } : s));
    const compose: ComposeInput = { ...input, sources, smsBody: pattern.smsText, sendType: 'Dynamic', textApproved: pattern.confirmedAbove };
    try {
      if (preview) return await this.compose.calculate(ctx, compose);
      return await this.compose.create(ctx, compose, { values: { patternId: pattern.id } });
    } catch (err) {
      throw onField(err, 'smsBody', 'patternId');
    }
  }
}
