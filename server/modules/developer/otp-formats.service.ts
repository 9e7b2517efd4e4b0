import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { UnitOfWork } from '../../platform/unit-of-work.js';
import { AppError, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { findForbiddenCharacters } from '../../shared/sms/sms-text.js';
import { checkOtpParameters, parseOtpFormat, renderOtpFormat, type OtpParameterIssue, type OtpTextIssue } from '../../shared/text/otp-format.js';
import { AuditService } from '../audit/index.js';
import { ApprovalsService, tenantSlice, type ApprovalWorkflow } from '../approvals/index.js';
import { OtpFormatsRepository, type OtpFormatFilter, type OtpFormatRow, type OtpPriority, type OtpStatus } from './otp-formats.repository.js';
import { ApiV1Service } from './api-v1.service.js';
import type { ApiTokenRow } from './api-tokens.repository.js';
import { tokenOwnerFilter } from './token-access.js';

export interface CreateOtpFormatInput {
  title: string;
  smsText: string;
  priority?: OtpPriority;
}

export interface UpdateOtpFormatInput {
  id: number;
  title?: string;
  smsText?: string;
  priority?: OtpPriority;
}

export interface V1OtpInput {
  to: string;
  formatId: number;
  parameters: string[];
  line: number;
  sendId?: string | null;
}

/** A format's text as a field error on `smsText`, in the caller's language (positions 1-based for people). */
function textError(issue: OtpTextIssue): AppError {
  switch (issue.code) {
    case 'unmatchedOpen': return fieldError('smsText', 'developer.otpTextUnmatchedOpen', { position: issue.at + 1 });
    case 'unmatchedClose': return fieldError('smsText', 'developer.otpTextUnmatchedClose', { position: issue.at + 1 });
    case 'badPlaceholder': return fieldError('smsText', 'developer.otpTextBadPlaceholder', { text: issue.text });
    case 'tooManyPlaceholders': return fieldError('smsText', 'developer.otpTextTooMany', { limit: issue.limit, last: `{${issue.limit - 1}}` });
    case 'missingPlaceholder': return fieldError('smsText', 'developer.otpTextMissing', { placeholder: `{${issue.missing}}` });
    case 'noPlaceholder': return fieldError('smsText', 'developer.otpTextNoPlaceholder');
  }
}

/** A send's parameters as a field error on `parameters`; parameter numbers 1-based for people. */
function parameterError(issue: OtpParameterIssue): AppError {
  switch (issue.code) {
    case 'countMismatch': return fieldError('parameters', 'developer.otpParameterCount', { expected: issue.expected, actual: issue.actual });
    case 'empty': return fieldError('parameters', 'developer.otpParameterEmpty', { index: issue.index + 1 });
    case 'tooLong': return fieldError('parameters', 'developer.otpParameterTooLong', { index: issue.index + 1, limit: issue.limit });
    case 'controlCharacter': return fieldError('parameters', 'developer.otpParameterControl', { index: issue.index + 1 });
  }
}

/**
 * The format's own rules at save: its placeholder syntax, and characters no SMS may carry. Rules
 * that depend on the send (links allowed for the organization, parts, credit) are the send's: the
 * rendered message goes through the ordinary single-send checks.
 */
function checkText(smsText: string): number {
  const parsed = parseOtpFormat(smsText);
  if (!parsed.ok) throw textError(parsed.issue);
  const forbiddenChars = findForbiddenCharacters(smsText);
  if (forbiddenChars.length > 0) {
    throw fieldError('smsText', 'developer.otpTextForbidden', { chars: forbiddenChars.map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ') });
  }
  return parsed.count;
}

/**
 * OTP formats (spec: priority, smsText, lastModified, OtpStatus) and the v1 OTP send.
 * Managed like API tokens and their safe IPs: the owner, or an administrator / reseller / super
 * admin whose tenant slice holds the format; anyone else gets 404. Confirming and rejecting go
 * through the approvals workflow (a plain user's format waits; an administrator's own format, and
 * their edit of any format, is confirmed at once). OTP formats keep no reject reason and no
 * `confirmedAbove` (CONTEXT.md: "OTP formats").
 */
@injectable()
export class OtpFormatsService {
  private readonly approval: ApprovalWorkflow<OtpStatus, OtpFormatRow>;

  constructor(
    @inject(OtpFormatsRepository) private readonly repo: OtpFormatsRepository,
    @inject(ApiV1Service) private readonly v1: ApiV1Service,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(ApprovalsService) approvals: ApprovalsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {
    this.approval = approvals.register<OtpStatus, OtpFormatRow>({
      className: 'OtpFormat',
      statuses: { waiting: 'WatingForConfirm', confirmed: 'Confirmed', rejected: 'Rejected' },
      messages: { notFound: 'developer.otpFormatNotFound', decideForbidden: 'developer.otpDecideForbidden' },
      lastModified: true,
      ...tenantSlice((tenant, owner, id, tx) => this.repo.findVisible(tenant, owner, id, tx)),
      write: (tx, id, patch) => this.repo.update(tx, id, patch),
      remove: async (tx, row, now) => { await this.repo.update(tx, row.id, { deletedAt: now, lastModified: now }); },
    });
  }

  async create(ctx: Actor, input: CreateOtpFormatInput) {
    const parameterCount = checkText(input.smsText);
    return this.uow.run(async (tx) => {
      const organizationId = ctx.principal.organizationId;
      const row = await this.repo.insert(tx, {
        organizationId, userId: ctx.principal.userId,
        title: input.title.trim(), smsText: input.smsText, parameterCount, priority: input.priority ?? 'High',
        ...(await this.approval.stateFor(ctx, organizationId, tx)), lastModified: this.clock.now(),
      });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'OtpFormat', referenceId: row.id, organizationId: row.organizationId, newData: row });
      return row;
    });
  }

  list(ctx: Actor, filter: OtpFormatFilter) {
    return this.repo.list(ctx.tenant, tokenOwnerFilter(ctx), normalizeSearch(filter));
  }

  /**
   * A changed text is a new text to confirm: a plain user's edit sends the format back to waiting
   * (a confirmed format never sends words nobody confirmed), a manager's edit is confirmed at once.
   * Title and priority alone keep the status.
   */
  async update(ctx: Actor, input: UpdateOtpFormatInput) {
    const parameterCount = input.smsText === undefined ? undefined : checkText(input.smsText);
    return this.uow.run(async (tx) => {
      const { row } = await this.approval.found(ctx, input.id, tx);
      const patch: Partial<OtpFormatRow> = { lastModified: this.clock.now() };
      if (input.title !== undefined) patch.title = input.title.trim();
      if (input.priority !== undefined) patch.priority = input.priority;
      const textChanged = input.smsText !== undefined && input.smsText !== row.smsText;
      if (textChanged) Object.assign(patch, { smsText: input.smsText, parameterCount });
      Object.assign(patch, await this.approval.editState(ctx, row.organizationId, textChanged, tx));
      const updated = await this.repo.update(tx, row.id, patch);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'OtpFormat', referenceId: row.id, organizationId: row.organizationId, oldData: row, newData: updated });
      return updated;
    });
  }

  delete(ctx: Actor, id: number) {
    return this.approval.delete(ctx, id);
  }

  /** Confirm or Reject: an administrator's act over the formats they manage (others: 404 first, then 403). */
  decide(ctx: Actor, id: number, decision: 'Confirm' | 'Reject') {
    return this.approval.decide(ctx, id, decision);
  }

  /**
   * `POST /v1/messages/otp`: a confirmed format of the token user's own organization (their own,
   * or any there when they are an administrator), its placeholders filled, sent as the v1 single
   * send — the grouped fast path straight to the dispatcher, never the bulk ingest queue — with the
   * same checks, answer, `sendId` idempotency and API-send mark as `messages/send`.
   */
  async send(ctx: Actor, token: ApiTokenRow, input: V1OtpInput) {
    if (!token.isCanSend) throw forbidden('developer.tokenCannotSend');
    // The single send's claim, before anything about the format is told.
    if (!ctx.principal.claims.has('Sending.Single')) throw forbidden();
    const format = await this.repo.findForSend(ctx.principal.organizationId, tokenOwnerFilter(ctx), input.formatId);
    if (!format) throw notFound('developer.otpFormatNotFound');
    if (format.status !== 'Confirmed') throw fieldError('formatId', 'developer.otpFormatNotConfirmed');
    const parsed = parseOtpFormat(format.smsText);
    // Checked at save; a stored text that no longer parses is a server fault, not the caller's.
    if (!parsed.ok) throw new Error(`otp format ${format.id} does not parse: ${parsed.issue.code}`);
    const issue = checkOtpParameters(parsed.count, input.parameters);
    if (issue) throw parameterError(issue);
    try {
      // The line must carry isSendOtp; the format's priority puts the send ahead of the line's other single sends.
      return await this.v1.send(ctx, token, { line: input.line, to: input.to, text: renderOtpFormat(parsed.segments, input.parameters), sendId: input.sendId ?? null }, { priority: format.priority });
    } catch (err) {
      // The rendered message has no field of its own in this body: its text failures name the format.
      if (!(err instanceof AppError) || err.validationErrors.length === 0) throw err;
      const issues = err.validationErrors.map((v) => (v.propertyName === 'text' ? { ...v, propertyName: 'formatId' } : v));
      throw new AppError(err.status, err.key, err.params, issues, err.data);
    }
  }
}
