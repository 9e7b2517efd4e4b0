import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { savepoint, UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import { AppError, conflict, fieldError, notFound } from '../../platform/http/errors.js';
import { LedgerRepository, type ChainOrganization, type EntryInput, type HoldLineRow, type HoldRow, type VerifyResult } from './ledger.repository.js';
import { MainSettingsService } from './main-settings.service.js';
import { big, MAX_BALANCE, OPERATORS, type Operator, type PartsPerOperator } from './money.js';
import { breakdown, ratesFor, totalParts, type PriceBreakdown, type PriceSettings, type Rates } from './pricing.js';

/** The send failure codes a hold answers (the spec's scheduled-message failure codes). */
export type CreditFailureCode = 'UserCreditNotEnough' | 'OrganizationCreditNotEnough' | 'AdminCreditNotEnough' | 'OrganizationNotFound' | 'GroupPriceIsNull' | 'NotDefineSmsRateType';

/** What a refusal adds about the organization of the chain it names (issue 14: say who lacks what). */
export interface RefusalDetails {
  organizationName?: string;
  /** Credit refusals, rials: what the line needed, what its account could give (free credit plus a postpaid limit), the difference. */
  required?: string;
  available?: string;
  shortBy?: string;
  /** NotDefineSmsRateType: the operator without a rate, when one is missing in the range. */
  operator?: string;
}

export function creditFailure(code: CreditFailureCode, organizationId: number, userId?: number | null, details: RefusalDetails = {}): AppError {
  // The user's allowance keeps the spec's own sentence ("Your credit is not enough"); others name the organization when it is known.
  const named = details.organizationName !== undefined && code !== 'UserCreditNotEnough';
  return new AppError(400, named ? `billing.${code}.named` : `billing.${code}`, { organizationId, name: details.organizationName ?? '' }, [], {
    failureCode: code, organizationId, userId: userId ?? null, ...details,
  });
}

/** The failure code a billing error carries for the send engine (null for anything else). */
export function failureCodeOf(err: unknown): CreditFailureCode | null {
  if (err instanceof AppError && err.data && typeof err.data === 'object' && 'failureCode' in err.data) {
    return (err.data as { failureCode: CreditFailureCode }).failureCode;
  }
  return null;
}

export interface HoldInput {
  /** The send's id (or any caller-unique key): holding the same reference again changes nothing. */
  reference: string;
  organizationId: number;
  /** The sending user: their allowance is held too when they have one. */
  userId?: number | null;
  /** SMS parts per operator (recipients × parts of the message). */
  parts: PartsPerOperator;
  lineType?: string;
  /** A smart request (targeting): each operator's rate times the tariff range's smart percent (pricing.ts `smartRate`). */
  smart?: boolean;
}

export interface HoldLineView {
  accountId: number;
  organizationId: number;
  userId: number | null;
  role: 'user' | 'organization' | 'ancestor';
  amount: string;
  refunded: string;
}

export interface HoldView {
  reference: string;
  status: 'held' | 'settled' | 'released';
  /** False when the call was a repeat that changed nothing. */
  applied: boolean;
  organizationId: number;
  userId: number | null;
  parts: Record<string, number>;
  /** What the sending organization pays (its own account's line; '0' for the system organization). */
  amount: string;
  /**
   * The sending organization's price as this hold computed it — the breakdown of `amount` — so a
   * caller stores the very price that is held (the send row) instead of pricing again. For the
   * system organization (never charged, no line) the send is priced at its own tariff with the same
   * calculator and settings, and nothing is held; all zero when it has no tariff (issue 14: a fresh
   * install's administrator sends a test message at once). A repeat (and every
   * later view) answers the breakdown from the rates stored on the organization's line, the same
   * numbers; null for the system organization.
   */
  price: HoldPrice | null;
  lines: HoldLineView[];
}

/** A price breakdown in rials as strings: tariff price, levy, VAT, and their total. */
export interface HoldPrice {
  price: string;
  levy: string;
  tax: string;
  total: string;
}

/**
 * A hold judged without holding (a send's preview and compose's early check): the sending
 * organization's price as the hold would compute it, the price settings it used, and every reason
 * the hold would be refused now — in the order the hold meets them, so the first is the one a
 * send made now would answer. Each is the very AppError the hold throws.
 */
export interface HoldCheck {
  price: HoldPrice | null;
  /** VAT percent ('9', '9.5') and levy per part of the price settings, as a preview shows them. */
  taxPercent: string;
  levyPerPart: string;
  problems: AppError[];
}

export interface Actor {
  userId: number | null;
  userName: string | null;
}

const SYSTEM: Actor = { userId: null, userName: 'system' };

/**
 * The money core the send engine calls: hold along the whole chain, settle, refund, release —
 * each exact under concurrency and idempotent by reference — plus the guarded credit and debit
 * every other money movement goes through.
 */
@injectable()
export class BillingService {
  constructor(
    @inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @inject(MainSettingsService) private readonly settings: MainSettingsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /**
   * Runs inside the caller's transaction as a savepoint (so a refused hold leaves nothing behind
   * even if the caller carries on), or in a transaction of its own.
   */
  private within<T>(tx: Tx | undefined | null, work: (tx: Tx) => Promise<T>): Promise<T> {
    return tx ? savepoint(tx, work) : this.uow.run(work);
  }

  /**
   * Holds the price of a send on the user's allowance (if the user has one), the organization and
   * every ancestor below the system organization, each at its own tariff — all or nothing. The
   * first shortfall in that order answers UserCreditNotEnough, OrganizationCreditNotEnough or
   * AdminCreditNotEnough.
   *
   * With a caller's transaction the hold runs in it (as a savepoint). Without one, concurrent
   * holds of this process are grouped: while one group commits the next one gathers, and each
   * group is one transaction that locks its accounts once, judges every hold in arrival order and
   * writes them with a few statements — so one hot account takes thousands of holds a second. A
   * group that fails as a whole falls back to one transaction per hold.
   */
  async hold(tx: Tx | undefined | null, input: HoldInput): Promise<HoldView> {
    const parts = normalizeParts(input.parts);
    if (!input.reference || input.reference.length > 100) throw fieldError('reference', 'billing.referenceInvalid');
    if (tx || !this.batching) return this.holdOne(tx, input, parts);
    return new Promise<HoldView>((resolve, reject) => {
      this.pending.push({ input, parts, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  /**
   * Judges a hold as `hold` would, and holds nothing: reads the chain, the tariffs and the accounts
   * (no lock, no write — an organization without an account yet counts as an empty one) and answers
   * every refusal instead of the first. The rules are the hold's own (`planLines`, `refusalOf`).
   */
  async checkHold(input: Omit<HoldInput, 'reference'>): Promise<HoldCheck> {
    const parts = normalizeParts(input.parts);
    return this.uow.run(async (t) => {
      const chain = await this.ledger.chain(t, input.organizationId);
      const userAccountId = input.userId ? await this.ledger.userAccountId(t, input.userId) : null;
      const priceSettings = await this.settings.priceSettings(t);
      const plan = planLines(chain, { ...input, reference: '' }, parts, priceSettings, userAccountId);
      const ids = plan.lines.map((l) => l.accountId).filter((id): id is number => id !== null);
      const accounts = new Map((await this.ledger.readAccounts(t, ids)).map((a) => [a.id, { free: big(a.balance) - big(a.held), limit: big(a.creditLimit) }]));
      const problems = [...plan.problems];
      for (const line of plan.lines) {
        const refusal = refusalOf(line, (line.accountId === null ? undefined : accounts.get(line.accountId)) ?? NO_CREDIT);
        if (refusal) problems.push(refusal);
      }
      return {
        price: plan.price ? priceView(plan.price) : null,
        // The rate the sender's own price carries: 0 for an organization that pays no VAT (the
        // preview must not say "10 %" next to a VAT of 0).
        taxPercent: (chain[chain.length - 1]?.isTax ? Number(priceSettings.taxHundredths) / 100 : 0).toString(),
        levyPerPart: priceSettings.levyPerPart.toString(),
        problems,
      };
    });
  }

  /**
   * The holds of a group of single sends, planned before the group's transaction (reads only: the
   * organization chains, the user accounts and the price settings, each read once, side by side).
   * Each item answers its price and the lines it will hold, or the refusal `hold` would give it
   * (no tariff, no rate, an organization without account is given one first). Nothing is judged
   * against a balance here: `commitGroup` does that under lock, as the transaction's last step.
   */
  async planGroup(inputs: Omit<HoldInput, 'reference'>[]): Promise<GroupHoldPlan> {
    const organizationIds = [...new Set(inputs.map((i) => i.organizationId))];
    const userIds = [...new Set(inputs.map((i) => i.userId).filter((u): u is number => !!u))];
    const [chains, userAccounts, priceSettings] = await Promise.all([
      this.ledger.chains(undefined, organizationIds), this.ledger.userAccountIds(undefined, userIds), this.settings.priceSettings(),
    ]);
    const missing = new Set<number>();
    for (const chain of chains.values()) for (const o of chain) if (o.type !== 'system' && o.accountId === null) missing.add(o.id);
    if (missing.size) {
      // Rare (an organization's first send): its account is made in its own short transaction.
      const created = await this.uow.run((t) => this.ledger.ensureOrganizationAccounts(t, [...missing]));
      for (const chain of chains.values()) for (const o of chain) if (o.accountId === null) o.accountId = created.get(o.id) ?? null;
    }
    return {
      items: inputs.map((input) => {
        const parts = normalizeParts(input.parts);
        try {
          const plan = payable(planLines(chains.get(input.organizationId) ?? [], { ...input, reference: '' }, parts, priceSettings, userAccounts.get(input.userId ?? 0) ?? null));
          return plan.price ? { input, parts, lines: plan.lines, price: plan.price } : { err: creditFailure('GroupPriceIsNull', input.organizationId) };
        } catch (err) {
          return { err };
        }
      }),
    };
  }

  /**
   * Carries out planned holds inside the caller's transaction, as its last writes: first the
   * accounts, locked in id order and added to under the credit guard in ONE statement, then the
   * hold rows and their lines in one more. The accounts every group and settlement of an
   * organization share are thus locked for two statements and the commit, not for the whole
   * transaction. False when the guard refused an account (credit ran out inside the group): the
   * caller rolls the transaction back (nothing was held) and judges each send alone, where the
   * refusal names its organization and shortfall. Fresh references only.
   */
  async commitGroup(tx: Tx, items: GroupHoldItem[], references: string[]): Promise<boolean> {
    const totals = new Map<number, { amount: bigint; postpaid: boolean }>();
    for (const item of items) {
      for (const line of item.lines) {
        const t = totals.get(line.accountId) ?? { amount: 0n, postpaid: line.role !== 'user' && line.org.isPostpaid };
        t.amount += line.amount;
        totals.set(line.accountId, t);
      }
    }
    if (totals.size > 0) {
      const updated = await this.ledger.reserveHeld(tx, [...totals].map(([accountId, t]) => ({ accountId, ...t })));
      if (updated !== totals.size) return false;
    }
    const holds = items.map((item, i) => ({ reference: references[i], organizationId: item.input.organizationId, userId: item.input.userId ?? null, parts: item.parts }));
    const lines = items.flatMap((item, i) => item.lines.map((l) => ({ ...toLineRow('', l), reference: references[i] })));
    const written = await this.ledger.insertHoldsWithLines(tx, holds, lines);
    if (written.holds !== holds.length || written.lines !== lines.length) throw new Error('hold group: a reference was taken meanwhile');
    return true;
  }

  /** Group holds (default) or one transaction per hold; tests and benchmarks compare both. */
  setBatching(on: boolean): void {
    this.batching = on;
  }

  private batching = true;
  private draining = false;
  private pending: PendingHold[] = [];

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.length) {
        const batch = this.pending.splice(0, MAX_BATCH);
        let outcomes: BatchOutcome[] | null = null;
        try {
          outcomes = await this.uow.run((t) => this.holdBatch(t, batch));
        } catch {
          outcomes = null;
        }
        await Promise.all(batch.map(async (item, i) => {
          const outcome = outcomes?.[i];
          if (outcome?.ok) return item.resolve(outcome.ok);
          if (outcome?.err) return item.reject(outcome.err);
          // Repeats of a reference, and every hold of a group that failed as a whole: one by one.
          try {
            item.resolve(await this.holdOne(null, item.input, item.parts));
          } catch (err) {
            item.reject(err);
          }
        }));
      }
    } finally {
      this.draining = false;
    }
  }

  private async holdBatch(t: Tx, batch: PendingHold[]): Promise<BatchOutcome[]> {
    const outcomes: BatchOutcome[] = batch.map(() => ({}));
    const existing = new Set(await this.ledger.existingReferences(t, [...new Set(batch.map((b) => b.input.reference))]));
    const chains = await this.ledger.chains(t, [...new Set(batch.map((b) => b.input.organizationId))]);
    const missing = new Set<number>();
    for (const chain of chains.values()) for (const o of chain) if (o.type !== 'system' && o.accountId === null) missing.add(o.id);
    if (missing.size) {
      const created = await this.ledger.ensureOrganizationAccounts(t, [...missing]);
      for (const chain of chains.values()) for (const o of chain) if (o.accountId === null) o.accountId = created.get(o.id) ?? null;
    }
    const userIds = [...new Set(batch.map((b) => b.input.userId).filter((u): u is number => !!u))];
    const userAccounts = await this.ledger.userAccountIds(t, userIds);
    const priceSettings = await this.settings.priceSettings(t);

    const seen = new Set<string>();
    const plans: (HoldPlan | null)[] = batch.map((item, i) => {
      const ref = item.input.reference;
      if (existing.has(ref) || seen.has(ref)) return null; // answered one by one after the group
      seen.add(ref);
      try {
        return payable(planLines(chains.get(item.input.organizationId) as ChainOrganization[], item.input, item.parts, priceSettings, userAccounts.get(item.input.userId ?? 0) ?? null));
      } catch (err) {
        outcomes[i] = { err };
        return null;
      }
    });
    const accountIds = [...new Set(plans.flatMap((p) => (p?.lines ?? []).map((l) => l.accountId)))];
    if (!accountIds.length) return outcomes;
    const locked = await this.ledger.lockAccounts(t, accountIds);
    const available = new Map(locked.map((a) => [a.id, { free: big(a.balance) - big(a.held), limit: big(a.creditLimit) }]));
    const totals = new Map<number, bigint>();
    const accepted: { index: number; lines: PlannedLine[]; price: PriceBreakdown | null }[] = [];
    plans.forEach((plan, i) => {
      if (!plan) return;
      const { lines } = plan;
      for (const line of lines) {
        const refusal = refusalOf(line, available.get(line.accountId));
        if (refusal) {
          outcomes[i] = { err: refusal };
          return;
        }
      }
      for (const line of lines) {
        (available.get(line.accountId) as { free: bigint }).free -= line.amount;
        totals.set(line.accountId, (totals.get(line.accountId) ?? 0n) + line.amount);
      }
      accepted.push({ index: i, lines, price: plan.price });
    });
    if (!accepted.length) return outcomes;
    const items = [...totals].map(([accountId, amount]) => {
      const org = accepted.flatMap((a) => a.lines).find((l) => l.accountId === accountId) as PlannedLine;
      return { accountId, amount, limit: org.role !== 'user' && org.org.isPostpaid ? (available.get(accountId)?.limit ?? 0n) : 0n };
    });
    const updated = await this.ledger.addHeld(t, items);
    if (updated.length !== items.length) throw new Error('hold group: guard refused an account judged under lock');
    const ids = await this.ledger.insertHolds(t, accepted.map(({ index }) => ({
      reference: batch[index].input.reference, organizationId: batch[index].input.organizationId, userId: batch[index].input.userId ?? null, parts: batch[index].parts,
    })));
    if (ids.size !== accepted.length) throw new Error('hold group: a reference was taken meanwhile');
    await this.ledger.insertHoldLines(t, accepted.flatMap(({ index, lines }) => lines.map((l) => toLineRow(ids.get(batch[index].input.reference) as string, l))));
    for (const { index, lines, price } of accepted) outcomes[index] = { ok: heldView(batch[index].input, batch[index].parts, lines, price) };
    return outcomes;
  }

  private async holdOne(tx: Tx | undefined | null, input: HoldInput, parts: Record<Operator, number>): Promise<HoldView> {
    return this.within(tx, async (t) => {
      const holdId = await this.ledger.insertHold(t, { reference: input.reference, organizationId: input.organizationId, userId: input.userId ?? null, parts });
      if (holdId === null) return this.view(t, (await this.ledger.findHold(t, input.reference)) as HoldRow, false);

      const chain = await this.ledger.chain(t, input.organizationId);
      const missing = chain.filter((o) => o.type !== 'system' && o.accountId === null).map((o) => o.id);
      if (missing.length) {
        const created = await this.ledger.ensureOrganizationAccounts(t, missing);
        for (const o of chain) if (o.accountId === null) o.accountId = created.get(o.id) ?? null;
      }
      const userAccountId = input.userId ? await this.ledger.userAccountId(t, input.userId) : null;
      const { lines, price } = payable(planLines(chain, input, parts, await this.settings.priceSettings(t), userAccountId));

      // Lock in id order (no deadlocks), then judge in chain order (the first shortfall is named).
      const locked = new Map((await this.ledger.lockAccounts(t, lines.map((l) => l.accountId))).map((a) => [a.id, a]));
      for (const line of lines) {
        const account = locked.get(line.accountId);
        const refusal = refusalOf(line, account && { free: big(account.balance) - big(account.held), limit: big(account.creditLimit) });
        if (refusal || !account) throw refusal ?? creditFailure(line.code, line.org.id, line.userId, { organizationName: line.org.name });
        if (line.role !== 'user' && line.org.isPostpaid) line.limit = big(account.creditLimit);
      }
      const updated = new Set(await this.ledger.addHeld(t, lines.map((l) => ({ accountId: l.accountId, amount: l.amount, limit: l.limit }))));
      const refused = lines.find((l) => !updated.has(l.accountId));
      if (refused) throw creditFailure(refused.code, refused.org.id, refused.userId, { organizationName: refused.org.name });

      await this.ledger.insertHoldLines(t, lines.map((l) => toLineRow(holdId, l)));
      return heldView(input, parts, lines, price);
    });
  }

  /**
   * `settle` for many holds in one transaction and a handful of statements (single sends settling
   * together in one report batch): the same entries, keys and amounts as settling them one by one.
   * Holds no longer held (a repeat) are skipped. Answers the references it settled.
   */
  async settleMany(tx: Tx, references: string[]): Promise<string[]> {
    const holds = await this.ledger.finishHolds(tx, references, 'settled');
    if (holds.length === 0) return [];
    const byId = new Map(holds.map((h) => [h.id, h]));
    const entries: Parameters<LedgerRepository['applyEntries']>[1] = [];
    for (const line of await this.ledger.holdLinesOf(tx, holds.map((h) => h.id))) {
      const amount = big(line.amount);
      const refunded = big(line.refunded);
      if (amount === 0n) continue;
      const reference = (byId.get(line.holdId) as HoldRow).reference;
      entries.push({
        accountId: line.accountId, delta: -amount, heldDelta: -(amount - refunded), typeCreditChange: 'SendSms',
        referenceType: 'send', referenceId: reference, idempotencyKey: `settle:${line.holdId}:${line.accountId}`, createdByUserName: SYSTEM.userName,
      });
      if (refunded > 0n) {
        entries.push({
          accountId: line.accountId, delta: refunded, typeCreditChange: 'GiveBackCostOfUnsuccessSent',
          referenceType: 'send', referenceId: reference, idempotencyKey: `settle-refund:${line.holdId}:${line.accountId}`, createdByUserName: SYSTEM.userName,
        });
      }
    }
    await this.ledger.applyEntries(tx, entries);
    return holds.map((h) => h.reference);
  }

  /** Turns a hold into charges (TypeCreditChanges SendSms) on every account of its chain; a repeat changes nothing. */
  async settle(tx: Tx | undefined | null, reference: string): Promise<HoldView> {
    return this.within(tx, async (t) => {
      const hold = await this.ledger.finishHold(t, reference, 'settled');
      if (!hold) {
        const existing = await this.ledger.findHold(t, reference);
        if (!existing) throw notFound('billing.holdNotFound');
        if (existing.status === 'released') throw conflict('billing.holdReleased');
        return this.view(t, existing, false);
      }
      for (const line of await this.ledger.holdLines(t, hold.id)) {
        const amount = big(line.amount);
        const refunded = big(line.refunded);
        if (amount === 0n) continue;
        // The whole price is charged; what was refunded while the hold was open comes back as its own entry.
        await this.ledger.applyEntry(t, {
          accountId: line.accountId, delta: -amount, heldDelta: -(amount - refunded), typeCreditChange: 'SendSms',
          referenceType: 'send', referenceId: reference, idempotencyKey: `settle:${hold.id}:${line.accountId}`,
          createdByUserName: SYSTEM.userName,
        });
        if (refunded > 0n) {
          await this.ledger.applyEntry(t, {
            accountId: line.accountId, delta: refunded, typeCreditChange: 'GiveBackCostOfUnsuccessSent',
            referenceType: 'send', referenceId: reference, idempotencyKey: `settle-refund:${hold.id}:${line.accountId}`,
            createdByUserName: SYSTEM.userName,
          });
        }
      }
      return this.view(t, hold, true);
    });
  }

  /**
   * Gives back the price of `parts` that were not delivered, on every account of the hold, at the
   * rates that were held (levy and VAT included). On an open hold the amount is released from
   * `held` at once and becomes a GiveBackCostOfUnsuccessSent entry when the hold settles; on a
   * settled hold it is such an entry right away. Each `refundKey` applies once; the parts refunded
   * over all keys never exceed the parts held.
   */
  async refund(tx: Tx | undefined | null, reference: string, parts: PartsPerOperator, refundKey = 'refund'): Promise<HoldView> {
    const wanted = normalizeParts(parts);
    if (!refundKey || refundKey.length > 60) throw fieldError('refundKey', 'billing.referenceInvalid');
    return this.within(tx, async (t) => {
      const hold = await this.ledger.findHold(t, reference, true);
      if (!hold) throw notFound('billing.holdNotFound');
      if (hold.status === 'released') throw conflict('billing.holdReleased');
      if (hold.refunds[refundKey]) return this.view(t, hold, false);
      for (const op of OPERATORS) {
        const already = Object.values(hold.refunds).reduce((s, r) => s + (r[op] ?? 0), 0);
        if (already + (wanted[op] ?? 0) > (hold.parts[op] ?? 0)) throw fieldError(`parts.${op}`, 'billing.refundExceedsHeld');
      }
      for (const line of await this.ledger.holdLines(t, hold.id)) {
        const price = breakdown(line.rates.rates, wanted, { levyPerPart: big(line.rates.levyPerPart), taxHundredths: big(line.rates.taxHundredths) }, big(line.rates.taxHundredths) > 0n);
        const left = big(line.amount) - big(line.refunded);
        const amount = price.total < left ? price.total : left;
        if (amount <= 0n) continue;
        if (hold.status === 'held') {
          await this.ledger.subtractHeld(t, [{ accountId: line.accountId, amount }]);
        } else {
          await this.ledger.applyEntry(t, {
            accountId: line.accountId, delta: amount, typeCreditChange: 'GiveBackCostOfUnsuccessSent',
            referenceType: 'send', referenceId: reference, idempotencyKey: `refund:${hold.id}:${refundKey}:${line.accountId}`,
            createdByUserName: SYSTEM.userName,
          });
        }
        await this.ledger.addRefunded(t, hold.id, line.accountId, amount);
      }
      await this.ledger.recordRefund(t, hold.id, refundKey, wanted);
      return this.view(t, { ...hold, refunds: { ...hold.refunds, [refundKey]: wanted } }, true);
    });
  }

  /** Cancels a hold (a send that will not go out): the held amounts become available again. */
  async release(tx: Tx | undefined | null, reference: string): Promise<HoldView> {
    return this.within(tx, async (t) => {
      const hold = await this.ledger.finishHold(t, reference, 'released');
      if (!hold) {
        const existing = await this.ledger.findHold(t, reference);
        if (!existing) throw notFound('billing.holdNotFound');
        if (existing.status === 'settled') throw conflict('billing.holdSettled');
        return this.view(t, existing, false);
      }
      const lines = await this.ledger.holdLines(t, hold.id);
      await this.ledger.subtractHeld(t, lines.map((l) => ({ accountId: l.accountId, amount: big(l.amount) - big(l.refunded) })));
      return this.view(t, hold, true);
    });
  }

  async getHold(reference: string, tx?: Tx): Promise<HoldView | null> {
    const hold = await this.ledger.findHold(tx, reference);
    return hold ? this.view(tx, hold, false) : null;
  }

  private async view(tx: Tx | undefined, hold: HoldRow, applied: boolean): Promise<HoldView> {
    const lines = await this.ledger.holdLines(tx, hold.id);
    const own = lines.find((l) => l.role === 'organization');
    return {
      reference: hold.reference, status: hold.status, applied, organizationId: hold.organizationId, userId: hold.userId, parts: hold.parts,
      amount: own?.amount ?? '0',
      price: own ? priceView(breakdown(own.rates.rates, hold.parts, { levyPerPart: big(own.rates.levyPerPart), taxHundredths: big(own.rates.taxHundredths) }, big(own.rates.taxHundredths) > 0n)) : null,
      lines: lines.map((l) => ({ accountId: l.accountId, organizationId: l.organizationId, userId: l.userId, role: l.role, amount: l.amount, refunded: l.refunded })),
    };
  }

  // ---- money movements other modules build on ----

  async organizationAccountId(tx: Tx, organizationId: number): Promise<number> {
    const ids = await this.ledger.ensureOrganizationAccounts(tx, [organizationId]);
    return ids.get(organizationId) as number;
  }

  async userAccountId(tx: Tx, organizationId: number, userId: number): Promise<number> {
    return this.ledger.ensureUserAccount(tx, organizationId, userId);
  }

  /**
   * Adds to an account with its ledger entry. A balance never passes MAX_BALANCE: such a credit
   * answers 400 on `amount` and writes nothing (the caller's transaction rolls back with it).
   */
  async credit(tx: Tx, entry: Omit<EntryInput, 'delta' | 'guardLimit' | 'ceiling'> & { amount: bigint }) {
    if (entry.amount <= 0n) throw fieldError('amount', 'billing.amountInvalid', { field: 'amount' });
    const { amount, ...rest } = entry;
    if (amount > MAX_BALANCE) throw fieldError('amount', 'billing.balanceTooLarge', { max: MAX_BALANCE.toString() });
    const done = await this.ledger.applyEntry(tx, { ...rest, delta: amount, ceiling: MAX_BALANCE });
    if (!done) throw fieldError('amount', 'billing.balanceTooLarge', { max: MAX_BALANCE.toString() });
    return done;
  }

  /** Takes from an account with its ledger entry, never below -limit (available credit); null when short. */
  async debit(tx: Tx, entry: Omit<EntryInput, 'delta' | 'guardLimit' | 'ceiling'> & { amount: bigint; limit?: bigint }) {
    if (entry.amount <= 0n) throw fieldError('amount', 'billing.amountInvalid', { field: 'amount' });
    const { amount, limit, ...rest } = entry;
    return this.ledger.applyEntry(tx, { ...rest, delta: -amount, guardLimit: limit ?? 0n });
  }

  /**
   * Locks an organization's account and answers how far below zero a debit may take it: its credit
   * limit when the organization is postpaid, else nothing (the rule `CreditsService.chargeOrganization` applies).
   */
  async lockedOrganizationLimit(tx: Tx, organization: object, accountId: number): Promise<bigint> {
    const [account] = await this.ledger.lockAccounts(tx, [accountId]);
    return (organization as { isPostpaid?: unknown }).isPostpaid === true ? BigInt(String(account?.creditLimit ?? 0)) : 0n;
  }

  lockAccounts(tx: Tx, ids: number[]) {
    return this.ledger.lockAccounts(tx, ids);
  }

  /** Proves balance = sum of entries and held = sum of open holds for every account. */
  verify(): Promise<VerifyResult & { ok: boolean }> {
    return this.ledger.verify().then((r) => ({ ...r, ok: r.mismatches.length === 0 && r.brokenEntries.length === 0 }));
  }
}

function normalizeParts(parts: PartsPerOperator): Record<Operator, number> {
  const out = {} as Record<Operator, number>;
  let total = 0;
  for (const [key, value] of Object.entries(parts ?? {})) {
    if (!(OPERATORS as readonly string[]).includes(key)) throw fieldError(`parts.${key}`, 'validation.unknownField', { field: `parts.${key}` });
    if (!Number.isSafeInteger(value) || (value as number) < 0) throw fieldError(`parts.${key}`, 'billing.partsInvalid');
  }
  for (const op of OPERATORS) {
    const n = parts?.[op] ?? 0;
    if (n > 0) out[op] = n;
    total += n;
  }
  if (total <= 0) throw fieldError('parts', 'billing.partsInvalid');
  return out;
}

const MAX_BATCH = 500;

interface PendingHold {
  input: HoldInput;
  parts: Record<Operator, number>;
  resolve(view: HoldView): void;
  reject(err: unknown): void;
}

/** One planned hold of a group (`planGroup`): what it holds, on which accounts, and the sender's price. */
export interface GroupHoldItem {
  input: Omit<HoldInput, 'reference'>;
  parts: Record<Operator, number>;
  lines: PlannedLine[];
  price: PriceBreakdown;
}

export interface GroupHoldPlan {
  items: (GroupHoldItem | { err: unknown })[];
}

interface BatchOutcome {
  ok?: HoldView;
  err?: unknown;
}

interface PlannedLine<A extends number | null = number> {
  org: ChainOrganization;
  /** Null only while judging without holding: an organization that has no account yet. */
  accountId: A;
  userId: number | null;
  role: HoldLineView['role'];
  amount: bigint;
  limit: bigint;
  rates: HoldLineRow['rates'];
  code: CreditFailureCode;
}

interface HoldPlan<A extends number | null = number> {
  lines: PlannedLine<A>[];
  /** The sending organization's price (its own line's, or the system organization's unheld one); null when its own tariff cannot price the send. */
  price: PriceBreakdown | null;
  /** Payers the plan could not price (no tariff, no rate), in chain order: a hold is refused with the first. */
  problems: AppError[];
}

/** The system organization's price without a tariff of its own: it is never charged, so there is nothing to price against. */
const FREE: PriceBreakdown = { price: 0n, levy: 0n, tax: 0n, total: 0n };

/** An account not made yet (the hold creates it empty). */
const NO_CREDIT = { free: 0n, limit: 0n };

/**
 * The lines of a hold in chain order: the user's allowance (when the user has one, at the
 * organization's price), the organization, then every ancestor up to (not including) the system
 * organization, each at the price of its own tariff with levy and, where the organization pays
 * tax, VAT. With them, the sending organization's price: the breakdown of its own line, or for the
 * system organization (no line) its price at its own tariff, or nothing (0) when it has none. A
 * payer without a tariff or without a rate for this volume is a problem and has no line; the plan
 * goes on so a preview can name every one (a hold stops at the first, `payable`).
 */
function planLines(chain: ChainOrganization[], input: HoldInput, parts: Record<Operator, number>, priceSettings: PriceSettings, userAccountId: number | null): HoldPlan<number | null> {
  const own = chain[chain.length - 1];
  if (!own || own.id !== input.organizationId) throw creditFailure('OrganizationNotFound', input.organizationId);
  const payers = chain.filter((o) => o.type !== 'system').reverse();
  const volume = totalParts(parts);
  const lines: PlannedLine<number | null>[] = [];
  const problems: AppError[] = [];
  let ownPrice: PriceBreakdown | null = null;
  if (own.type === 'system') {
    ownPrice = own.tariff ? breakdown(ratesFor(own.tariff, volume, input.lineType, own.id, parts, input.smart === true), parts, priceSettings, own.isTax) : FREE;
  }
  for (const org of payers) {
    const details = { organizationName: org.name };
    if (!org.tariff) {
      problems.push(creditFailure('GroupPriceIsNull', org.id, null, details));
      continue;
    }
    let rates: Rates;
    try {
      rates = ratesFor(org.tariff, volume, input.lineType, org.id, parts, input.smart === true);
    } catch (err) {
      if (failureCodeOf(err) !== 'NotDefineSmsRateType') throw err;
      const operator = (err as AppError).data as { operator?: string };
      problems.push(creditFailure('NotDefineSmsRateType', org.id, null, { ...details, ...(operator.operator ? { operator: operator.operator } : {}) }));
      continue;
    }
    const price = breakdown(rates, parts, priceSettings, org.isTax);
    if (org.id === own.id) ownPrice = price;
    const stored = { rates, levyPerPart: priceSettings.levyPerPart.toString(), taxHundredths: (org.isTax ? priceSettings.taxHundredths : 0n).toString() };
    const isOwn = org.id === own.id;
    if (isOwn && input.userId && userAccountId !== null) {
      lines.push({ org, accountId: userAccountId, userId: input.userId, role: 'user', amount: price.total, limit: 0n, rates: stored, code: 'UserCreditNotEnough' });
    }
    lines.push({
      org, accountId: org.accountId, userId: null, role: isOwn ? 'organization' : 'ancestor', amount: price.total, limit: 0n, rates: stored,
      code: isOwn ? 'OrganizationCreditNotEnough' : 'AdminCreditNotEnough',
    });
  }
  return { lines, price: ownPrice, problems };
}

/** A plan a hold can carry out: refused with its first problem, and every line on an existing account. */
function payable(plan: HoldPlan<number | null>): HoldPlan {
  if (plan.problems.length) throw plan.problems[0];
  const lines = plan.lines.map((l) => {
    if (l.accountId === null) throw creditFailure('OrganizationNotFound', l.org.id, null, { organizationName: l.org.name });
    return { ...l, accountId: l.accountId };
  });
  return { ...plan, lines };
}

/**
 * The credit rule of a hold line: its account must keep free credit (balance − held) ≥ −limit after
 * it, where the limit is the postpaid organization's credit limit (never a user's allowance). The
 * refusal names the organization and says how much is missing; null when the line fits.
 */
function refusalOf(line: PlannedLine<number | null>, account: { free: bigint; limit: bigint } | undefined): AppError | null {
  const limit = line.role !== 'user' && line.org.isPostpaid ? (account?.limit ?? 0n) : 0n;
  const available = (account?.free ?? 0n) + limit;
  if (account && available - line.amount >= 0n) return null;
  const shortBy = line.amount - available;
  return creditFailure(line.code, line.org.id, line.userId, {
    organizationName: line.org.name, required: line.amount.toString(), available: available.toString(), shortBy: (shortBy > 0n ? shortBy : 0n).toString(),
  });
}

function toLineRow(holdId: string, l: PlannedLine): Omit<HoldLineRow, 'refunded'> {
  return { holdId, accountId: l.accountId, organizationId: l.org.id, userId: l.userId, role: l.role, tariffId: l.org.tariff?.id ?? null, amount: l.amount.toString(), rates: l.rates };
}

function heldView(input: HoldInput, parts: Record<Operator, number>, lines: PlannedLine[], price: PriceBreakdown | null): HoldView {
  return {
    reference: input.reference, status: 'held', applied: true, organizationId: input.organizationId, userId: input.userId ?? null, parts,
    amount: (lines.find((l) => l.role === 'organization')?.amount ?? 0n).toString(),
    price: price ? priceView(price) : null,
    lines: lines.map((l) => ({ accountId: l.accountId, organizationId: l.org.id, userId: l.userId, role: l.role, amount: l.amount.toString(), refunded: '0' })),
  };
}

function priceView(b: PriceBreakdown): HoldPrice {
  return { price: b.price.toString(), levy: b.levy.toString(), tax: b.tax.toString(), total: b.total.toString() };
}
