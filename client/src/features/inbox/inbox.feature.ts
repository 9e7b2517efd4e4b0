import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { inboxTexts } from './inbox.i18n';
import { InboxMenuBadge } from './inbox-live';

export const inboxFeature: FeatureManifest = {
  key: 'inbox',
  texts: [inboxTexts],
  routes: [
    { path: 'inbox', lazy: lazyPage(() => import('./inbox-page'), (m) => m.InboxPage) },
    { path: 'inbox/groups', lazy: lazyPage(() => import('./inbox-groups-page'), (m) => m.InboxGroupsPage) },
  ],
  menu: [
    { section: 'SmsReports', order: 20, path: '/inbox', titleKey: 'menu.inbox', claim: 'SmsReports.Inbox', badge: InboxMenuBadge },
    { section: 'SmsReports', order: 21, path: '/inbox/groups', titleKey: 'inbox:menu.groups', claim: 'SmsReports.Inbox' },
  ],
};
