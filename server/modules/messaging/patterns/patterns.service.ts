import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { Actor } from '../../../platform/actor.js';
import type { Clock } from '../../../platform/clock.js';
import { UnitOfWork, type Tx } from '../../../platform/unit-of-work.js';
import { AppError, fieldError, forbidden, notFound } from '../../../platform/http/errors.js';
import { normalizeSearch } from '../../../platform/http/search.js';
import { AuditService } from '../../audit/index.js';
import { CustomFieldsService } from '../../contacts/index.js';
import { OrganizationsService } from '../../organizations/index.js';
import { ComposeService, type ComposeInput } from '../compose/compose.service.js';
import { compileTemplate, parseTemplate } from '../compose/dynamic-template.js';
import { PatternsRepository, type PatternFilter, type PatternRow, type PatternStatus } from './patterns.repository.js';

/** A fast-pattern send as the route maps it: a dynamic phonebook send whose text is the pattern's. */
export type PatternSendInput = Omit<ComposeInput, 'smsBody' | 'sendType' | 'textApproved'>;

/**
 * Whose patterns a caller manages: null = every pattern in their tenant slice (an administrator,
 * reseller or the system administrator), otherwise only this user's own (a plain user).
 */
function ownerFilter(ctx: Actor): number | null {
  return ctx.principal.isAdmin || ctx.principal.scope === 'superAdmin' || ctx.principal.scope === 'reseller' ? null : ctx.principal.userId;
}

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
  constructor(
    @inject(PatternsRepository) private readonly repo: PatternsRepository,
    @inject(ComposeService) private readonly compose: ComposeService,
    @inject(CustomFieldsService) private readonly fields: CustomFieldsService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

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
   * Whether this caller's confirmation stands in for the send confirmation queue of the pattern's
   * organization: the queue's own rule (SendQueue/Confirm: claim Sending.Confirm over an
   * organization strictly below, or the system administrator). An organization's own administrator
   * confirms its patterns for use, but cannot lift a confirmation its parent or the line asks for.
   */
  private async confirmsAbove(ctx: Actor, organizationId: number, tx?: Tx): Promise<boolean> {
    if (ctx.principal.scope === 'superAdmin') return true;
    if (!ctx.principal.claims.has('Sending.Confirm')) return false;
    // Inside the decision's transaction, its handle (the embedded database has one connection).
    const chain = await this.organizations.chainOf(organizationId, tx);
    return chain.slice(0, -1).some((o) => o.id === ctx.principal.organizationId);
  }

  /** The status a change by this caller leaves: confirmed when a manager made it, otherwise waiting. */
  private async statusFor(ctx: Actor, organizationId: number, tx?: Tx): Promise<{ status: PatternStatus; decidedByUserId: number | null; decidedAt: Date | null; confirmedAbove: boolean; rejectReason: null }> {
    if (ownerFilter(ctx) !== null) return { status: 'WatingForConfirm', decidedByUserId: null, decidedAt: null, confirmedAbove: false, rejectReason: null };
    return { status: 'Confirmed', decidedByUserId: ctx.principal.userId, decidedAt: this.clock.now(), confirmedAbove: await this.confirmsAbove(ctx, organizationId, tx), rejectReason: null };
  }

  private async visible(ctx: Actor, id: number, tx: Tx): Promise<PatternRow> {
    const row = await this.repo.findVisible(ctx.tenant, ownerFilter(ctx), id, tx);
    if (!row) throw notFound('messaging.patternNotFound');
    return row;
  }

  async create(ctx: Actor, input: { title: string; smsText: string }) {
    const title = PatternsService.title(input.title);
    const organizationId = ctx.tenant.organizationId;
    await this.checkText(organizationId, input.smsText);
    const status = await this.statusFor(ctx, organizationId);
    return this.uow.run(async (tx) => {
      const row = await this.repo.insert(tx, { organizationId, userId: ctx.principal.userId, title, smsText: input.smsText, ...status, lastModified: this.clock.now() });
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
  async update(ctx: Actor, input: { id: number; title?: string; smsText?: string }) {
    const title = input.title === undefined ? undefined : PatternsService.title(input.title);
    // The text is judged before the change's transaction (settings and fields are read outside it);
    // the pattern's organization never changes, so judging it against a first read holds.
    if (input.smsText !== undefined) {
      const current = await this.uow.run((tx) => this.visible(ctx, input.id, tx));
      if (input.smsText !== current.smsText) await this.checkText(current.organizationId, input.smsText);
    }
    return this.uow.run(async (tx) => {
      const row = await this.visible(ctx, input.id, tx);
      const patch: Partial<PatternRow> = { lastModified: this.clock.now() };
      if (title !== undefined) patch.title = title;
      if (input.smsText !== undefined && input.smsText !== row.smsText) Object.assign(patch, { smsText: input.smsText }, await this.statusFor(ctx, row.organizationId, tx));
      const updated = await this.repo.update(tx, row.id, patch);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'MessagePattern', referenceId: row.id, organizationId: row.organizationId, oldData: row, newData: updated });
      return updated;
    });
  }

  async delete(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const row = await this.visible(ctx, id, tx);
      const now = this.clock.now();
      await this.repo.update(tx, row.id, { deletedAt: now, lastModified: now });
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'MessagePattern', referenceId: row.id, organizationId: row.organizationId, oldData: row });
      return null;
    });
  }

  /** Confirm or Reject: an administrator's act over the patterns they manage (others: 404 first, then 403). */
  async decide(ctx: Actor, id: number, decision: 'Confirm' | 'Reject', reason: string | null = null) {
    return this.uow.run(async (tx) => {
      const row = await this.visible(ctx, id, tx);
      if (ownerFilter(ctx) !== null) throw forbidden('messaging.patternDecideForbidden');
      const now = this.clock.now();
      const confirmed = decision === 'Confirm';
      const updated = await this.repo.update(tx, row.id, {
        status: confirmed ? 'Confirmed' : 'Rejected', decidedByUserId: ctx.principal.userId, decidedAt: now, lastModified: now,
        confirmedAbove: confirmed ? await this.confirmsAbove(ctx, row.organizationId, tx) : false, rejectReason: confirmed ? null : (reason?.trim() || null),
      });
      await this.audit.record(tx, ctx, { operationType: decision, className: 'MessagePattern', referenceId: row.id, organizationId: row.organizationId, oldData: row, newData: updated });
      return updated;
    });
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
