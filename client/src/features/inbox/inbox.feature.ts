import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { inboxTexts } from './inbox.i18n';

export const inboxFeature: FeatureManifest = {
  key: 'inbox',
  texts: [inboxTexts],
  routes: [{ path: 'inbox', lazy: lazyPage(() => import('./inbox-page'), (m) => m.InboxPage) }],
  menu: [{ section: 'SmsReports', order: 20, path: '/inbox', titleKey: 'menu.inbox', claim: 'SmsReports.Inbox' }],
};
