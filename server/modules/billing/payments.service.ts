import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { OrganizationsService, type OrganizationRow } from '../organizations/index.js';
import { PaymentsRepository, publicPayment, type PaymentListFilter, type PaymentRow } from './payments.repository.js';
import { BillingService } from './billing.service.js';
import { toAmount } from './money.js';
import { InvoicesService } from './invoices.service.js';
import { PaymentEvents } from './payment-events.js';
import type { SchemaType } from '../../platform/http/router.js';
import type { createPaymentSchema } from './billing.schemas.js';

const CHEQUE_FIELDS = ['branchCode', 'chequeAccountNumber', 'dueDate', 'holderName', 'isPassed', 'nationalCode', 'sayadNumber', 'serialNumber', 'seriesNumber', 'typeBank', 'chequeImageAddress'] as const;
const COMMON_FIELDS = ['paymentDate', 'paymentTime', 'billNumber', 'referenceId', 'orderId', 'description'] as const;

/**
 * Payments made outside the panel (cash, cheque, card, account) wait as Checking until an
 * administrator above the payer confirms or rejects them; confirming credits the payer's account
 * exactly once.
 */
@injectable()
export class PaymentsService {
  constructor(
    @inject(PaymentsRepository) private readonly repo: PaymentsRepository,
    @inject(BillingService) private readonly billing: BillingService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(InvoicesService) private readonly invoices: InvoicesService,
    @inject(PaymentEvents) private readonly events: PaymentEvents,
  ) {}

  async create(ctx: Actor, body: SchemaType<typeof createPaymentSchema>) {
    const amount = toAmount(body.amount, 'amount');
    if (amount <= 0n) throw fieldError('amount', 'billing.amountInvalid', { field: 'amount' });
    if (body.typePayment === 'OnLine') throw fieldError('typePayment', 'billing.onlineNotAvailable');
    if (body.typePayment === 'Cheque') {
      for (const f of ['sayadNumber', 'dueDate', 'typeBank'] as const) if (!body[f]) throw fieldError(f, 'validation.required', { field: f });
    }
    const organizationId = body.organizationId ?? ctx.tenant.organizationId;
    return this.uow.run(async (tx) => {
      const payer = await this.organizations.findVisible(ctx.tenant, organizationId, tx);
      if (!payer) throw fieldError('organizationId', 'organization.notFound');
      if (payer.type === 'system') throw fieldError('organizationId', 'billing.systemPays');
      const values: Record<string, unknown> = {
        organizationId: payer.id, receiverOrganizationId: payer.parentId, typePayment: body.typePayment, typeStatus: 'Checking',
        amount: amount.toString(), createdByUserId: ctx.principal.userId, createdByUserName: ctx.principal.userName,
      };
      for (const f of [...COMMON_FIELDS, ...(body.typePayment === 'Cheque' ? CHEQUE_FIELDS : [])]) if (body[f] !== undefined) values[f] = body[f];
      const created = await this.repo.insert(tx, values);
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'Payment', referenceId: created.id, organizationId: payer.id, newData: publicPayment(created) });
      await this.events.emit(tx, {
        kind: 'created', paymentId: created.id, organizationId: payer.id, receiverOrganizationId: payer.parentId,
        typePayment: body.typePayment, amount: amount.toString(),
      });
      return publicPayment(created);
    });
  }

  async list(ctx: Actor, filter: PaymentListFilter) {
    return this.repo.list(ctx.tenant, filter);
  }

  /** Confirms a Checking payment and credits the payer once; confirming again answers the same payment and changes nothing. */
  async confirm(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const payment = await this.repo.findVisible(ctx.tenant, id, tx);
      if (!payment) throw notFound('billing.paymentNotFound');
      await this.assertAbovePayer(ctx, payment, tx);
      const decided = await this.repo.decide(tx, id, { typeStatus: 'Confirmed', decidedByUserId: ctx.principal.userId, decidedByUserName: ctx.principal.userName });
      if (!decided) {
        const current = (await this.repo.findById(tx, id)) as PaymentRow;
        if (current.typeStatus === 'Rejected') throw badRequest('billing.paymentAlreadyRejected');
        if (current.typeStatus !== 'Confirmed') throw badRequest('billing.paymentNotChecking');
        return { payment: publicPayment(current), applied: false };
      }
      const accountId = await this.billing.organizationAccountId(tx, decided.organizationId);
      const entry = await this.billing.credit(tx, {
        accountId, amount: BigInt(decided.amount), typeCreditChange: decided.typePayment === 'OnLine' ? 'OnlinePayment' : 'Fish',
        referenceType: 'payment', referenceId: decided.id, idempotencyKey: `payment:${decided.id}`,
        description: `${decided.typePayment} payment ${decided.id}`, createdByUserId: ctx.principal.userId, createdByUserName: ctx.principal.userName,
      });
      const { invoice } = await this.invoices.issueForPayment(tx, decided);
      await this.audit.record(tx, ctx, {
        operationType: 'ConfirmPayment', className: 'Payment', referenceId: id, organizationId: decided.organizationId,
        oldData: { typeStatus: 'Checking' }, newData: { typeStatus: 'Confirmed', ledgerEntryId: entry.id, currentCredit: entry.currentCredit, invoiceId: invoice.id },
      });
      return { payment: publicPayment(decided), applied: true, currentCredit: entry.currentCredit, invoiceId: invoice.id };
    });
  }

  async reject(ctx: Actor, id: number, rejectionDescription: string | undefined) {
    return this.uow.run(async (tx) => {
      const payment = await this.repo.findVisible(ctx.tenant, id, tx);
      if (!payment) throw notFound('billing.paymentNotFound');
      await this.assertAbovePayer(ctx, payment, tx);
      const decided = await this.repo.decide(tx, id, {
        typeStatus: 'Rejected', decidedByUserId: ctx.principal.userId, decidedByUserName: ctx.principal.userName, rejectionDescription: rejectionDescription ?? null,
      });
      if (!decided) {
        const current = (await this.repo.findById(tx, id)) as PaymentRow;
        if (current.typeStatus === 'Confirmed') throw badRequest('billing.paymentAlreadyConfirmed');
        return { payment: publicPayment(current), applied: false };
      }
      await this.audit.record(tx, ctx, {
        operationType: 'RejectPayment', className: 'Payment', referenceId: id, organizationId: decided.organizationId,
        oldData: { typeStatus: 'Checking' }, newData: { typeStatus: 'Rejected', rejectionDescription: rejectionDescription ?? null },
      });
      return { payment: publicPayment(decided), applied: true };
    });
  }

  /** Only an administrator of an organization above the payer decides on its payments. */
  private async assertAbovePayer(ctx: Actor, payment: PaymentRow, tx: Parameters<OrganizationsService['findById']>[1]): Promise<void> {
    const payer = (await this.organizations.findById(payment.organizationId, tx)) as OrganizationRow | null;
    if (!payer) throw notFound('billing.paymentNotFound');
    if (!ctx.principal.isAdmin || !ctx.tenant.subtree) throw forbidden('billing.onlyFromAbove');
    if (payer.id === ctx.principal.organizationId || !payer.path.startsWith(ctx.principal.organizationPath)) throw forbidden('billing.onlyFromAbove');
  }
}
