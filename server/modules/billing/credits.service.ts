import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { OrganizationsService, type OrganizationRow } from '../organizations/index.js';
import { UsersService } from '../identity/index.js';
import { LedgerRepository, type AccountRow, type TransactionFilter } from './ledger.repository.js';
import { BillingService } from './billing.service.js';
import { big, toAmount } from './money.js';

function creditView(org: OrganizationRow, account: AccountRow | null): Record<string, unknown> {
  const balance = big(account?.balance);
  const held = big(account?.held);
  const limit = org.isPostpaid ? big(account?.creditLimit) : 0n;
  return {
    organizationId: org.id,
    organizationName: org.name,
    isPostpaid: org.isPostpaid === true,
    balance: balance.toString(),
    held: held.toString(),
    /** What can be spent now: balance minus open holds. */
    credit: (balance - held).toString(),
    creditLimit: big(account?.creditLimit).toString(),
    /** Credit plus what a postpaid organization may still go below zero. */
    spendable: (balance - held + limit).toString(),
  };
}

/** Credit reads and the administrators' manual movements: user allowances and charging sub-organizations. */
@injectable()
export class CreditsService {
  constructor(
    @inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @inject(BillingService) private readonly billing: BillingService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(UsersService) private readonly users: UsersService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** Whether credit was ever given to an organization (the first-run checklist's "credit charged"). */
  anyOrganizationCredited(): Promise<boolean> {
    return this.ledger.anyOrganizationCredited();
  }

  async organizationCreditForAdmin(ctx: Actor, organizationId: number) {
    const org = await this.organizations.findVisible(ctx.tenant, organizationId);
    if (!org) throw notFound('organization.notFound');
    if (!ctx.tenant.subtree && org.id !== ctx.principal.organizationId) throw forbidden();
    return creditView(org, await this.ledger.findAccount(undefined, { organizationId: org.id }));
  }

  async myCredit(ctx: Actor) {
    const org = await this.organizations.findById(ctx.tenant.organizationId);
    if (!org) throw notFound('organization.notFound');
    const own = await this.ledger.findAccount(undefined, { organizationId: org.id, userId: ctx.principal.userId });
    return {
      organization: creditView(org, await this.ledger.findAccount(undefined, { organizationId: org.id })),
      user: own ? { userId: ctx.principal.userId, hasAllowance: true, balance: big(own.balance).toString(), held: big(own.held).toString(), credit: (big(own.balance) - big(own.held)).toString() }
        : { userId: ctx.principal.userId, hasAllowance: false, balance: null, held: null, credit: null },
    };
  }

  /**
   * Moves a user's allowance (TypeCreditChanges Manage). An allowance is a cap inside the
   * organization's credit, not money of its own: the organization's account does not change.
   */
  async changeUserCredit(ctx: Actor, body: { userId: number; amount: unknown; description?: string }, increase: boolean) {
    const amount = toAmount(body.amount, 'amount');
    if (amount <= 0n) throw badRequest('billing.amountInvalid', { field: 'amount' }, [{ propertyName: 'amount', key: 'billing.amountInvalid', params: { field: 'amount' } }]);
    const user = await this.users.get(ctx, body.userId) as { id: number; organizationId: number; isAdmin: boolean };
    if (!ctx.principal.isAdmin) throw forbidden();
    if (ctx.principal.scope !== 'superAdmin') {
      if (user.id === ctx.principal.userId) throw forbidden('billing.ownAllowance');
      if (user.organizationId === ctx.principal.organizationId && user.isAdmin) throw forbidden('user.cannotManagePeerAdmin');
    }
    return this.uow.run(async (tx) => {
      const accountId = await this.billing.userAccountId(tx, user.organizationId, user.id);
      const entry = {
        accountId, amount, typeCreditChange: 'Manage' as const, referenceType: 'user', referenceId: user.id,
        description: body.description ?? null, createdByUserId: ctx.principal.userId, createdByUserName: ctx.principal.userName,
      };
      const done = increase ? await this.billing.credit(tx, entry) : await this.billing.debit(tx, entry);
      if (!done) throw badRequest('billing.UserCreditNotEnough', {}, [{ propertyName: 'amount', key: 'billing.UserCreditNotEnough' }]);
      await this.audit.record(tx, ctx, {
        operationType: increase ? 'IncreaseUserCredit' : 'DecreaseUserCredit', className: 'Credit', referenceId: user.id, organizationId: user.organizationId,
        newData: { userId: user.id, amount: amount.toString(), ledgerEntryId: done.id, currentCredit: done.currentCredit },
      });
      return { userId: user.id, currentCredit: done.currentCredit, ledgerEntryId: done.id };
    });
  }

  /**
   * An administrator above an organization credits or debits it (TypeCreditChanges Manage). For
   * callers other than the super admin the money comes from (or goes back to) the caller's own
   * organization account, in the same transaction; the super admin's system organization is the
   * source of all credit and has no balance.
   */
  async chargeOrganization(ctx: Actor, body: { organizationId: number; amount: unknown; isIncrement: boolean; description?: string }) {
    const amount = toAmount(body.amount, 'amount');
    if (amount <= 0n) throw badRequest('billing.amountInvalid', { field: 'amount' }, [{ propertyName: 'amount', key: 'billing.amountInvalid', params: { field: 'amount' } }]);
    if (!ctx.principal.isAdmin || !ctx.tenant.subtree) throw forbidden();
    return this.uow.run(async (tx) => {
      const target = await this.organizations.findVisible(ctx.tenant, body.organizationId, tx);
      if (!target) throw notFound('organization.notFound');
      if (target.id === ctx.principal.organizationId || target.type === 'system' || !target.path.startsWith(ctx.principal.organizationPath)) throw forbidden('billing.onlyFromAbove');
      const source = ctx.principal.scope === 'superAdmin' ? null : await this.organizations.findById(ctx.principal.organizationId, tx);
      const targetAccount = await this.billing.organizationAccountId(tx, target.id);
      const sourceAccount = source ? await this.billing.organizationAccountId(tx, source.id) : null;
      const locked = new Map((await this.billing.lockAccounts(tx, sourceAccount ? [targetAccount, sourceAccount] : [targetAccount])).map((a) => [a.id, a]));
      const referenceId = randomUUID();
      const common = {
        typeCreditChange: 'Manage' as const, referenceType: 'charge', referenceId, description: body.description ?? null,
        createdByUserId: ctx.principal.userId, createdByUserName: ctx.principal.userName,
      };
      const limitOf = (org: OrganizationRow, accountId: number) => (org.isPostpaid ? big(locked.get(accountId)?.creditLimit) : 0n);
      // Debits first (they can fail), then credits; every entry in this one transaction.
      if (body.isIncrement) {
        if (source && sourceAccount) {
          const out = await this.billing.debit(tx, { ...common, accountId: sourceAccount, amount, limit: limitOf(source, sourceAccount) });
          if (!out) throw badRequest('billing.OrganizationCreditNotEnough', {}, [{ propertyName: 'amount', key: 'billing.OrganizationCreditNotEnough' }]);
        }
        const done = await this.billing.credit(tx, { ...common, accountId: targetAccount, amount });
        await this.auditCharge(tx, ctx, target.id, body.isIncrement, amount, done.currentCredit);
        return { organizationId: target.id, currentCredit: done.currentCredit, referenceId };
      }
      const done = await this.billing.debit(tx, { ...common, accountId: targetAccount, amount, limit: 0n });
      if (!done) throw badRequest('billing.OrganizationCreditNotEnough', {}, [{ propertyName: 'amount', key: 'billing.OrganizationCreditNotEnough' }]);
      if (sourceAccount) await this.billing.credit(tx, { ...common, accountId: sourceAccount, amount });
      await this.auditCharge(tx, ctx, target.id, body.isIncrement, amount, done.currentCredit);
      return { organizationId: target.id, currentCredit: done.currentCredit, referenceId };
    });
  }

  private async auditCharge(tx: Parameters<AuditService['record']>[0], ctx: Actor, organizationId: number, isIncrement: boolean, amount: bigint, currentCredit: string) {
    await this.audit.record(tx, ctx, {
      operationType: 'ChargeOrganization', className: 'Credit', referenceId: organizationId, organizationId,
      newData: { isIncrement, amount: amount.toString(), currentCredit },
    });
  }

  /** How far below zero a postpaid organization may go; set by an administrator above it. */
  async setCreditLimit(ctx: Actor, body: { organizationId: number; creditLimit: unknown }) {
    const limit = toAmount(body.creditLimit, 'creditLimit');
    if (!ctx.principal.isAdmin || !ctx.tenant.subtree) throw forbidden();
    return this.uow.run(async (tx) => {
      const target = await this.organizations.findVisible(ctx.tenant, body.organizationId, tx);
      if (!target) throw notFound('organization.notFound');
      if (target.id === ctx.principal.organizationId || target.type === 'system' || !target.path.startsWith(ctx.principal.organizationPath)) throw forbidden('billing.onlyFromAbove');
      if (!target.isPostpaid) throw badRequest('billing.notPostpaid', {}, [{ propertyName: 'organizationId', key: 'billing.notPostpaid' }]);
      const accountId = await this.billing.organizationAccountId(tx, target.id);
      const [before] = await this.billing.lockAccounts(tx, [accountId]);
      await this.ledger.setCreditLimit(tx, accountId, limit);
      await this.audit.record(tx, ctx, {
        operationType: 'SetCreditLimit', className: 'Credit', referenceId: target.id, organizationId: target.id,
        oldData: { creditLimit: big(before.creditLimit).toString() }, newData: { creditLimit: limit.toString() },
      });
      return { organizationId: target.id, creditLimit: limit.toString() };
    });
  }

  async transactions(ctx: Actor, filter: TransactionFilter) {
    // A plain user sees the organization's entries only with Financial.View; their own allowance always.
    return this.ledger.listTransactions(ctx.tenant, filter);
  }

  /** Every entry GetAll would list with the same filter (no paging), at most 100,000, newest first. */
  exportTransactions(ctx: Actor, filter: TransactionFilter) {
    const { pageIndex: _i, pageSize: _s, ...rest } = filter;
    return this.ledger.streamTransactions(ctx.tenant, rest, 100_000);
  }

  async verify(ctx: Actor) {
    if (ctx.principal.scope !== 'superAdmin') throw forbidden();
    const started = Date.now();
    const result = await this.billing.verify();
    return { ...result, milliseconds: Date.now() - started };
  }
}
