import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import { UnitOfWork, type Tx } from '../../../platform/unit-of-work.js';
import type { Actor } from '../../../platform/actor.js';
import type { RequestContext } from '../../../platform/http/context.js';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../../platform/http/errors.js';
import type { Tenant } from '../../../platform/http/context.js';
import { AuditService } from '../../audit/index.js';
import { OrganizationsService } from '../../organizations/index.js';
import { BillingService } from '../billing.service.js';
import { PaymentsRepository, publicPayment, type PaymentRow } from '../payments.repository.js';
import { toAmount } from '../money.js';
import { InvoicesService } from '../invoices.service.js';
import { MainSettingsService } from '../main-settings.service.js';
import { PaymentEvents } from '../payment-events.js';
import type { Clock } from '../../../platform/clock.js';
import type { AppConfig } from '../../../platform/config.js';
import { PaymentProviderRegistry } from './payment-providers.js';
import { SandboxGatewayProvider } from './sandbox.provider.js';
import { GatewayRefusedError, GatewayUnavailableError, type GatewayPayment } from './provider.js';
import { GatewaysRepository, type GatewayRow, type ManagedTable } from './gateways.repository.js';
import type { SchemaType } from '../../../platform/http/router.js';
import type { createAccountSchema, createGatewaySchema, createOnlineSchema, updateAccountSchema, updateGatewaySchema } from './gateways.schemas.js';

/** A gateway as answered: configJson without its secret values. */
function publicGateway(g: GatewayRow): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(g.configJson ?? {})) config[k] = /secret|key|password|token/i.test(k) ? '***' : v;
  return { ...g, configJson: config };
}

const ABANDONED_REASON = 'The online payment was not completed in time.';
const NOT_STARTED_REASON = 'The payment gateway did not start the payment.';

const ACCOUNT_FIELDS = ['accountNo', 'branch', 'cardNo', 'iban', 'owner'] as const;

/** Outcome of a callback, shown to the payer as a small page. */
export interface CallbackOutcome {
  /** `pending`: the provider could not be asked (timeout); nothing changed, the payer may come back. */
  status: 'confirmed' | 'alreadyConfirmed' | 'failed' | 'refused' | 'pending';
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
    @inject(GatewaysRepository) private readonly repo: GatewaysRepository,
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
    @inject(PaymentEvents) private readonly events: PaymentEvents,
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
      const row = await this.repo.insertAccount(tx, values);
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'AccountInformation', referenceId: row.id, newData: row });
      return row;
    });
  }

  async updateAccount(ctx: Actor, body: SchemaType<typeof updateAccountSchema>) {
    return this.uow.run(async (tx) => {
      const current = await this.managed('account_informations', ctx.tenant, body.id, tx);
      const values: Record<string, unknown> = {};
      for (const f of ACCOUNT_FIELDS) if (body[f] !== undefined) values[f] = body[f];
      const row = await this.repo.updateAccount(tx, current.id, values);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'AccountInformation', referenceId: row.id, oldData: current, newData: row });
      return row;
    });
  }

  async getAccount(ctx: Actor, id: number) {
    return this.managed('account_informations', ctx.tenant, id);
  }

  async listAccounts(ctx: Actor) {
    const items = await this.repo.listAccounts(ctx.tenant);
    return { items, totalCount: items.length };
  }

  async deleteAccount(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const current = await this.managed('account_informations', ctx.tenant, id, tx);
      await this.repo.softDeleteAccount(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'AccountInformation', referenceId: id, oldData: current });
      return null;
    });
  }

  // ---- gateways ---------------------------------------------------------------------------

  async createGateway(ctx: Actor, body: SchemaType<typeof createGatewaySchema>) {
    return this.uow.run(async (tx) => {
      await this.assertOwner(ctx, tx);
      const values = await this.gatewayValues(ctx, tx, body, null);
      const row = await this.repo.insertGateway(tx, { ...values, organizationId: ctx.tenant.organizationId });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'PaymentGateway', referenceId: row.id, newData: publicGateway(row) });
      return publicGateway(row);
    });
  }

  async updateGateway(ctx: Actor, body: SchemaType<typeof updateGatewaySchema>) {
    return this.uow.run(async (tx) => {
      const current = (await this.managed('payment_gateways', ctx.tenant, body.id, tx)) as GatewayRow;
      const values = await this.gatewayValues(ctx, tx, body, current);
      const row = await this.repo.updateGateway(tx, current.id, values);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'PaymentGateway', referenceId: row.id, oldData: publicGateway(current), newData: publicGateway(row) });
      return publicGateway(row);
    });
  }

  async getGateway(ctx: Actor, id: number) {
    return publicGateway((await this.managed('payment_gateways', ctx.tenant, id)) as GatewayRow);
  }

  async listGateways(ctx: Actor) {
    const items = await this.repo.listGateways(ctx.tenant);
    return { items: items.map(publicGateway), totalCount: items.length };
  }

  async deleteGateway(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const current = (await this.managed('payment_gateways', ctx.tenant, id, tx)) as GatewayRow;
      await this.repo.softDeleteGateway(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'PaymentGateway', referenceId: id, oldData: publicGateway(current) });
      return null;
    });
  }

  /** `Payments/GetDescriptorOnlineGateway`: the gateways the caller's organization may pay through. */
  async describeForCaller(ctx: Actor) {
    const rows = (await this.repo.usable(ctx.tenant.path)).filter((g) => !this.sandboxRefused(g));
    return rows.map((g) => ({ id: g.id, isGeneralUse: g.isGeneralUse, isFactorUse: g.isFactorUse, ...this.provider(g).describe(g) }));
  }

  // ---- online payments --------------------------------------------------------------------

  /**
   * `Payments/CreateOnline {amount, gatewayId}`: a WatingForPay payment and where the payer goes.
   * The provider is asked between two transactions, never inside one: a slow or hung gateway then
   * holds no connection and no lock (on the embedded database one open transaction stops the whole
   * panel). A provider that refuses or cannot be reached leaves the payment Rejected with the
   * reason, and the call answers 400 / 503; nothing was paid, so nothing is credited.
   */
  async createOnline(ctx: Actor, body: SchemaType<typeof createOnlineSchema>) {
    const amount = toAmount(body.amount, 'amount');
    if (amount <= 0n) throw fieldError('amount', 'billing.amountInvalid', { field: 'amount' });
    const { created, gateway } = await this.uow.run(async (tx) => {
      const payer = await this.organizations.findById(ctx.tenant.organizationId, tx);
      if (!payer || payer.type === 'system') throw forbidden('billing.systemPays');
      const usable = (await this.repo.usable(payer.path, tx)).find((g) => g.id === body.gatewayId);
      if (!usable) throw fieldError('gatewayId', 'billing.gatewayNotFound');
      if (this.sandboxRefused(usable)) throw fieldError('gatewayId', 'billing.sandboxDisabled');
      const row = await this.payments.insert(tx, {
        organizationId: payer.id, receiverOrganizationId: payer.parentId, typePayment: 'OnLine', typeStatus: 'WatingForPay',
        amount: amount.toString(), gatewayId: usable.id, createdByUserId: ctx.principal.userId, createdByUserName: ctx.principal.userName,
        description: typeof body.description === 'string' ? body.description : null,
      });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'Payment', referenceId: row.id, organizationId: payer.id, newData: publicPayment(row) });
      return { created: row, gateway: usable };
    });
    let started;
    try {
      started = await this.startAt(gateway, { id: created.id, amount, authority: null });
    } catch (err) {
      await this.uow.run(async (tx) => {
        await this.payments.rejectWaiting(tx, created.id, NOT_STARTED_REASON, this.clock.now());
        await this.audit.record(tx, ctx, { operationType: 'Update', className: 'Payment', referenceId: created.id, organizationId: created.organizationId, oldData: { typeStatus: 'WatingForPay' }, newData: { typeStatus: 'Rejected', rejectionDescription: NOT_STARTED_REASON } });
      });
      throw err;
    }
    const row = await this.uow.run((tx) => this.payments.setAuthority(tx, created.id, started.authority));
    return { payment: publicPayment(row), redirectUrl: started.redirectUrl, authority: started.authority };
  }

  /** The sandbox "bank" page data: the payment and its signed Pay / Fail links; null when unknown or not waiting. */
  async sandboxPage(authority: string): Promise<{ amount: string; pay: string; fail: string } | null> {
    const payment = await this.payments.findOnlineByAuthority(authority);
    if (!payment || payment.typeStatus !== 'WatingForPay' || !payment.gatewayId) return null;
    const gateway = await this.repo.findGateway(payment.gatewayId as number);
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
    const authority = this.registry.authorityFrom(params);
    const found = authority ? await this.payments.findOnlineByAuthority(authority) : undefined;
    if (!authority || !found?.gatewayId) throw new AppError(400, 'billing.callbackRefused');
    const gateway = await this.repo.findGateway(found.gatewayId as number);
    // In production a sandbox "bank" answer proves nothing (its Pay link was handed to anyone): refused.
    if (!gateway || this.sandboxRefused(gateway)) throw new AppError(400, 'billing.callbackRefused');
    // The provider is asked outside the transaction (a hung gateway holds no lock or connection).
    // Amount, authority and gateway of a payment never change, so the answer still holds once the
    // row is locked below; concurrent callbacks may both verify (the provider answers 100, then
    // 101), and the conditional update under the lock lets only one of them credit.
    let result;
    try {
      result = await this.provider(gateway).verify(gateway, gatewayPayment(found), params);
    } catch (err) {
      // Unreachable provider: no verdict, so nothing changes (the payment stays waiting, a later
      // callback may verify it; the abandoned-payment sweep rejects it after the timeout).
      if (err instanceof GatewayUnavailableError) return { status: 'pending', paymentId: found.id };
      throw err;
    }
    if (result.amount === null || result.amount !== BigInt(found.amount)) throw new AppError(400, 'billing.callbackRefused');
    return this.uow.run(async (tx) => {
      // Lock the payment row: concurrent callbacks of one payment decide one after the other.
      const payment = await this.payments.lockOnlineByAuthority(tx, authority);
      if (!payment) throw new AppError(400, 'billing.callbackRefused');
      if (payment.typeStatus === 'Confirmed') return { status: 'alreadyConfirmed', paymentId: payment.id };
      if (payment.typeStatus !== 'WatingForPay') return { status: 'failed', paymentId: payment.id };
      // Past the timeout the payment is abandoned even if the sweep has not run yet.
      const timeoutMs = await this.settings.onlinePaymentTimeoutMs(tx);
      if (new Date(payment.createdAt as string | Date).getTime() <= this.clock.now().getTime() - timeoutMs) {
        await this.payments.rejectWaiting(tx, payment.id, ABANDONED_REASON, this.clock.now());
        await this.audit.record(tx, ctx, { operationType: 'OnlineCallback', className: 'Payment', referenceId: payment.id, organizationId: payment.organizationId, oldData: { typeStatus: 'WatingForPay' }, newData: { typeStatus: 'Rejected', rejectionDescription: ABANDONED_REASON } });
        return { status: 'failed', paymentId: payment.id };
      }
      if (!result.ok) {
        await this.payments.rejectWaiting(tx, payment.id, 'The online payment failed.');
        await this.audit.record(tx, ctx, { operationType: 'OnlineCallback', className: 'Payment', referenceId: payment.id, organizationId: payment.organizationId, oldData: { typeStatus: 'WatingForPay' }, newData: { typeStatus: 'Rejected' } });
        return { status: 'failed', paymentId: payment.id };
      }
      const decided = await this.payments.confirmWaiting(tx, payment.id, result.referenceId);
      if (!decided) return { status: 'alreadyConfirmed', paymentId: payment.id };
      const accountId = await this.billing.organizationAccountId(tx, payment.organizationId);
      const entry = await this.billing.credit(tx, {
        accountId, amount: BigInt(payment.amount), typeCreditChange: 'OnlinePayment', referenceType: 'payment', referenceId: payment.id,
        idempotencyKey: `payment:${payment.id}`, description: `Online payment ${payment.id} (${result.referenceId})`,
        createdByUserId: payment.createdByUserId as number, createdByUserName: payment.createdByUserName as string,
      });
      await this.invoices.issueForPayment(tx, decided);
      await this.audit.record(tx, ctx, {
        operationType: 'OnlineCallback', className: 'Payment', referenceId: payment.id, organizationId: payment.organizationId,
        oldData: { typeStatus: 'WatingForPay' }, newData: { typeStatus: 'Confirmed', gatewayReferenceId: result.referenceId, ledgerEntryId: entry.id },
      });
      await this.events.emit(tx, {
        kind: 'onlinePaid', paymentId: payment.id, organizationId: payment.organizationId,
        receiverOrganizationId: payment.receiverOrganizationId,
        typePayment: 'OnLine', amount: String(payment.amount),
      });
      return { status: 'confirmed', paymentId: payment.id };
    });
  }

  // ---- helpers ----------------------------------------------------------------------------

  /**
   * Asks the provider for a payment token. A provider that refuses or cannot be reached fails the
   * whole CreateOnline (its transaction rolls back: no payment is stored that no gateway knows).
   */
  private async startAt(gateway: GatewayRow, payment: GatewayPayment) {
    const origin = (this.config.onlinePayment.callbackOrigin ?? this.config.publicOrigin ?? '').replace(/\/+$/, '');
    try {
      return await this.provider(gateway).start(gateway, payment, {
        callbackUrl: `${origin}/api/Payments/OnlineCallback`, description: `Peyk credit, payment ${payment.id}`,
      });
    } catch (err) {
      if (err instanceof GatewayUnavailableError) throw new AppError(503, 'billing.gatewayUnavailable');
      if (err instanceof GatewayRefusedError) throw new AppError(400, 'billing.gatewayRefusedStart', { code: err.code });
      throw err;
    }
  }

  /** The Sandbox gateway where it is turned off (production, `allowSandboxGateway`): never created, changed, offered or paid through. */
  private sandboxRefused(g: { typeIPG: string }): boolean {
    return !this.config.allowSandboxGateway && this.registry.get(g.typeIPG) instanceof SandboxGatewayProvider;
  }

  private provider(g: GatewayRow) {
    const p = this.registry.get(g.typeIPG);
    if (!p) throw badRequest('billing.gatewayTypeUnknown');
    return p;
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
      const acc = await this.repo.findOwnAccount(tx, values.accountInformationId as number, ctx.tenant.organizationId);
      if (!acc) throw fieldError('accountInformationId', 'billing.accountInformationNotFound');
    }
    return values;
  }

  private async managed(table: ManagedTable, tenant: Tenant, id: number, tx?: Tx): Promise<Record<string, any>> {
    const row = await this.repo.findManaged(table, tenant, id, tx);
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
