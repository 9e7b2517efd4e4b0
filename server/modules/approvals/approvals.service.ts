import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import { conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { OrganizationsService } from '../organizations/index.js';
import { isApprovalManager } from './approval-access.js';

/** The acts on a waiting thing; each is audited under its own name as `operationType`. */
export type ApprovalDecision = 'Confirm' | 'Reject' | 'UndoConfirm';

/** A subject's own spelling of its three states (the spec names them per entity). */
export interface ApprovalStatuses<S extends string> {
  waiting: S;
  confirmed: S;
  rejected: S;
}

export interface ApprovalState<S extends string> {
  status: S;
  decidedByUserId: number | null;
  decidedAt: Date | null;
}

/** What an edit or a decision writes; the optional fields only for subjects that keep them. */
export interface ApprovalPatch<S extends string> extends ApprovalState<S> {
  lastModified?: Date;
  confirmedAbove?: boolean;
  rejectReason?: string | null;
}

/** A row found for a change: the row, and the organization its audit rows belong to. */
export interface ApprovalTarget<Row> {
  row: Row;
  organizationId: number;
}

/**
 * What a subject registers. Its rows live in its own table behind its own repository; the
 * workflow only reads them through `find` and writes them through `write` / `remove`.
 */
export interface ApprovalSubject<S extends string, Row extends ApprovalState<S> & { id: number }> {
  /** The audit `className` of its rows; also its name in the registry. */
  className: string;
  statuses: ApprovalStatuses<S>;
  /** Message keys: the row is not the caller's to see (404), the caller may not decide (403), undo of an unconfirmed row (409). */
  messages: { notFound: string; decideForbidden: string; notConfirmed?: string };
  /** The row has `lastModified`, moved by every decision. */
  lastModified?: boolean;
  /** The row keeps a reject reason (`rejectReason`), cleared by any other decision. */
  rejectReason?: boolean;
  /**
   * The row records `confirmedAbove`: the confirmation came from strictly above the row's
   * organization — the system administrator, or a holder of this claim whose organization is an
   * ancestor of it. An organization's own administrator confirms, but not from above.
   */
  confirmedAboveClaim?: string;
  /**
   * Decided only from strictly above the row's organization (the super admin, or a manager whose
   * organization is a strict ancestor of it): 403 otherwise, after the 404. Set by `tenantSlice`.
   */
  fromAbove?: boolean;
  /** The row if the caller manages it, locked for the change (an edit and a decision cannot cross); null → 404. */
  find(ctx: Actor, id: number, tx: Tx): Promise<ApprovalTarget<Row> | null>;
  write(tx: Tx, id: number, patch: ApprovalPatch<S>): Promise<Row>;
  /** Deletes the row (soft or hard: the subject's choice). */
  remove(tx: Tx, row: Row, now: Date): Promise<void>;
  /** After every decision and delete, inside its transaction (e.g. a cache dropped after commit). */
  changed?(tx: Tx, row: Row): void;
}

/**
 * One subject's workflow, from `ApprovalsService.register`. Who decides: a manager
 * (`managerOwnerFilter` null: administrator, reseller or super admin) over the rows of their tenant
 * slice, their own included; a plain user's rows wait. Order of refusals: not found (404) before
 * forbidden (403) before an undo of an unconfirmed row (409), so nobody learns of rows they cannot see.
 */
export class ApprovalWorkflow<S extends string, Row extends ApprovalState<S> & { id: number }> {
  constructor(
    private readonly subject: ApprovalSubject<S, Row>,
    private readonly audit: AuditService,
    private readonly organizations: OrganizationsService,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  get statuses(): ApprovalStatuses<S> {
    return this.subject.statuses;
  }

  canDecide(ctx: Actor): boolean {
    return isApprovalManager(ctx);
  }

  /**
   * The state a new row, or a changed one, takes from this caller: confirmed at once when a
   * manager made it (they are the ones who confirm), otherwise waiting.
   */
  async stateFor(ctx: Actor, organizationId: number, tx?: Tx): Promise<ApprovalPatch<S>> {
    const s = this.subject;
    const manager = this.canDecide(ctx);
    const state: ApprovalPatch<S> = manager
      ? { status: s.statuses.confirmed, decidedByUserId: ctx.principal.userId, decidedAt: this.clock.now() }
      : { status: s.statuses.waiting, decidedByUserId: null, decidedAt: null };
    if (s.confirmedAboveClaim !== undefined) state.confirmedAbove = manager && await this.confirmsAbove(ctx, organizationId, tx);
    if (s.rejectReason) state.rejectReason = null;
    return state;
  }

  /**
   * Editing sends a row back: what the subject judges a change needing confirmation (its text)
   * leaves the state `stateFor` gives; anything else keeps the state as it is.
   */
  async editState(ctx: Actor, organizationId: number, needsConfirmation: boolean, tx?: Tx): Promise<Partial<ApprovalPatch<S>>> {
    return needsConfirmation ? this.stateFor(ctx, organizationId, tx) : {};
  }

  /** Confirm, Reject (with an optional reason where the subject keeps one) or UndoConfirm (back to waiting). */
  async decide(ctx: Actor, id: number, decision: ApprovalDecision, reason: string | null = null): Promise<Row> {
    const s = this.subject;
    return this.uow.run(async (tx) => {
      const { row, organizationId } = await this.found(ctx, id, tx);
      if (!this.canDecide(ctx) || (s.fromAbove && !(await this.decidesFromAbove(ctx, organizationId, tx)))) throw forbidden(s.messages.decideForbidden);
      if (decision === 'UndoConfirm' && row.status !== s.statuses.confirmed) throw conflict(s.messages.notConfirmed ?? 'approvals.notConfirmed');
      const now = this.clock.now();
      const status = decision === 'Confirm' ? s.statuses.confirmed : decision === 'Reject' ? s.statuses.rejected : s.statuses.waiting;
      const patch: ApprovalPatch<S> = { status, decidedByUserId: ctx.principal.userId, decidedAt: now };
      if (s.lastModified) patch.lastModified = now;
      if (s.confirmedAboveClaim !== undefined) patch.confirmedAbove = decision === 'Confirm' && await this.confirmsAbove(ctx, organizationId, tx);
      if (s.rejectReason) patch.rejectReason = decision === 'Reject' ? (reason?.trim() || null) : null;
      const updated = await s.write(tx, row.id, patch);
      await this.audit.record(tx, ctx, { operationType: decision, className: s.className, referenceId: row.id, organizationId, oldData: row, newData: updated });
      s.changed?.(tx, updated);
      return updated;
    });
  }

  /** Whoever manages the row deletes it; audited with the row as it was. */
  async delete(ctx: Actor, id: number): Promise<null> {
    const s = this.subject;
    return this.uow.run(async (tx) => {
      const { row, organizationId } = await this.found(ctx, id, tx);
      await s.remove(tx, row, this.clock.now());
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: s.className, referenceId: row.id, organizationId, oldData: row });
      s.changed?.(tx, row);
      return null;
    });
  }

  /** The row the caller manages, locked, or 404. */
  async found(ctx: Actor, id: number, tx: Tx): Promise<ApprovalTarget<Row>> {
    const target = await this.subject.find(ctx, id, tx);
    if (!target) throw notFound(this.subject.messages.notFound);
    return target;
  }

  /**
   * A manager strictly above the organization: the system administrator, or a manager whose own
   * organization is a strict ancestor of it (its own administrators are not above it).
   */
  async decidesFromAbove(ctx: Actor, organizationId: number, tx?: Tx): Promise<boolean> {
    if (ctx.principal.scope === 'superAdmin') return true;
    if (!this.canDecide(ctx)) return false;
    const chain = await this.organizations.chainOf(organizationId, tx);
    return chain.slice(0, -1).some((o) => o.id === ctx.principal.organizationId);
  }

  /** Strictly above the organization: the system administrator, or the claim over an ancestor. */
  private async confirmsAbove(ctx: Actor, organizationId: number, tx?: Tx): Promise<boolean> {
    if (ctx.principal.scope === 'superAdmin') return true;
    if (!ctx.principal.claims.has(this.subject.confirmedAboveClaim!)) return false;
    // Inside the change's transaction, its handle (the embedded database has one connection).
    const chain = await this.organizations.chainOf(organizationId, tx);
    return chain.slice(0, -1).some((o) => o.id === ctx.principal.organizationId);
  }
}

/**
 * The one approval workflow (house plan: "something waits for a decision from above"). A subject
 * (OTP formats, message patterns, safe IPs; later KYC, number requests, safe-list, club, smart
 * requests) registers once and gets a workflow: the state a caller's new or edited row takes,
 * confirm / reject (with a reason where kept) / undo, delete, each audited in its transaction.
 * Features a subject did not have before the workflow stay off for it, so no answer changed:
 * OTP formats keep no reject reason and no `confirmedAbove`, safe IPs no `lastModified`.
 */
@injectable()
export class ApprovalsService {
  private readonly subjects = new Map<string, unknown>();

  constructor(
    @inject(AuditService) private readonly audit: AuditService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  register<S extends string, Row extends ApprovalState<S> & { id: number }>(subject: ApprovalSubject<S, Row>): ApprovalWorkflow<S, Row> {
    if (this.subjects.has(subject.className)) throw new Error(`approval subject ${subject.className} is registered twice`);
    const workflow = new ApprovalWorkflow(subject, this.audit, this.organizations, this.uow, this.clock);
    this.subjects.set(subject.className, workflow);
    return workflow;
  }

  /** The registered subjects' names (audit class names). */
  registered(): string[] {
    return [...this.subjects.keys()];
  }
}
