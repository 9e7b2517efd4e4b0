import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { numberPurchaseTexts } from './number-purchase.i18n';

/**
 * Sender-number purchase and transfer (server: numbers CONTEXT.md "Number purchase and transfer").
 * Buying has no claim of its own: any signed-in user sees the page, the server lets only an
 * organization's administrators pay from its credit. Review, prices and transfers are for line managers.
 */
export const numberPurchaseFeature: FeatureManifest = {
  key: 'numberPurchase',
  texts: [numberPurchaseTexts],
  routes: [
    { path: 'numbers/buy', lazy: lazyPage(() => import('./buy-number-page'), (m) => m.BuyNumberPage) },
    { path: 'numbers/requests', lazy: lazyPage(() => import('./number-requests-page'), (m) => m.NumberRequestsPage) },
    { path: 'numbers/transfers', lazy: lazyPage(() => import('./number-transfers-page'), (m) => m.NumberTransfersPage) },
  ],
  menu: [
    { section: 'Infrastructure', order: 40, path: '/numbers/buy', titleKey: 'numberPurchase:menu.buy' },
    { section: 'Infrastructure', order: 42, path: '/numbers/requests', titleKey: 'numberPurchase:menu.review', claim: 'Infrastructure.PrivateNumbers' },
    { section: 'Infrastructure', order: 44, path: '/numbers/transfers', titleKey: 'numberPurchase:menu.transfers', claim: 'Infrastructure.PrivateNumbers' },
  ],
};
