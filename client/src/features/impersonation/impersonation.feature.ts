import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { impersonationTexts } from './impersonation.i18n';

export const impersonationFeature: FeatureManifest = {
  key: 'impersonation',
  texts: [impersonationTexts],
  routes: [{ path: 'impersonations', lazy: lazyPage(() => import('./impersonation-history-page'), (m) => m.ImpersonationHistoryPage) }],
  menu: [{ section: 'SystemManagement', order: 50, path: '/impersonations', titleKey: 'menu.impersonations', claim: 'Users.Impersonate' }],
};
