import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage, lazySignedInPage } from '../../shared/app/lazy-page';
import { financialTexts } from './financial.i18n';

const invoicePage = lazyPage(() => import('./invoice-page'), (m) => m.InvoicePage);

export const financialFeature: FeatureManifest = {
  key: 'financial',
  texts: [financialTexts],
  routes: [
    { path: 'financial/credit', lazy: lazyPage(() => import('./credit-page'), (m) => m.CreditPage) },
    { path: 'financial/transactions', lazy: lazyPage(() => import('./transactions-page'), (m) => m.TransactionsPage) },
    { path: 'financial/payments', lazy: lazyPage(() => import('./payments-page'), (m) => m.PaymentsPage) },
    { path: 'financial/tariffs', lazy: lazyPage(() => import('./tariffs-page'), (m) => m.TariffsPage) },
    { path: 'financial/packages', lazy: lazyPage(() => import('./packages-page'), (m) => m.PackagesPage) },
    { path: 'financial/discounts', lazy: lazyPage(() => import('./discounts-page'), (m) => m.DiscountsPage) },
    { path: 'financial/online-payment', lazy: lazyPage(() => import('./online-payment-page'), (m) => m.OnlinePaymentPage) },
    // The gateway's return: the server's callback page links here with the outcome.
    { path: 'financial/online-payment/result', lazy: lazyPage(() => import('./online-payment-page'), (m) => m.OnlinePaymentResultPage) },
    { path: 'financial/gateways', lazy: lazyPage(() => import('./payment-gateways-page'), (m) => m.PaymentGatewaysPage) },
    { path: 'financial/accounts', lazy: lazyPage(() => import('./payment-gateways-page'), (m) => m.AccountInformationsPage) },
    { path: 'financial/invoices/:id', lazy: invoicePage },
    { path: 'financial/pre-invoices/:id', lazy: lazyPage(() => import('./pre-invoice-page'), (m) => m.PreInvoicePage) },
    { path: 'financial/plans', lazy: lazyPage(() => import('./plans-page'), (m) => m.PlansPage) },
    { path: 'financial/modules', lazy: lazyPage(() => import('./modules-page'), (m) => m.ModulesPage) },
    // Lists link an invoice by what it is for, without knowing its id.
    { path: 'financial/invoice/:kind/:referenceId', lazy: invoicePage },
  ],
  // The public plan page has no panel chrome; a visitor signs in and comes back to it.
  outerRoutes: [{ path: 'plan/:planId', lazy: lazySignedInPage(() => import('./plan-page'), (m) => m.PlanPage) }],
  menu: [
    { section: 'Financial', order: 10, path: '/financial/credit', titleKey: 'menu.credit', claim: 'Financial.View' },
    { section: 'Financial', order: 20, path: '/financial/transactions', titleKey: 'financial:menu.transactions', claim: 'Financial.View' },
    { section: 'Financial', order: 30, path: '/financial/payments', titleKey: 'financial:menu.payments', claim: 'Financial.Payments' },
    { section: 'Financial', order: 35, path: '/financial/online-payment', titleKey: 'financial:menu.online', claim: 'Financial.Payments' },
    { section: 'Financial', order: 40, path: '/financial/packages', titleKey: 'financial:menu.packages', claim: 'Financial.View' },
    { section: 'Financial', order: 50, path: '/financial/tariffs', titleKey: 'financial:menu.tariffs', claim: 'Financial.Tariffs' },
    { section: 'Financial', order: 52, path: '/financial/plans', titleKey: 'financial:menu.plans', claim: 'Financial.Tariffs' },
    { section: 'Financial', order: 54, path: '/financial/modules', titleKey: 'financial:menu.modules', claim: 'Financial.Tariffs' },
    { section: 'Financial', order: 60, path: '/financial/discounts', titleKey: 'financial:menu.discounts', claim: 'Financial.Tariffs' },
    { section: 'Financial', order: 70, path: '/financial/gateways', titleKey: 'financial:menu.gateways', claim: 'Financial.Tariffs' },
    { section: 'Financial', order: 80, path: '/financial/accounts', titleKey: 'financial:menu.accounts', claim: 'Financial.Tariffs' },
  ],
};
