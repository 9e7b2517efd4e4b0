import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Clock } from '../../platform/clock.js';
import { UnitOfWork, isUniqueViolation, type Tx } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { inDigits, type Translator } from '../../platform/i18n.js';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { toLatinDigits } from '../../shared/sms/phone-numbers.js';
import { AuditService } from '../audit/index.js';
import { ApprovalsService, managerOwnerFilter, tenantSlice, type ApprovalWorkflow } from '../approvals/index.js';
import { BillingService, toAmount } from '../billing/index.js';
import { NotificationsService } from '../notifications/index.js';
import { OrganizationsService, type OrganizationRow } from '../organizations/index.js';
import { NumberPurchaseRepository, type BuyRequestRow, type BuyStatus, type NumberPriceRow } from './number-purchase.repository.js';
import { PrivateNumbersRepository } from './private-numbers.repository.js';
import { SEND_TYPES, SEND_TYPE_FLAGS, type SendType } from './line-fields.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const SEARCH_LIMIT = 100;

export interface PriceInput { organizationId?: number; isRound: boolean; numberOfDigits: number; reservationPeriod: number; numberPrice: string | number }
export interface SearchInput { pattern?: string; numberOfDigits?: number; isRound?: boolean }
export interface RequestFlags { isAllowedSendLink?: boolean; isService?: boolean }
export interface PayInput extends RequestFlags { id?: number; privateNumberId?: number; termsAccepted: boolean }

/** The answer of a price as stored: amounts as decimal strings (rials). */
function priceView(p: NumberPriceRow) {
  return { ...p, numberPrice: String(p.numberPrice) };
}

function requestView<R extends BuyRequestRow>(r: R) {
  return { ...r, payAmount: String(r.payAmount) };
}

/**
 * Sender-number purchase (CONTEXT.md "Number purchase and transfer"): a seller's prices, its free
 * numbers, reserve → pay from the organization's credit (PriceNumber) → a parent's review through
 * the shared approval workflow → the line moves to the buyer, unusable until its organization is
 * authenticated. Money moves only through the billing ledger, keyed by the request, inside the
 * request's transaction.
 */
@injectable()
export class NumberPurchaseService {
  private readonly approval: ApprovalWorkflow<BuyStatus, BuyRequestRow>;

  constructor(
    @inject(NumberPurchaseRepository) private readonly repo: NumberPurchaseRepository,
    @inject(PrivateNumbersRepository) private readonly lines: PrivateNumbersRepository,
    @inject(BillingService) private readonly billing: BillingService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(ApprovalsService) approvals: ApprovalsService,
    @inject(NotificationsService) private readonly notifications: NotificationsService,
    @inject(TYPES.Translator) private readonly translator: Translator,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {
    this.approval = approvals.register<BuyStatus, BuyRequestRow>({
      className: 'NumberBuyRequest',
      statuses: { waiting: 'WatingForConfirm', confirmed: 'Confirmed', rejected: 'Rejected' },
      messages: { notFound: 'numbers.buy.notFound', decideForbidden: 'numbers.buy.decideForbidden' },
      rejectReason: true,
      // A parent above the buyer's organization decides (its own administrators bought it).
      ...tenantSlice((tenant, owner, id, tx) => this.repo.findRequest(tx, tenant, owner, id), { fromAbove: true }),
      write: (tx, id, patch) => this.settleDecision(tx, id, patch.status, patch.decidedByUserId, patch.decidedAt ?? this.clock.now(), patch.rejectReason ?? null),
      // A registered request is never deleted: it ends by a decision (its money goes with it).
      remove: async () => { throw conflict('numbers.buy.registered'); },
    });
  }

  // ---- prices (the seller's) ----

  async prices(ctx: Actor) {
    return { items: (await this.repo.prices(ctx.tenant)).map(priceView) };
  }

  /** One price per (organization, digits, roundness): saving an existing one replaces its period and price. */
  async savePrice(ctx: Actor, body: PriceInput) {
    const amount = toAmount(body.numberPrice, 'numberPrice');
    if (amount <= 0n) throw fieldError('numberPrice', 'numbers.buy.priceInvalid');
    const organizationId = body.organizationId ?? ctx.tenant.organizationId;
    return this.uow.run(async (tx) => {
      if (!(await this.lines.organizationVisible(tx, ctx.tenant, organizationId))) throw notFound('organization.notFound');
      const saved = await this.repo.upsertPrice(tx, {
        organizationId, isRound: body.isRound, numberOfDigits: body.numberOfDigits, reservationPeriod: body.reservationPeriod, numberPrice: amount.toString(),
      });
      await this.audit.record(tx, ctx, { operationType: 'Save', className: 'NumberPrice', referenceId: saved.id, organizationId, newData: priceView(saved) });
      return priceView(saved);
    });
  }

  async deletePrice(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const found = await this.repo.findPrice(tx, ctx.tenant, id);
      if (!found) throw notFound('numbers.buy.priceNotFound');
      await this.repo.deletePrice(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'NumberPrice', referenceId: id, organizationId: found.organizationId, oldData: priceView(found) });
      return null;
    });
  }

  // ---- the buyer's side ----

  /** Free numbers of the organizations above the caller's, with their price and reservation period. */
  async search(ctx: Actor, query: SearchInput) {
    const pattern = query.pattern === undefined ? undefined : toLatinDigits(query.pattern).replace(/\s+/g, '');
    if (pattern !== undefined && pattern !== '' && !/^[0-9]{1,12}$/.test(pattern)) throw fieldError('pattern', 'numbers.buy.patternInvalid');
    const chain = await this.organizations.chainOf(ctx.tenant.organizationId);
    const items = await this.repo.freeNumbers({
      sellers: chain.slice(0, -1).map((o) => o.id), at: this.clock.now(), pattern: pattern || undefined,
      numberOfDigits: query.numberOfDigits, isRound: query.isRound, limit: SEARCH_LIMIT,
    });
    return { items };
  }

  /** Holds a number for the seller's reservation period (none when the period is 0: buy it at once). */
  async reserve(ctx: Actor, body: RequestFlags & { privateNumberId: number }) {
    this.mustBuy(ctx);
    return this.uow.run(async (tx) => {
      const { free, chain, now } = await this.lockFree(tx, ctx, body.privateNumberId);
      if (free.reservationPeriod <= 0) throw conflict('numbers.buy.noReservation');
      const row = await this.insert(tx, ctx, chain, free, now, {
        stage: 'Reserved', reservationDate: now, reservationExpiresAt: new Date(now.getTime() + free.reservationPeriod * DAY_MS),
        isAllowedSendLink: body.isAllowedSendLink === true, isService: body.isService === true,
      });
      await this.audit.record(tx, ctx, { operationType: 'Reserve', className: 'NumberBuyRequest', referenceId: row.id, organizationId: row.organizationId, newData: requestView(row) });
      return requestView(row);
    });
  }

  /** Only a reservation may change its wishes; a registered (paid) request stays as it was sent. */
  async update(ctx: Actor, body: RequestFlags & { id: number }) {
    return this.uow.run(async (tx) => {
      const row = await this.ownReserved(tx, ctx, body.id);
      const updated = await this.repo.updateRequest(tx, row.id, {
        ...(body.isAllowedSendLink !== undefined ? { isAllowedSendLink: body.isAllowedSendLink } : {}),
        ...(body.isService !== undefined ? { isService: body.isService } : {}),
      });
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'NumberBuyRequest', referenceId: row.id, organizationId: row.organizationId, oldData: requestView(row), newData: requestView(updated) });
      return requestView(updated);
    });
  }

  async cancel(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const row = await this.ownReserved(tx, ctx, id);
      const now = this.clock.now();
      const updated = await this.repo.updateRequest(tx, row.id, { stage: 'Cancelled', cancellationDate: now });
      await this.audit.record(tx, ctx, { operationType: 'Cancel', className: 'NumberBuyRequest', referenceId: row.id, organizationId: row.organizationId, oldData: requestView(row), newData: requestView(updated) });
      return requestView(updated);
    });
  }

  /**
   * Pays a reservation (`id`) or buys a free number at once (`privateNumberId`) from the
   * organization's credit, with the terms accepted. The line is locked first, so of two buyers of
   * one number the second finds it taken before any money moves; a short credit rolls the whole
   * request back.
   */
  async pay(ctx: Actor, body: PayInput) {
    this.mustBuy(ctx);
    if (body.termsAccepted !== true) throw fieldError('termsAccepted', 'numbers.buy.termsRequired');
    if ((body.id === undefined) === (body.privateNumberId === undefined)) throw fieldError('privateNumberId', 'numbers.buy.idOrNumber');
    try {
      return await this.uow.run(async (tx) => {
        const now = this.clock.now();
        let row: BuyRequestRow;
        let chain: OrganizationRow[];
        if (body.id !== undefined) {
          const reserved = await this.repo.findRequest(tx, ctx.tenant, managerOwnerFilter(ctx), body.id);
          if (!reserved) throw notFound('numbers.buy.notFound');
          await this.repo.lockLine(tx, reserved.privateNumberId);
          await this.repo.expireReservations(tx, reserved.privateNumberId, now);
          const current = (await this.repo.findRequest(tx, ctx.tenant, managerOwnerFilter(ctx), body.id))!;
          if (current.stage === 'Expired') throw conflict('numbers.buy.reservationExpired');
          if (current.stage !== 'Reserved') throw conflict('numbers.buy.registered');
          chain = await this.organizations.chainOf(current.organizationId, tx);
          row = await this.repo.updateRequest(tx, current.id, {
            ...(body.isAllowedSendLink !== undefined ? { isAllowedSendLink: body.isAllowedSendLink } : {}),
            ...(body.isService !== undefined ? { isService: body.isService } : {}),
          });
        } else {
          const held = await this.lockFree(tx, ctx, body.privateNumberId!);
          chain = held.chain;
          row = await this.insert(tx, ctx, chain, held.free, now, { stage: 'Reserved', isAllowedSendLink: body.isAllowedSendLink === true, isService: body.isService === true });
        }
        const buyer = chain[chain.length - 1];
        const accountId = await this.billing.organizationAccountId(tx, buyer.id);
        const limit = await this.billing.lockedOrganizationLimit(tx, buyer, accountId);
        const paid = await this.billing.debit(tx, {
          accountId, amount: BigInt(row.payAmount), limit, typeCreditChange: 'PriceNumber', referenceType: 'numberBuyRequest', referenceId: row.id,
          idempotencyKey: `number-buy:${row.id}:pay`, description: row.number, createdByUserId: ctx.principal.userId, createdByUserName: ctx.principal.userName,
        });
        if (!paid) throw badRequest('billing.OrganizationCreditNotEnough', {}, [{ propertyName: 'payAmount', key: 'billing.OrganizationCreditNotEnough' }]);
        const registered = await this.repo.updateRequest(tx, row.id, {
          stage: 'Registered', registrationDate: now, termsAcceptedAt: now, status: 'WatingForConfirm', decidedByUserId: null, decidedAt: null,
        });
        await this.audit.record(tx, ctx, { operationType: 'Pay', className: 'NumberBuyRequest', referenceId: row.id, organizationId: row.organizationId, newData: { ...requestView(registered), ledgerEntryId: paid.id } });
        await this.tell(tx, registered, 'Paid');
        return requestView(registered);
      });
    } catch (err) {
      // The live-line index: a buyer that slipped past the lock (another process) loses here, unpaid.
      if (isUniqueViolation(err)) throw conflict('numbers.buy.taken');
      throw err;
    }
  }

  /** The caller's requests (a plain user: their own) and, for a manager, those of the organizations below: the review list. */
  async list(ctx: Actor, query: { stage?: string; status?: string; pageIndex: number; pageSize: number }) {
    const page = await this.repo.listRequests(ctx.tenant, managerOwnerFilter(ctx), { ...query, at: this.clock.now() });
    return { items: page.items.map(requestView), totalCount: page.totalCount };
  }

  /**
   * A parent's review: only from above the buyer's organization (its own administrators bought it),
   * through the approval workflow (404 → 403 → 409 when the request no longer waits).
   */
  async decide(ctx: Actor, id: number, decision: 'Confirm' | 'Reject', reason: string | null = null) {
    return requestView(await this.approval.decide(ctx, id, decision, reason));
  }

  // ---- inside ----

  /** Inside the workflow's transaction: a confirmed request moves the line to the buyer; a rejected one gives the money back. */
  private async settleDecision(tx: Tx, id: number, status: BuyStatus, byUserId: number | null, at: Date, reason: string | null): Promise<BuyRequestRow> {
    const row = await this.lockedRequest(tx, id);
    if (row.stage !== 'Registered') throw conflict('numbers.buy.notWaiting');
    const common = { referenceType: 'numberBuyRequest', referenceId: row.id, description: row.number, createdByUserId: byUserId };
    if (status === 'Rejected') {
      const account = await this.billing.organizationAccountId(tx, row.organizationId);
      await this.billing.credit(tx, { ...common, accountId: account, amount: BigInt(row.payAmount), typeCreditChange: 'PriceNumber', idempotencyKey: `number-buy:${row.id}:refund` });
      const rejected = await this.repo.updateRequest(tx, row.id, { status, decidedByUserId: byUserId, decidedAt: at, rejectionDescription: reason, stage: 'Rejected', cancellationDate: at });
      await this.tell(tx, rejected, 'Rejected');
      return rejected;
    }
    if (status !== 'Confirmed') throw conflict('numbers.buy.notWaiting');
    const line = await this.lines.findWithAgent(tx, row.privateNumberId);
    if (!line) throw conflict('numbers.buy.lineGone');
    const seller = (await this.organizations.chainOf(row.sellerOrganizationId, tx)).at(-1);
    // The system organization is the source of all credit and keeps no balance (billing CONTEXT.md).
    if (seller && seller.type !== 'system') {
      const account = await this.billing.organizationAccountId(tx, seller.id);
      await this.billing.credit(tx, { ...common, accountId: account, amount: BigInt(row.payAmount), typeCreditChange: 'PriceNumber', idempotencyKey: `number-buy:${row.id}:sale` });
    }
    await this.repo.moveLine(tx, row.privateNumberId, {
      organizationId: row.organizationId, isForSale: false, isPublic: false, awaitingAuthentication: true, ...(row.isService ? { sendToBlackList: true } : {}),
    });
    await this.repo.dropOtherAssignments(tx, row.privateNumberId, row.userId);
    const l = line.line as unknown as Record<string, unknown>;
    const sendTypesList = SEND_TYPES.filter((t: SendType) => SEND_TYPE_FLAGS[t].some((f) => l[f] === true));
    await this.lines.upsertAssignment(tx, {
      privateNumberId: row.privateNumberId, userId: row.userId, organizationId: row.organizationId, sendTypesList, canSeeReceivedSms: true,
      dailySendLimit: null, monthlySendLimit: null,
    });
    const assigned = await this.repo.updateRequest(tx, row.id, { status, decidedByUserId: byUserId, decidedAt: at, rejectionDescription: null, stage: 'Assigned', assignmentDate: at });
    await this.tell(tx, assigned, 'Confirmed');
    return assigned;
  }

  /**
   * The buyer and the buying organization's administrators hear of a request paid, confirmed or
   * rejected (kind `NumberBuy<event>`), in the change's transaction: a rolled-back payment or
   * decision tells nobody. Both languages in one text, like every panel alert (the reader's
   * language is not known when it is raised).
   */
  private async tell(tx: Tx, row: BuyRequestRow, event: 'Paid' | 'Confirmed' | 'Rejected'): Promise<void> {
    const key = `numbers.buy.notice${event}`;
    const params = { number: inDigits(row.number), reason: row.rejectionDescription ?? '' };
    const bodyKey = event === 'Rejected' && row.rejectionDescription ? `${key}WithReason` : key;
    const both = (k: string, separator: string) => `${this.translator.t('fa', k, params)}${separator}${this.translator.t('en-US', k, params)}`;
    for (const userId of await this.repo.buyerUsers(tx, row)) {
      await this.notifications.notify(tx, {
        userId, organizationId: row.organizationId, kind: `NumberBuy${event}`, importance: event === 'Rejected' ? 'high' : 'normal',
        title: both(`${key}Title`, ' / '), body: both(bodyKey, '\n'),
      });
    }
  }

  private async lockedRequest(tx: Tx, id: number): Promise<BuyRequestRow> {
    const row = await this.repo.lockRequest(tx, id);
    if (!row) throw notFound('numbers.buy.notFound');
    return row;
  }

  private mustBuy(ctx: Actor): void {
    // The organization's credit pays: only its administrators spend it.
    if (managerOwnerFilter(ctx) !== null) throw forbidden('numbers.buy.adminOnly');
  }

  /** Locks the line and answers it when free for the caller's organization, with its price; 404 when not offered, 409 when taken. */
  private async lockFree(tx: Tx, ctx: Actor, privateNumberId: number) {
    const now = this.clock.now();
    const chain = await this.organizations.chainOf(ctx.tenant.organizationId, tx);
    const sellers = chain.slice(0, -1).map((o) => o.id);
    const line = await this.repo.lockLine(tx, privateNumberId);
    if (!line || !sellers.includes(line.organizationId)) throw notFound('numbers.buy.numberNotFound');
    await this.repo.expireReservations(tx, privateNumberId, now);
    const [free] = await this.repo.freeNumbers({ sellers, at: now, privateNumberId, limit: 1 }, tx);
    if (!free) {
      if (await this.repo.heldByLiveRequest(tx, privateNumberId)) throw conflict('numbers.buy.taken');
      throw notFound('numbers.buy.numberNotFound');
    }
    return { free, chain, now };
  }

  private async insert(tx: Tx, ctx: Actor, chain: OrganizationRow[], free: { privateNumberId: number; number: string; organizationId: number; numberPrice: string }, now: Date, values: Partial<BuyRequestRow>) {
    return this.repo.insertRequest(tx, {
      organizationId: chain[chain.length - 1].id, userId: ctx.principal.userId, sellerOrganizationId: free.organizationId, privateNumberId: free.privateNumberId,
      number: free.number, payAmount: free.numberPrice, status: 'WatingForConfirm', createdAt: now, updatedAt: now, ...values,
    });
  }

  private async ownReserved(tx: Tx, ctx: Actor, id: number): Promise<BuyRequestRow> {
    const row = await this.repo.findRequest(tx, ctx.tenant, managerOwnerFilter(ctx), id);
    if (!row) throw notFound('numbers.buy.notFound');
    await this.repo.expireReservations(tx, row.privateNumberId, this.clock.now());
    const current = (await this.repo.findRequest(tx, ctx.tenant, managerOwnerFilter(ctx), id))!;
    if (current.stage === 'Expired') throw conflict('numbers.buy.reservationExpired');
    if (current.stage !== 'Reserved') throw conflict('numbers.buy.registered');
    return current;
  }
}

