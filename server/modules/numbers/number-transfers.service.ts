import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Clock } from '../../platform/clock.js';
import { UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { badRequest, fieldError, notFound } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { BillingService, toAmount } from '../billing/index.js';
import { OrganizationsService } from '../organizations/index.js';
import { NumberPurchaseRepository, type TransferRow } from './number-purchase.repository.js';
import { PrivateNumbersRepository } from './private-numbers.repository.js';

export interface TransferInput { privateNumberId: number; preOwner: number; newOwner: number; price?: string | number | null }

function transferView<T extends TransferRow>(t: T) {
  return { ...t, price: String(t.price) };
}

/**
 * A line moving from one user to another (CONTEXT.md "Number purchase and transfer"): the pre-owner's
 * assignment with its send types and day/month limits, and the counts of the open periods, go to the
 * new owner; when the new owner is in another organization the line follows them and the other
 * users' assignments end. Every transfer is kept as history; a price is paid by the new owner's
 * organization to the pre-owner's through the ledger (TransferPrivateNumber).
 */
@injectable()
export class NumberTransfersService {
  constructor(
    @inject(NumberPurchaseRepository) private readonly repo: NumberPurchaseRepository,
    @inject(PrivateNumbersRepository) private readonly lines: PrivateNumbersRepository,
    @inject(BillingService) private readonly billing: BillingService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  async transfer(ctx: Actor, body: TransferInput) {
    const price = body.price === undefined || body.price === null || body.price === '' ? 0n : toAmount(body.price, 'price');
    if (price < 0n) throw fieldError('price', 'numbers.transfer.priceInvalid');
    if (body.preOwner === body.newOwner) throw fieldError('newOwner', 'numbers.transfer.sameOwner');
    return this.uow.run(async (tx) => {
      const line = await this.lines.findVisible(ctx.tenant, body.privateNumberId, tx);
      if (!line) throw notFound('numbers.lineNotFound');
      await this.repo.lockLine(tx, line.id);
      const from = await this.lines.assignment(tx, line.id, body.preOwner);
      if (!from) throw fieldError('preOwner', 'numbers.transfer.notOwner');
      const to = await this.repo.userInSlice(tx, ctx.tenant, body.newOwner);
      if (!to) throw fieldError('newOwner', 'numbers.transfer.newOwnerUnknown');
      if (await this.lines.assignment(tx, line.id, to.id)) throw fieldError('newOwner', 'numbers.transfer.alreadyAssigned');
      const movesOrganization = to.organizationId !== line.organizationId;
      if (price > 0n && to.organizationId === from.organizationId) throw fieldError('price', 'numbers.transfer.priceSameOrganization');
      const now = this.clock.now();
      const saved = await this.repo.insertTransfer(tx, {
        privateNumberId: line.id, privateNumber: line.number, numberType: line.numberType, preOwner: from.userId, preOwnerOrganizationId: from.organizationId,
        newOwner: to.id, newOwnerOrganizationId: to.organizationId, price: price.toString(), transferDateTime: now,
        createdByUserId: ctx.principal.userId, createdByUserName: ctx.principal.userName,
      });
      if (price > 0n) await this.pay(tx, ctx, saved, price);
      await this.repo.moveAssignment(tx, line.id, from.userId, to.id, to.organizationId);
      if (movesOrganization) {
        // A line that changes organization is, for its new owner, a line bought: unusable until
        // that organization is authenticated (spec; CONTEXT.md "Authentication of lines").
        await this.repo.moveLine(tx, line.id, { organizationId: to.organizationId, awaitingAuthentication: true });
        await this.repo.dropOtherAssignments(tx, line.id, to.id);
      }
      await this.audit.record(tx, ctx, { operationType: 'Transfer', className: 'PrivateNumberTransfer', referenceId: saved.id, organizationId: line.organizationId, newData: transferView(saved) });
      return transferView(saved);
    });
  }

  async history(ctx: Actor, query: { privateNumberId?: number; pageIndex: number; pageSize: number }) {
    const page = await this.repo.transfers(ctx.tenant, query);
    return { items: page.items.map(transferView), totalCount: page.totalCount };
  }

  /** The new owner's organization pays the pre-owner's, keyed by the transfer; the system organization keeps no balance. */
  private async pay(tx: Parameters<BillingService['debit']>[0], ctx: Actor, t: TransferRow, price: bigint) {
    const payer = (await this.organizations.chainOf(t.newOwnerOrganizationId, tx)).at(-1)!;
    const payee = (await this.organizations.chainOf(t.preOwnerOrganizationId, tx)).at(-1)!;
    const common = {
      typeCreditChange: 'TransferPrivateNumber' as const, referenceType: 'privateNumberTransfer', referenceId: t.id, description: t.privateNumber,
      createdByUserId: ctx.principal.userId, createdByUserName: ctx.principal.userName,
    };
    const payerAccount = await this.billing.organizationAccountId(tx, payer.id);
    const limit = await this.billing.lockedOrganizationLimit(tx, payer, payerAccount);
    const paid = await this.billing.debit(tx, { ...common, accountId: payerAccount, amount: price, limit, idempotencyKey: `number-transfer:${t.id}:pay` });
    if (!paid) throw badRequest('billing.OrganizationCreditNotEnough', {}, [{ propertyName: 'price', key: 'billing.OrganizationCreditNotEnough' }]);
    if (payee.type !== 'system') {
      await this.billing.credit(tx, { ...common, accountId: await this.billing.organizationAccountId(tx, payee.id), amount: price, idempotencyKey: `number-transfer:${t.id}:receive` });
    }
  }
}
