import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { organizationsTexts } from './organizations.i18n';

export const organizationsFeature: FeatureManifest = {
  key: 'organizations',
  texts: [organizationsTexts],
  routes: [{ path: 'organizations', lazy: lazyPage(() => import('./organizations-page'), (m) => m.OrganizationsPage) }],
  menu: [{ section: 'SystemManagement', order: 10, path: '/organizations', titleKey: 'menu.organizations', claim: 'Organizations.View' }],
};
