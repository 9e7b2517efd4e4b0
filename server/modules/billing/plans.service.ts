import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import type { AuthEpoch } from '../../platform/auth-epoch.js';
import type { Actor } from '../../platform/actor.js';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { AuditService } from '../audit/index.js';
import { OrganizationsService } from '../organizations/index.js';
import { BillingService } from './billing.service.js';
import { str, toAmount } from './money.js';
import { InvoicesService } from './invoices.service.js';
import { PlansRepository, type PlanRow } from './plans.repository.js';
import type { SchemaType } from '../../platform/http/router.js';
import type { assignModuleSchema, buyPlanSchema, createPlanSchema, updatePlanSchema } from './plans.schemas.js';

/** The fixed module catalogue a plan may grant (ids are stable; titles fa + en). */
export const MODULES = [
  { id: 'BulkSms', fa: 'ارسال انبوه', en: 'Bulk SMS' },
  { id: 'SmartSms', fa: 'ارسال هوشمند', en: 'Smart SMS' },
  { id: 'PhoneBook', fa: 'دفترچه تلفن', en: 'Phone book' },
  { id: 'GeneralPhoneBook', fa: 'دفترچه تلفن عمومی', en: 'General phone book' },
  { id: 'Receive', fa: 'دریافت پیامک', en: 'Receiving SMS' },
  { id: 'Webservice', fa: 'وب‌سرویس', en: 'Web service' },
  { id: 'Reseller', fa: 'نمایندگی', en: 'Reselling' },
] as const;
const MODULE_IDS = new Set<string>(MODULES.map((m) => m.id));

function publicPlan(p: PlanRow): Record<string, unknown> {
  return { ...p, planPrice: str(p.planPrice), extentionPrice: p.extentionPrice === null ? null : str(p.extentionPrice) };
}

function publicPurchase(p: Record<string, any>): Record<string, unknown> {
  return { ...p, amount: str(p.amount), ledgerEntryId: p.ledgerEntryId === null ? null : String(p.ledgerEntryId) };
}

/**
 * Plans (owned by the system or a reseller, bought by organizations strictly below the owner):
 * buying pays planPrice (BuyPanel) — or extentionPrice (ExtendedPanel) when the organization
 * bought the plan before — from the buyer's credit and grants the plan's modules, in one
 * transaction, idempotent by (organization, requestId).
 */
@injectable()
export class PlansService {
  constructor(
    @inject(PlansRepository) private readonly repo: PlansRepository,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BillingService) private readonly billing: BillingService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(InvoicesService) private readonly invoices: InvoicesService,
    @inject(TYPES.AuthEpoch) private readonly epoch: AuthEpoch,
  ) {}

  /**
   * Plans and module grants decide which claims the organizations below hold (identity drops the
   * claims of modules on sale and not bought): cached principals are rebuilt once this commits.
   */
  private claimsChange(tx: Tx): void {
    this.epoch.bumpAfterCommit(tx);
  }

  modules() {
    return { items: MODULES.map((m) => ({ ...m })), totalCount: MODULES.length };
  }

  async organizationModules(ctx: Actor, organizationId?: number) {
    const id = organizationId ?? ctx.tenant.organizationId;
    const org = await this.organizations.findVisible(ctx.tenant, id);
    if (!org) throw notFound('organization.notFound');
    return this.repo.organizationModules(id);
  }

  /**
   * Every catalogue module of an organization with its state, by the rule identity applies to
   * claims (CONTEXT.md, "Plans and modules"): `held` (the organization holds it, by hand or by a
   * plan), `locked` (a plan above offers it and nobody between the seller and the organization
   * holds it: its claims are dropped), `inherited` (offered above, but an ancestor below the seller
   * holds it, which covers its subtree), `free` (no plan above offers it).
   */
  async organizationModuleStates(ctx: Actor, organizationId?: number) {
    const id = organizationId ?? ctx.tenant.organizationId;
    const org = await this.organizations.findVisible(ctx.tenant, id);
    if (!org) throw notFound('organization.notFound');
    const { offers, locked, own: grants } = await this.repo.moduleStateInputs(id);
    const lockedIds = new Set(locked);
    return MODULES.map((m) => {
      const own = grants.find((g) => g.moduleId === m.id);
      const sellers = offers.filter((o) => o.moduleId === m.id);
      const state = own ? 'held' : lockedIds.has(m.id) ? 'locked' : sellers.length > 0 ? 'inherited' : 'free';
      return {
        moduleId: m.id, fa: m.fa, en: m.en, state,
        planId: own?.planId ?? null, createdAt: own ? new Date(own.createdAt as string).toISOString() : null,
        offeredByPlanIds: [...new Set(sellers.map((o) => o.planId))],
      };
    });
  }

  /** Grants (or takes back) a module of an organization below the caller by hand. */
  async assignModule(ctx: Actor, body: SchemaType<typeof assignModuleSchema>) {
    if (!MODULE_IDS.has(body.moduleId)) throw fieldError('moduleId', 'billing.moduleUnknown');
    return this.uow.run(async (tx) => {
      const org = await this.organizations.findVisible(ctx.tenant, body.organizationId, tx);
      if (!org || org.id === ctx.principal.organizationId) throw notFound('organization.notFound');
      if (body.assigned === false) await this.repo.unassignModule(tx, org.id, body.moduleId);
      else await this.repo.assignModule(tx, org.id, body.moduleId);
      this.claimsChange(tx);
      await this.audit.record(tx, ctx, { operationType: body.assigned === false ? 'UnassignModule' : 'AssignModule', className: 'Module', referenceId: body.moduleId, organizationId: org.id, newData: body });
      return null;
    });
  }

  async create(ctx: Actor, body: SchemaType<typeof createPlanSchema>) {
    return this.uow.run(async (tx) => {
      await this.assertOwner(ctx, tx);
      const values = normalizePlan(body, true);
      const row = await this.repo.insert(tx, { ...values, ownerOrganizationId: ctx.tenant.organizationId });
      this.claimsChange(tx);
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'Plan', referenceId: row.id, newData: publicPlan(row) });
      return publicPlan(row);
    });
  }

  async update(ctx: Actor, body: SchemaType<typeof updatePlanSchema>) {
    return this.uow.run(async (tx) => {
      const current = await this.managed(tx, ctx, body.id);
      const row = await this.repo.update(tx, current.id, normalizePlan(body, false));
      this.claimsChange(tx);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'Plan', referenceId: row.id, oldData: publicPlan(current), newData: publicPlan(row) });
      return publicPlan(row);
    });
  }

  async delete(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const current = await this.managed(tx, ctx, id);
      await this.repo.softDelete(tx, id);
      this.claimsChange(tx);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'Plan', referenceId: id, oldData: publicPlan(current) });
      return null;
    });
  }

  async list(ctx: Actor, query: { forPurchase?: boolean }) {
    const rows = query.forPurchase ? await this.repo.listPurchasable(ctx.tenant.path) : await this.repo.listManaged(ctx.tenant);
    return { items: rows.map(publicPlan), totalCount: rows.length };
  }

  /** `Plans/GetPlan/{id}` (the public plan page of a signed-in user): a plan the caller manages or may buy. */
  async get(ctx: Actor, id: number) {
    const row = (await this.repo.findManaged(ctx.tenant, id)) ?? (await this.repo.findPurchasable(ctx.tenant.path, id));
    if (!row) throw notFound('billing.planNotFound');
    return publicPlan(row);
  }

  async buy(ctx: Actor, body: SchemaType<typeof buyPlanSchema>) {
    return this.uow.run(async (tx) => {
      const buyer = await this.organizations.findById(ctx.tenant.organizationId, tx);
      if (!buyer || buyer.type === 'system') throw forbidden('billing.systemPays');
      const earlier = await this.repo.findPurchaseByRequest(tx, buyer.id, body.requestId);
      if (earlier) return this.repeat(earlier, body.planId);
      const plan = await this.repo.findPurchasable(buyer.path, body.planId, tx);
      if (!plan) throw notFound('billing.planNotFound');
      const bought = await this.repo.hasBought(tx, buyer.id, plan.id);
      const kind = bought ? 'extend' : 'buy';
      if (kind === 'extend' && plan.extentionPrice === null) throw fieldError('planId', 'billing.planNotExtendable');
      const amount = BigInt(kind === 'extend' ? (plan.extentionPrice as string) : plan.planPrice);
      const purchase = await this.repo.insertPurchase(tx, {
        planId: plan.id, organizationId: buyer.id, userId: ctx.principal.userId, requestId: body.requestId, kind, planTitle: plan.title,
        amount: amount.toString(), createdByUserName: ctx.principal.userName,
      });
      if (!purchase) return this.repeat((await this.repo.findPurchaseByRequest(tx, buyer.id, body.requestId))!, body.planId);

      const accountId = await this.billing.organizationAccountId(tx, buyer.id);
      const [account] = await this.billing.lockAccounts(tx, [accountId]);
      const entry = await this.billing.debit(tx, {
        accountId, amount, limit: buyer.isPostpaid ? BigInt(account.creditLimit) : 0n, typeCreditChange: kind === 'extend' ? 'ExtendedPanel' : 'BuyPanel',
        referenceType: 'plan', referenceId: plan.id, idempotencyKey: `plan:${purchase.id}`, description: `Plan ${plan.title}`.slice(0, 500),
        createdByUserId: ctx.principal.userId, createdByUserName: ctx.principal.userName,
      });
      if (!entry) throw badRequest('billing.OrganizationCreditNotEnough', {}, [{ propertyName: 'planId', key: 'billing.OrganizationCreditNotEnough' }]);
      for (const moduleId of plan.modules) {
        await this.repo.grantModuleByPlan(tx, buyer.id, moduleId, plan.id);
      }
      this.claimsChange(tx);
      const done = await this.repo.setPurchaseLedgerEntry(tx, purchase.id, entry.id);
      const { invoice } = await this.invoices.issueForPlanPurchase(tx, done.id);
      await this.audit.record(tx, ctx, {
        operationType: kind === 'extend' ? 'ExtendPlan' : 'BuyPlan', className: 'Plan', referenceId: plan.id, organizationId: buyer.id,
        newData: { purchaseId: done.id, requestId: body.requestId, amount: amount.toString(), modules: plan.modules, currentCredit: entry.currentCredit },
      });
      return { purchase: publicPurchase(done), applied: true, currentCredit: entry.currentCredit, modules: plan.modules, invoiceId: invoice.id };
    });
  }

  private repeat(earlier: Record<string, any>, planId: number) {
    if (earlier.planId !== planId) throw conflict('billing.requestIdReused', {}, [{ propertyName: 'requestId', key: 'billing.requestIdReused' }]);
    return { purchase: publicPurchase(earlier), applied: false };
  }

  private async managed(tx: Tx, ctx: Actor, id: number): Promise<PlanRow> {
    const row = await this.repo.findManaged(ctx.tenant, id, tx);
    if (!row) throw notFound('billing.planNotFound');
    return row;
  }

  private async assertOwner(ctx: Actor, tx: Tx): Promise<void> {
    const org = await this.organizations.findById(ctx.tenant.organizationId, tx);
    if (!ctx.tenant.subtree || !org || (org.type !== 'system' && org.type !== 'reseller')) throw forbidden('billing.ownerSystemOrReseller');
  }
}

function normalizePlan(body: Omit<SchemaType<typeof updatePlanSchema>, 'id'>, creating: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of ['title', 'planType', 'planInformation', 'isActive'] as const) if (body[f] !== undefined) out[f] = body[f];
  if (body.planPrice !== undefined || creating) {
    const v = toAmount(body.planPrice, 'planPrice');
    if (v <= 0n) throw fieldError('planPrice', 'billing.amountInvalid', { field: 'planPrice' });
    out.planPrice = v.toString();
  }
  if (body.extentionPrice !== undefined) {
    if (body.extentionPrice === null) out.extentionPrice = null;
    else {
      const v = toAmount(body.extentionPrice, 'extentionPrice');
      if (v <= 0n) throw fieldError('extentionPrice', 'billing.amountInvalid', { field: 'extentionPrice' });
      out.extentionPrice = v.toString();
    }
  }
  if (body.modules !== undefined) {
    const list = body.modules;
    list.forEach((m, i) => { if (!MODULE_IDS.has(m)) throw fieldError(`modules[${i}]`, 'billing.moduleUnknown'); });
    out.modules = JSON.stringify([...new Set(list)]);
  }
  return out;
}
