import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { blacklistTexts } from './blacklist.i18n';

export const blacklistFeature: FeatureManifest = {
  key: 'blacklist',
  texts: [blacklistTexts],
  routes: [
    { path: 'blacklist', lazy: lazyPage(() => import('./blacklist-page'), (m) => m.BlacklistPage) },
    { path: 'blacklist/opt-outs', lazy: lazyPage(() => import('./opt-outs-page'), (m) => m.OptOutsPage) },
  ],
  menu: [
    { section: 'Setting', order: 40, path: '/blacklist', titleKey: 'sending:menu.blacklist', claim: 'Setting.Manage' },
    { section: 'Setting', order: 41, path: '/blacklist/opt-outs', titleKey: 'blacklist:optOuts.menu', claim: 'Setting.Manage' },
  ],
};
