import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { sendingTexts } from './sending.i18n';
import { deliveryOutcomeTexts } from './delivery-outcomes.i18n';

export const sendingFeature: FeatureManifest = {
  key: 'sending',
  texts: [sendingTexts, deliveryOutcomeTexts],
  routes: [
    { path: 'sending/single', lazy: lazyPage(() => import('./send-page'), (m) => m.SingleSendPage) },
    { path: 'sending/bulk', lazy: lazyPage(() => import('./send-page'), (m) => m.BulkSendPage) },
    { path: 'sending/periodic', lazy: lazyPage(() => import('./periodic-sends-page'), (m) => m.PeriodicSendsPage) },
  ],
  menu: [
    { section: 'Sending', order: 10, path: '/sending/single', titleKey: 'sending:menu.single', claim: 'Sending.Single' },
    { section: 'Sending', order: 20, path: '/sending/bulk', titleKey: 'sending:menu.bulk', claim: 'Sending.Bulk' },
    { section: 'Sending', order: 30, path: '/sending/periodic', titleKey: 'sending:menu.periodic', claim: 'Sending.Bulk' },
  ],
};
