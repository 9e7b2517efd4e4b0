import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { outboxTexts } from './outbox.i18n';
import { resendTexts } from './resend.i18n';

export const outboxFeature: FeatureManifest = {
  key: 'outbox',
  texts: [outboxTexts, resendTexts],
  routes: [
    { path: 'outbox', lazy: lazyPage(() => import('./outbox-page'), (m) => m.OutboxPage) },
    { path: 'outbox/:id', lazy: lazyPage(() => import('./outbox-detail-page'), (m) => m.OutboxDetailPage) },
  ],
  menu: [{ section: 'SmsReports', order: 10, path: '/outbox', titleKey: 'menu.outbox', claim: 'SmsReports.Outbox' }],
};
