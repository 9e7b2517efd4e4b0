import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import { UnitOfWork, type Tx } from '../../../platform/unit-of-work.js';
import type { Actor } from '../../../platform/actor.js';
import type { RequestContext } from '../../../platform/http/context.js';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../../platform/http/errors.js';
import { whereOrganizationVisible } from '../../../platform/tenancy.js';
import { AuditService } from '../../audit/index.js';
import { OrganizationsService } from '../../organizations/index.js';
import { BillingService } from '../billing.service.js';
import { PaymentsRepository, publicPayment, type PaymentRow } from '../payments.repository.js';
import { toAmount } from '../money.js';
import { InvoicesService } from '../invoices.service.js';
import { MainSettingsService } from '../main-settings.service.js';
import type { Clock } from '../../../platform/clock.js';
import type { AppConfig } from '../../../platform/config.js';
import { PaymentProviderRegistry } from './payment-providers.js';
import { SandboxGatewayProvider } from './sandbox.provider.js';
import type { GatewayConfig, GatewayPayment } from './provider.js';
import type { SchemaType } from '../../../platform/http/router.js';
import type { createAccountSchema, createGatewaySchema, createOnlineSchema, updateAccountSchema, updateGatewaySchema } from './gateways.schemas.js';

interface GatewayRow extends GatewayConfig {
  organizationId: number;
  accountInformationId: number | null;
  isGeneralUse: boolean;
  isFactorUse: boolean;
  isActive: boolean;
}

/** A gateway as answered: configJson without its secret values. */
function publicGateway(g: GatewayRow): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(g.configJson ?? {})) config[k] = /secret|key|password|token/i.test(k) ? '***' : v;
  return { ...g, configJson: config };
}

const ABANDONED_REASON = 'The online payment was not completed in time.';

const ACCOUNT_FIELDS = ['accountNo', 'branch', 'cardNo', 'iban', 'owner'] as const;

/** Outcome of a callback, shown to the payer as a small page. */
export interface CallbackOutcome {
  status: 'confirmed' | 'alreadyConfirmed' | 'failed' | 'refused';
  paymentId: number | null;
}

/**
 * Online payments: gateway configurations (owned by the system or a reseller, used by the
 * organizations strictly below the owner), starting a payment at a provider, and the verified
 * callback that credits the payer exactly once.
 */
@injectable()
export class GatewaysService {
  constructor(
    @inject(TYPES.Knex) private readonly knex: Knex,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PaymentProviderRegistry) private readonly registry: PaymentProviderRegistry,
    @inject(PaymentsRepository) private readonly payments: PaymentsRepository,
    @inject(BillingService) private readonly billing: BillingService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(InvoicesService) private readonly invoices: InvoicesService,
    @inject(MainSettingsService) private readonly settings: MainSettingsService,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.Config) private readonly config: AppConfig,
  ) {}

  // ---- abandoned online payments ---------------------------------------------------------

  /**
   * Online payments still WatingForPay after `OnlinePaymentTimeoutMinutes` were abandoned at the
   * gateway: they become Rejected (with the reason), so a late callback credits nothing. One
   * conditional update: a callback holding the row lock finishes first, and whichever wins, the
   * other sees the payment decided.
   */
  async expireAbandonedPayments(): Promise<number[]> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - (await this.settings.onlinePaymentTimeoutMs()));
    return this.payments.expireWaitingOnline(cutoff, ABANDONED_REASON, now);
  }

  // ---- account information --------------------------------------------------------------

  async createAccount(ctx: Actor, body: SchemaType<typeof createAccountSchema>) {
    return this.uow.run(async (tx) => {
      await this.assertOwner(ctx, tx);
      const values: Record<string, unknown> = { organizationId: ctx.tenant.organizationId };
      for (const f of ACCOUNT_FIELDS) if (body[f] !== undefined) values[f] = body[f];
      const [row] = await tx('account_informations').insert(values).returning('*');
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'AccountInformation', referenceId: row.id, newData: row });
      return row;
    });
  }

  async updateAccount(ctx: Actor, body: SchemaType<typeof updateAccountSchema>) {
    return this.uow.run(async (tx) => {
      const current = await this.managed(tx, 'account_informations', ctx, body.id);
      const values: Record<string, unknown> = {};
      for (const f of ACCOUNT_FIELDS) if (body[f] !== undefined) values[f] = body[f];
      const [row] = await tx('account_informations').where({ id: current.id }).update(values).returning('*');
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'AccountInformation', referenceId: row.id, oldData: current, newData: row });
      return row;
    });
  }

  async getAccount(ctx: Actor, id: number) {
    return this.managed(this.knex, 'account_informations', ctx, id);
  }

  async listAccounts(ctx: Actor) {
    const q = this.knex('account_informations as a').whereNull('a.deletedAt');
    whereOrganizationVisible(q, this.knex, 'a.organizationId', ctx.tenant);
    const items = await q.select('a.*').orderBy('a.id');
    return { items, totalCount: items.length };
  }

  async deleteAccount(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const current = await this.managed(tx, 'account_informations', ctx, id);
      await tx('account_informations').where({ id }).update({ deletedAt: tx.fn.now() });
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'AccountInformation', referenceId: id, oldData: current });
      return null;
    });
  }

  // ---- gateways ---------------------------------------------------------------------------

  async createGateway(ctx: Actor, body: SchemaType<typeof createGatewaySchema>) {
    return this.uow.run(async (tx) => {
      await this.assertOwner(ctx, tx);
      const values = await this.gatewayValues(ctx, tx, body, null);
      const [row] = await tx('payment_gateways').insert({ ...values, organizationId: ctx.tenant.organizationId }).returning('*');
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'PaymentGateway', referenceId: row.id, newData: publicGateway(row) });
      return publicGateway(row);
    });
  }

  async updateGateway(ctx: Actor, body: SchemaType<typeof updateGatewaySchema>) {
    return this.uow.run(async (tx) => {
      const current = (await this.managed(tx, 'payment_gateways', ctx, body.id)) as GatewayRow;
      const values = await this.gatewayValues(ctx, tx, body, current);
      const [row] = await tx('payment_gateways').where({ id: current.id }).update(values).returning('*');
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'PaymentGateway', referenceId: row.id, oldData: publicGateway(current), newData: publicGateway(row) });
      return publicGateway(row);
    });
  }

  async getGateway(ctx: Actor, id: number) {
    return publicGateway((await this.managed(this.knex, 'payment_gateways', ctx, id)) as GatewayRow);
  }

  async listGateways(ctx: Actor) {
    const q = this.knex('payment_gateways as g').whereNull('g.deletedAt');
    whereOrganizationVisible(q, this.knex, 'g.organizationId', ctx.tenant);
    const items = (await q.select('g.*').orderBy('g.id')) as GatewayRow[];
    return { items: items.map(publicGateway), totalCount: items.length };
  }

  async deleteGateway(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const current = (await this.managed(tx, 'payment_gateways', ctx, id)) as GatewayRow;
      await tx('payment_gateways').where({ id }).update({ deletedAt: tx.fn.now(), isActive: false });
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'PaymentGateway', referenceId: id, oldData: publicGateway(current) });
      return null;
    });
  }

  /** `Payments/GetDescriptorOnlineGateway`: the gateways the caller's organization may pay through. */
  async describeForCaller(ctx: Actor) {
    const rows = (await this.usable(this.knex, ctx.tenant.path)).filter((g) => !this.sandboxRefused(g));
    return rows.map((g) => ({ id: g.id, isGeneralUse: g.isGeneralUse, isFactorUse: g.isFactorUse, ...this.provider(g).describe(g) }));
  }

  // ---- online payments --------------------------------------------------------------------

  /** `Payments/CreateOnline {amount, gatewayId}`: a WatingForPay payment and where the payer goes. */
  async createOnline(ctx: Actor, body: SchemaType<typeof createOnlineSchema>) {
    const amount = toAmount(body.amount, 'amount');
    if (amount <= 0n) throw fieldError('amount', 'billing.amountInvalid', { field: 'amount' });
    return this.uow.run(async (tx) => {
      const payer = await this.organizations.findById(ctx.tenant.organizationId, tx);
      if (!payer || payer.type === 'system') throw forbidden('billing.systemPays');
      const gateway = (await this.usable(tx, payer.path)).find((g) => g.id === body.gatewayId);
      if (!gateway) throw fieldError('gatewayId', 'billing.gatewayNotFound');
      if (this.sandboxRefused(gateway)) throw fieldError('gatewayId', 'billing.sandboxDisabled');
      const created = await this.payments.insert(tx, {
        organizationId: payer.id, receiverOrganizationId: payer.parentId, typePayment: 'OnLine', typeStatus: 'WatingForPay',
        amount: amount.toString(), gatewayId: gateway.id, createdByUserId: ctx.principal.userId, createdByUserName: ctx.principal.userName,
        description: typeof body.description === 'string' ? body.description : null,
      });
      const started = await this.provider(gateway).start(gateway, { id: created.id, amount, authority: null });
      const [row] = await tx('payments').where({ id: created.id }).update({ authority: started.authority }).returning('*');
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'Payment', referenceId: created.id, organizationId: payer.id, newData: publicPayment(row) });
      return { payment: publicPayment(row), redirectUrl: started.redirectUrl, authority: started.authority };
    });
  }

  /** The sandbox "bank" page data: the payment and its signed Pay / Fail links; null when unknown or not waiting. */
  async sandboxPage(authority: string): Promise<{ amount: string; pay: string; fail: string } | null> {
    const payment = (await this.knex('payments').where({ authority, typePayment: 'OnLine' }).first()) as PaymentRow | undefined;
    if (!payment || payment.typeStatus !== 'WatingForPay' || !payment.gatewayId) return null;
    const gateway = (await this.knex('payment_gateways').where({ id: payment.gatewayId }).first()) as GatewayRow | undefined;
    const provider = gateway ? this.registry.get(gateway.typeIPG) : null;
    if (!gateway || !(provider instanceof SandboxGatewayProvider) || this.sandboxRefused(gateway)) return null;
    return { amount: String(payment.amount), ...provider.links(gateway, gatewayPayment(payment)) };
  }

  /**
   * `Payments/OnlineCallback`: the provider verifies the parameters (signature) for the stored
   * payment, the amount must equal the stored one; then one conditional update WatingForPay →
   * Confirmed (or Rejected) and the OnlinePayment credit in the same transaction. A repeat, a
   * concurrent duplicate, a forged or foreign callback credits nothing.
   */
  async callback(ctx: RequestContext, params: Record<string, string | undefined>): Promise<CallbackOutcome> {
    const authority = params.authority ?? '';
    return this.uow.run(async (tx) => {
      // Lock the payment row: concurrent callbacks of one payment run one after the other.
      const payment = (await tx('payments').where({ authority, typePayment: 'OnLine' }).forUpdate().first()) as PaymentRow | undefined;
      if (!payment || !authority) throw new AppError(400, 'billing.callbackRefused');
      const gateway = (await tx('payment_gateways').where({ id: payment.gatewayId as number }).first()) as GatewayRow | undefined;
      // In production a sandbox "bank" answer proves nothing (its Pay link was handed to anyone): refused.
      if (!gateway || this.sandboxRefused(gateway)) throw new AppError(400, 'billing.callbackRefused');
      const result = await this.provider(gateway).verify(gateway, gatewayPayment(payment), params);
      if (result.amount === null || result.amount !== BigInt(payment.amount)) throw new AppError(400, 'billing.callbackRefused');
      if (payment.typeStatus === 'Confirmed') return { status: 'alreadyConfirmed', paymentId: payment.id };
      if (payment.typeStatus !== 'WatingForPay') return { status: 'failed', paymentId: payment.id };
      // Past the timeout the payment is abandoned even if the sweep has not run yet.
      const timeoutMs = await this.settings.onlinePaymentTimeoutMs(tx);
      if (new Date(payment.createdAt as string | Date).getTime() <= this.clock.now().getTime() - timeoutMs) {
        await tx('payments').where({ id: payment.id, typeStatus: 'WatingForPay' }).update({ typeStatus: 'Rejected', rejectionDescription: ABANDONED_REASON, decidedAt: this.clock.now() });
        await this.audit.record(tx, ctx, { operationType: 'OnlineCallback', className: 'Payment', referenceId: payment.id, organizationId: payment.organizationId, oldData: { typeStatus: 'WatingForPay' }, newData: { typeStatus: 'Rejected', rejectionDescription: ABANDONED_REASON } });
        return { status: 'failed', paymentId: payment.id };
      }
      if (!result.ok) {
        await tx('payments').where({ id: payment.id, typeStatus: 'WatingForPay' }).update({ typeStatus: 'Rejected', rejectionDescription: 'The online payment failed.', decidedAt: tx.fn.now() });
        await this.audit.record(tx, ctx, { operationType: 'OnlineCallback', className: 'Payment', referenceId: payment.id, organizationId: payment.organizationId, oldData: { typeStatus: 'WatingForPay' }, newData: { typeStatus: 'Rejected' } });
        return { status: 'failed', paymentId: payment.id };
      }
      const decided = await tx('payments').where({ id: payment.id, typeStatus: 'WatingForPay' })
        .update({ typeStatus: 'Confirmed', gatewayReferenceId: result.referenceId, verifiedAt: tx.fn.now(), decidedAt: tx.fn.now() }).returning('*');
      if (decided.length === 0) return { status: 'alreadyConfirmed', paymentId: payment.id };
      const accountId = await this.billing.organizationAccountId(tx, payment.organizationId);
      const entry = await this.billing.credit(tx, {
        accountId, amount: BigInt(payment.amount), typeCreditChange: 'OnlinePayment', referenceType: 'payment', referenceId: payment.id,
        idempotencyKey: `payment:${payment.id}`, description: `Online payment ${payment.id} (${result.referenceId})`,
        createdByUserId: payment.createdByUserId as number, createdByUserName: payment.createdByUserName as string,
      });
      await this.invoices.issueForPayment(tx, decided[0] as PaymentRow);
      await this.audit.record(tx, ctx, {
        operationType: 'OnlineCallback', className: 'Payment', referenceId: payment.id, organizationId: payment.organizationId,
        oldData: { typeStatus: 'WatingForPay' }, newData: { typeStatus: 'Confirmed', gatewayReferenceId: result.referenceId, ledgerEntryId: entry.id },
      });
      return { status: 'confirmed', paymentId: payment.id };
    });
  }

  // ---- helpers ----------------------------------------------------------------------------

  /** The Sandbox gateway where it is turned off (production, `allowSandboxGateway`): never created, changed, offered or paid through. */
  private sandboxRefused(g: { typeIPG: string }): boolean {
    return !this.config.allowSandboxGateway && this.registry.get(g.typeIPG) instanceof SandboxGatewayProvider;
  }

  private provider(g: GatewayRow) {
    const p = this.registry.get(g.typeIPG);
    if (!p) throw badRequest('billing.gatewayTypeUnknown');
    return p;
  }

  /** Active general-use gateways owned by an organization strictly above `path`. */
  private async usable(db: Knex | Tx, path: string): Promise<GatewayRow[]> {
    const ancestors = path.split('/').filter(Boolean).map(Number).slice(0, -1);
    if (ancestors.length === 0) return [];
    return (await db('payment_gateways').whereIn('organizationId', ancestors).whereNull('deletedAt')
      .where({ isActive: true, isGeneralUse: true }).orderBy('id')) as GatewayRow[];
  }

  private async gatewayValues(ctx: Actor, tx: Tx, body: Record<string, unknown>, current: GatewayRow | null) {
    const values: Record<string, unknown> = {};
    for (const f of ['typeIPG', 'title', 'isGeneralUse', 'isFactorUse', 'isActive', 'accountInformationId'] as const) if (body[f] !== undefined) values[f] = body[f];
    const type = (values.typeIPG ?? current?.typeIPG) as string;
    const provider = this.registry.get(type);
    if (!provider) throw fieldError('typeIPG', 'billing.gatewayTypeUnknown');
    if (this.sandboxRefused({ typeIPG: type })) throw fieldError('typeIPG', 'billing.sandboxDisabled');
    if (body.configJson !== undefined || !current || values.typeIPG !== undefined) {
      const config = (body.configJson ?? current?.configJson ?? {}) as Record<string, unknown>;
      const problem = provider.validateConfig(config);
      if (problem) throw fieldError(problem.field, problem.key);
      values.configJson = JSON.stringify(config);
    }
    if (values.accountInformationId) {
      const acc = await tx('account_informations').where({ id: values.accountInformationId as number, organizationId: ctx.tenant.organizationId }).whereNull('deletedAt').first();
      if (!acc) throw fieldError('accountInformationId', 'billing.accountInformationNotFound');
    }
    return values;
  }

  private async managed(db: Knex | Tx, table: string, ctx: Actor, id: number): Promise<Record<string, any>> {
    const q = db(`${table} as t`).where('t.id', id).whereNull('t.deletedAt');
    whereOrganizationVisible(q, db as Knex, 't.organizationId', ctx.tenant);
    const row = await q.first('t.*');
    if (!row) throw notFound(table === 'payment_gateways' ? 'billing.gatewayNotFound' : 'billing.accountInformationNotFound');
    return row;
  }

  private async assertOwner(ctx: Actor, tx: Tx): Promise<void> {
    const org = await this.organizations.findById(ctx.tenant.organizationId, tx);
    if (!ctx.tenant.subtree || !org || (org.type !== 'system' && org.type !== 'reseller')) throw forbidden('billing.ownerSystemOrReseller');
  }
}

function gatewayPayment(p: PaymentRow): GatewayPayment {
  return { id: p.id, amount: BigInt(p.amount), authority: (p.authority as string | null) ?? null };
}
