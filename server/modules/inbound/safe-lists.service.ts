import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import { AppError, type ValidationIssue } from '../../platform/http/errors.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { AuditService } from '../audit/index.js';
import { ApprovalsService, isApprovalManager, managerOwnerFilter as ownerFilter, tenantSlice, type ApprovalPatch, type ApprovalWorkflow } from '../approvals/index.js';
import { ContactsService } from '../contacts/index.js';
import { LinesService } from '../numbers/index.js';
import { foldKeyword, isOptOutText } from './inbox-text.js';
import { SafeListsRepository, type SafeListFilter, type SafeListRow, type SafeListStatus } from './safe-lists.repository.js';

/** The claim of the safe-list pages (the spec's Facility menu: polls, parsers and lists that answer texts). */
export const SAFE_LISTS_CLAIM = 'Facility.Use';

/** Days a number waits for the join reply again when the request names none (one reply a day at most). */
export const DEFAULT_REPEAT_TEXT_DAY = 1;

export interface SafeListInput {
  privateNumberId: number;
  phonebookId: number;
  enterSms: string;
  exitSms: string;
  returnText: string;
  cancelText?: string | null;
  isSendCancelText?: boolean;
  dailyAddLimit?: number | null;
  monthlyAddLimit?: number | null;
  repeatTextDay?: number;
}

type Fields = Omit<SafeListInput, 'cancelText' | 'isSendCancelText' | 'dailyAddLimit' | 'monthlyAddLimit' | 'repeatTextDay'> & {
  cancelText: string | null; isSendCancelText: boolean; dailyAddLimit: number | null; monthlyAddLimit: number | null; repeatTextDay: number;
};

/** 0 and empty both mean "no limit", as every other maximum of the product. */
const limitOf = (v: number | null | undefined): number | null => (v === null || v === undefined || v === 0 ? null : v);

/** The workflow's reject reason is this subject's `rejectComment` (the spec's name). */
function columns(patch: Partial<ApprovalPatch<SafeListStatus>>): Partial<SafeListRow> {
  const { rejectReason, confirmedAbove: _above, lastModified, ...rest } = patch;
  const out: Partial<SafeListRow> = { ...rest };
  if (rejectReason !== undefined) out.rejectComment = rejectReason;
  if (lastModified !== undefined) out.lastModified = lastModified;
  return out;
}

/**
 * Safe-lists (the spec's Whitemessage request): on a line of the organization, people text the
 * join word (`enterSms`) to be added to a phonebook and the leave word (`exitSms`) to be removed;
 * the opt-out words always leave too. A list acts only once an administrator *above* its
 * organization has confirmed it (the system administrator, or an administrator of an ancestor):
 * an organization cannot approve its own list. Its request, edits and decisions run through the
 * shared approval workflow; the inbound step (`safe-list.step.ts`) does the joining and leaving.
 */
@injectable()
export class SafeListsService {
  private readonly approval: ApprovalWorkflow<SafeListStatus, SafeListRow>;

  constructor(
    @inject(SafeListsRepository) private readonly repo: SafeListsRepository,
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(LinesService) private readonly lines: LinesService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(ApprovalsService) approvals: ApprovalsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {
    this.approval = approvals.register<SafeListStatus, SafeListRow>({
      className: 'SafeList',
      statuses: { waiting: 'WatingForConfirm', confirmed: 'Confirmed', rejected: 'Rejected' },
      messages: { notFound: 'inbound.safeListNotFound', decideForbidden: 'inbound.safeListDecideForbidden', notConfirmed: 'inbound.safeListNotConfirmed' },
      lastModified: true,
      rejectReason: true,
      // Only from above the list's organization, so an organization never approves its own list.
      ...tenantSlice((tenant, owner, id, tx) => this.repo.findVisible(tenant, owner, id, tx), { fromAbove: true }),
      write: (tx, id, patch) => this.repo.update(tx, id, columns(patch)),
      remove: async (tx, row, now) => {
        await this.repo.update(tx, row.id, { deletedAt: now, lastModified: now });
        // The phonebook and its members stay (they are the customer's contacts); it is no list any more.
        if (row.phonebookId !== null) await this.contacts.setWhiteMessage(tx, row.phonebookId, null);
      },
    });
  }

  /**
   * A new or edited list: confirmed at once only when its author could confirm it (the system
   * administrator, or a manager above the list's organization: the workflow's `fromAbove` rule), else waiting.
   */
  private async stateFor(ctx: Actor, organizationId: number, tx: Tx): Promise<Partial<SafeListRow>> {
    return (await this.approval.decidesFromAbove(ctx, organizationId, tx))
      ? { status: 'Confirmed', decidedByUserId: ctx.principal.userId, decidedAt: this.clock.now(), rejectComment: null }
      : { status: 'WatingForConfirm', decidedByUserId: null, decidedAt: null, rejectComment: null };
  }

  /**
   * Every rule of a request at once, each on its field: words (folded like inbound texts: any
   * case, digit script, Arabic letter forms, punctuation around) present, different, no opt-out
   * word, not used by another list on the line; the join reply present; the leave reply present
   * when it is to be sent; a daily limit not above the monthly one; the line one of the
   * organization that the author may send a single message from; the phonebook one the author may
   * change, of the organization, serving no other list.
   */
  private async check(ctx: Actor, tx: Tx, organizationId: number, f: Fields, exceptId: number | null): Promise<void> {
    const issues: ValidationIssue[] = [];
    const add = (propertyName: string, key: string, params?: Record<string, unknown>) => { if (!issues.some((i) => i.propertyName === propertyName)) issues.push({ propertyName, key, params }); };
    const enter = foldKeyword(f.enterSms);
    const exit = foldKeyword(f.exitSms);
    if (!enter) add('enterSms', 'validation.required', { field: 'enterSms' });
    if (!exit) add('exitSms', 'validation.required', { field: 'exitSms' });
    if (enter && isOptOutText(f.enterSms)) add('enterSms', 'inbound.safeListOptOutWord');
    if (exit && isOptOutText(f.exitSms)) add('exitSms', 'inbound.safeListOptOutWord');
    if (enter && exit && enter === exit) add('exitSms', 'inbound.safeListSameWords');
    if (!f.returnText.trim()) add('returnText', 'validation.required', { field: 'returnText' });
    if (f.isSendCancelText && !f.cancelText?.trim()) add('cancelText', 'inbound.safeListCancelTextRequired');
    if (f.dailyAddLimit !== null && f.monthlyAddLimit !== null && f.dailyAddLimit > f.monthlyAddLimit) add('dailyAddLimit', 'inbound.safeListDailyAboveMonthly');
    try {
      const line = await this.lines.resolveForSend(tx, {
        organizationId, userId: ctx.principal.userId, isOrganizationAdmin: isApprovalManager(ctx), privateNumberId: f.privateNumberId, sendType: 'Single', at: this.clock.now(),
      });
      // Texts to a shared line belong to its owner: a list of another organization would never hear them.
      if (line.ownerOrganizationId !== organizationId) add('privateNumberId', 'inbound.safeListLineNotOwn');
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      // Switched off or out of service now is the line's state, not the request's fault: the list waits with it.
      const code = (err.data as { failureCode?: string } | undefined)?.failureCode;
      if (code !== 'PrivateNumberIsInactive' && code !== 'SystemIsOutOfService' && code !== 'PrivateNumberIsExpired') add('privateNumberId', 'inbound.safeListLineNotUsable');
    }
    if (!issues.some((i) => i.propertyName === 'privateNumberId')) {
      for (const other of await this.repo.wordsOnLine(tx, f.privateNumberId, exceptId)) {
        const words = [foldKeyword(other.enterSms), foldKeyword(other.exitSms)];
        if (enter && words.includes(enter)) add('enterSms', 'inbound.safeListWordTaken', { word: f.enterSms.trim() });
        if (exit && words.includes(exit)) add('exitSms', 'inbound.safeListWordTaken', { word: f.exitSms.trim() });
      }
    }
    try {
      const book = await this.contacts.phonebookForSafeList(ctx, f.phonebookId, tx);
      if (book.organizationId !== organizationId) add('phonebookId', 'inbound.safeListPhonebookNotUsable');
      else if (await this.repo.onPhonebook(tx, book.id, exceptId) !== null) add('phonebookId', 'inbound.safeListPhonebookTaken');
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      add('phonebookId', 'inbound.safeListPhonebookNotUsable');
    }
    if (issues.length > 0) throw new AppError(400, 'status.400', {}, issues);
  }

  private static fields(input: SafeListInput): Fields {
    return {
      privateNumberId: input.privateNumberId,
      phonebookId: input.phonebookId,
      enterSms: input.enterSms.trim(),
      exitSms: input.exitSms.trim(),
      returnText: input.returnText,
      cancelText: input.cancelText?.trim() ? input.cancelText : null,
      isSendCancelText: input.isSendCancelText === true,
      dailyAddLimit: limitOf(input.dailyAddLimit),
      monthlyAddLimit: limitOf(input.monthlyAddLimit),
      repeatTextDay: input.repeatTextDay ?? DEFAULT_REPEAT_TEXT_DAY,
    };
  }

  async create(ctx: Actor, input: SafeListInput) {
    const organizationId = ctx.tenant.organizationId;
    const f = SafeListsService.fields(input);
    return this.uow.run(async (tx) => {
      await this.check(ctx, tx, organizationId, f, null);
      const now = this.clock.now();
      const row = await this.repo.insert(tx, {
        organizationId, userId: ctx.principal.userId, ...f, lastModified: now,
        ...((await this.stateFor(ctx, organizationId, tx)) as Pick<SafeListRow, 'status' | 'decidedByUserId' | 'decidedAt'>),
      });
      await this.contacts.setWhiteMessage(tx, f.phonebookId, row.id);
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'SafeList', referenceId: row.id, organizationId, newData: row });
      return row;
    });
  }

  list(ctx: Actor, filter: SafeListFilter) {
    return this.repo.list(ctx.tenant, ownerFilter(ctx), normalizeSearch(filter));
  }

  /**
   * The whole request again (the form sends every field). Any change is a new request: it goes
   * back to waiting (and its reject comment is cleared) unless its author is above the
   * organization; an unchanged save keeps the state. A new phonebook takes the list's mark, the old
   * one loses it (its contacts stay).
   */
  async update(ctx: Actor, input: SafeListInput & { id: number }) {
    const f = SafeListsService.fields(input);
    return this.uow.run(async (tx) => {
      const { row } = await this.approval.found(ctx, input.id, tx);
      await this.check(ctx, tx, row.organizationId, f, row.id);
      const changed = (Object.keys(f) as (keyof Fields)[]).some((k) => f[k] !== row[k]);
      const patch: Partial<SafeListRow> = { ...f, lastModified: this.clock.now(), ...(changed ? await this.stateFor(ctx, row.organizationId, tx) : {}) };
      const updated = await this.repo.update(tx, row.id, patch);
      if (row.phonebookId !== f.phonebookId) {
        if (row.phonebookId !== null) await this.contacts.setWhiteMessage(tx, row.phonebookId, null);
        await this.contacts.setWhiteMessage(tx, f.phonebookId, row.id);
      }
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'SafeList', referenceId: row.id, organizationId: row.organizationId, oldData: row, newData: updated });
      return updated;
    });
  }

  delete(ctx: Actor, id: number) {
    return this.approval.delete(ctx, id);
  }

  /**
   * Confirm, Reject (with a comment) or UndoConfirm: only from above the list's organization
   * (the workflow's `fromAbove`: 404 for a list the caller cannot see first, then 403), so an
   * organization never approves its own list. The workflow then writes, audits and answers.
   */
  async decide(ctx: Actor, id: number, decision: 'Confirm' | 'Reject' | 'UndoConfirm', comment: string | null = null) {
    return this.approval.decide(ctx, id, decision, comment);
  }
}
