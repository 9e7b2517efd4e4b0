import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import { forbidden } from '../../platform/http/errors.js';
import { transactionsXlsx } from './transactions-export.js';
import type { CreditsService } from './credits.service.js';
import type { TariffsService } from './tariffs.service.js';
import type { MainSettingsService } from './main-settings.service.js';
import type { PaymentsService } from './payments.service.js';
import type { PackagesService } from './packages.service.js';
import type { DiscountsService } from './discounts.service.js';
import {
  creditLimitAnswer, creditViewAnswer, ledgerVerifyAnswer, mainSettingsAnswer, myCreditAnswer, organizationChargedAnswer, transactionsPageAnswer,
  userCreditChangedAnswer,
} from '../../shared/billing/credits.answers.js';
import {
  organizationTariffAnswer, priceCalculationAnswer, tariffAnswer, tariffAssignedAnswer, tariffDeletedAnswer, tariffsPageAnswer,
} from '../../shared/billing/tariffs.answers.js';
import { paymentAnswer, paymentDecisionAnswer, paymentsPageAnswer } from '../../shared/billing/payments.answers.js';
import {
  discountAnswer, discountCheckAnswer, discountDeletedAnswer, discountsPageAnswer, packageAnswer, packageBoughtAnswer, packageDeletedAnswer,
  packagePurchasesPageAnswer, packagesPageAnswer,
} from '../../shared/billing/packages.answers.js';
import {
  assignTariffSchema, calculatePriceSchema, chargeOrganizationSchema, createPaymentSchema, createTariffSchema, creditLimitSchema,
  listPaymentsQuery, listTariffsQuery, mainSettingsSchema, organizationIdQuery, paymentIdSchema, rejectPaymentSchema, transactionsQuery,
  updateTariffSchema, userCreditSchema, createPackageSchema, updatePackageSchema, listPackagesQuery, buyPackageSchema, listPurchasesQuery,
  createDiscountSchema, updateDiscountSchema, listDiscountsQuery, checkDiscountSchema,
} from './billing.schemas.js';

/** `Organizations/GetOrganizationCreditForAdmin` lives here: the organizations module knows nothing of money. */
export function organizationCreditController(credits: CreditsService): Controller {
  return {
    name: 'Organizations',
    routes: [
      userRoute({
        method: 'GET', action: 'GetOrganizationCreditForAdmin', claim: 'Financial.View', query: organizationIdQuery, answer: creditViewAnswer,
        handler: ({ ctx, query }) => credits.organizationCreditForAdmin(ctx, query.organizationId),
      }),
    ],
  };
}

export function creditsController(credits: CreditsService): Controller {
  return {
    name: 'Credits',
    routes: [
      // The organization's balance is financial information: Financial.View, like the other reads (a 403 here is silent in the client).
      { method: 'GET', action: 'GetMyCredit', claim: 'Financial.View', answer: myCreditAnswer, handler: ({ ctx }) => credits.myCredit(ctx) },
      userRoute({ method: 'POST', action: 'IncreaseUserCredit', claim: 'Users.Update', body: userCreditSchema, answer: userCreditChangedAnswer, handler: ({ ctx, body }) => credits.changeUserCredit(ctx, body, true) }),
      userRoute({ method: 'POST', action: 'DecreaseUserCredit', claim: 'Users.Update', body: userCreditSchema, answer: userCreditChangedAnswer, handler: ({ ctx, body }) => credits.changeUserCredit(ctx, body, false) }),
      userRoute({ method: 'POST', action: 'ChargeOrganization', claim: 'Financial.Payments', body: chargeOrganizationSchema, answer: organizationChargedAnswer, handler: ({ ctx, body }) => credits.chargeOrganization(ctx, body) }),
      userRoute({ method: 'POST', action: 'SetCreditLimit', claim: 'Financial.Payments', body: creditLimitSchema, answer: creditLimitAnswer, handler: ({ ctx, body }) => credits.setCreditLimit(ctx, body) }),
    ],
  };
}

export function transactionsController(credits: CreditsService): Controller {
  return {
    name: 'Transactions',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', claim: 'Financial.View', query: transactionsQuery, answer: transactionsPageAnswer, handler: ({ ctx, query }) => credits.transactions(ctx, query) }),
      // An .xlsx file, not JSON: no answer contract.
      userRoute({
        method: 'GET', action: 'Export', claim: 'Financial.View', query: transactionsQuery,
        handler: async ({ ctx, query }) => transactionsXlsx(credits.exportTransactions(ctx, query), `transactions-${new Date().toISOString().slice(0, 10)}.xlsx`),
      }),
    ],
  };
}

export function ledgerController(credits: CreditsService): Controller {
  return {
    name: 'Ledger',
    routes: [{ method: 'GET', action: 'Verify', claim: 'Infrastructure.MainSettings', answer: ledgerVerifyAnswer, handler: ({ ctx }) => credits.verify(ctx) }],
  };
}

export function tariffsController(tariffs: TariffsService): Controller {
  return {
    name: 'Tariffs',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: 'Financial.Tariffs', body: createTariffSchema, answer: tariffAnswer, handler: ({ ctx, body }) => tariffs.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: 'Financial.Tariffs', body: updateTariffSchema, answer: tariffAnswer, handler: ({ ctx, body }) => tariffs.update(ctx, body) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: 'Financial.Tariffs', params: idParamSchema, answer: tariffAnswer, handler: ({ ctx, params }) => tariffs.get(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: 'Financial.Tariffs', query: listTariffsQuery, answer: tariffsPageAnswer, handler: ({ ctx, query }) => tariffs.list(ctx, query) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: 'Financial.Tariffs', params: idParamSchema, answer: tariffDeletedAnswer, handler: ({ ctx, params }) => tariffs.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'AssignToOrganization', claim: 'Financial.Tariffs', body: assignTariffSchema, answer: tariffAssignedAnswer, handler: ({ ctx, body }) => tariffs.assign(ctx, body) }),
      // The tariff picker of the organization form and of the assignment shows the current one by id.
      userRoute({
        method: 'GET', action: 'GetOrganizationTariff', claim: 'Financial.Tariffs', query: organizationIdQuery, answer: organizationTariffAnswer,
        handler: ({ ctx, query }) => tariffs.organizationTariff(ctx, query.organizationId),
      }),
      userRoute({ method: 'POST', action: 'CalculatePrice', claim: 'Financial.View', body: calculatePriceSchema, answer: priceCalculationAnswer, successMessage: '', handler: ({ ctx, body }) => tariffs.calculatePrice(ctx, body) }),
    ],
  };
}

export function mainSettingsController(settings: MainSettingsService): Controller {
  const superAdminOnly = (scope: string) => { if (scope !== 'superAdmin') throw forbidden(); };
  return {
    name: 'MainSettings',
    routes: [
      { method: 'GET', action: 'GetAll', claim: 'Infrastructure.MainSettings', answer: mainSettingsAnswer, handler: async ({ ctx }) => { superAdminOnly(ctx.principal.scope); return settings.getAll(); } },
      userRoute({ method: 'POST', action: 'Update', claim: 'Infrastructure.MainSettings', body: mainSettingsSchema, answer: mainSettingsAnswer, handler: async ({ ctx, body }) => { superAdminOnly(ctx.principal.scope); return settings.update(ctx, body); } }),
    ],
  };
}

export function paymentsController(payments: PaymentsService): Controller {
  return {
    name: 'Payments',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: 'Financial.Payments', body: createPaymentSchema, answer: paymentAnswer, handler: ({ ctx, body }) => payments.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'ConfirmPayment', claim: 'Financial.ConfirmPayments', body: paymentIdSchema, answer: paymentDecisionAnswer, handler: ({ ctx, body }) => payments.confirm(ctx, body.id) }),
      userRoute({ method: 'POST', action: 'RejectPayment', claim: 'Financial.ConfirmPayments', body: rejectPaymentSchema, answer: paymentDecisionAnswer, handler: ({ ctx, body }) => payments.reject(ctx, body.id, body.rejectionDescription) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: 'Financial.Payments', query: listPaymentsQuery, answer: paymentsPageAnswer, handler: ({ ctx, query }) => payments.list(ctx, query) }),
    ],
  };
}

/** Packages: managed with the reseller-level Financial.Tariffs claim (pricing), read with Financial.View, bought with Financial.Payments. */
export function packagesController(packages: PackagesService): Controller {
  return {
    name: 'Packages',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: 'Financial.Tariffs', body: createPackageSchema, answer: packageAnswer, handler: ({ ctx, body }) => packages.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: 'Financial.Tariffs', body: updatePackageSchema, answer: packageAnswer, handler: ({ ctx, body }) => packages.update(ctx, body) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: 'Financial.View', params: idParamSchema, answer: packageAnswer, handler: ({ ctx, params }) => packages.get(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: 'Financial.View', query: listPackagesQuery, answer: packagesPageAnswer, handler: ({ ctx, query }) => packages.list(ctx, query) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: 'Financial.Tariffs', params: idParamSchema, answer: packageDeletedAnswer, handler: ({ ctx, params }) => packages.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Buy', claim: 'Financial.Payments', body: buyPackageSchema, answer: packageBoughtAnswer, successMessage: 'billing.packagePurchased', handler: ({ ctx, body }) => packages.buy(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetPurchases', claim: 'Financial.View', query: listPurchasesQuery, answer: packagePurchasesPageAnswer, handler: ({ ctx, query }) => packages.purchases(ctx, query) }),
    ],
  };
}

/** Discount codes: managed with Financial.Tariffs; checked by anyone who may buy (Financial.Payments). */
export function discountsController(discounts: DiscountsService): Controller {
  return {
    name: 'Discounts',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: 'Financial.Tariffs', body: createDiscountSchema, answer: discountAnswer, handler: ({ ctx, body }) => discounts.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: 'Financial.Tariffs', body: updateDiscountSchema, answer: discountAnswer, handler: ({ ctx, body }) => discounts.update(ctx, body) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: 'Financial.Tariffs', params: idParamSchema, answer: discountAnswer, handler: ({ ctx, params }) => discounts.get(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: 'Financial.Tariffs', query: listDiscountsQuery, answer: discountsPageAnswer, handler: ({ ctx, query }) => discounts.list(ctx, query) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: 'Financial.Tariffs', params: idParamSchema, answer: discountDeletedAnswer, handler: ({ ctx, params }) => discounts.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Check', claim: 'Financial.Payments', body: checkDiscountSchema, answer: discountCheckAnswer, successMessage: 'billing.discountApplied', handler: ({ ctx, body }) => discounts.check(ctx, body) }),
    ],
  };
}
