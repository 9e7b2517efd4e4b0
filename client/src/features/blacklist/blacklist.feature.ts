import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { blacklistTexts } from './blacklist.i18n';

export const blacklistFeature: FeatureManifest = {
  key: 'blacklist',
  texts: [blacklistTexts],
  routes: [{ path: 'blacklist', lazy: lazyPage(() => import('./blacklist-page'), (m) => m.BlacklistPage) }],
  menu: [{ section: 'Setting', order: 40, path: '/blacklist', titleKey: 'sending:menu.blacklist', claim: 'Setting.Manage' }],
};
