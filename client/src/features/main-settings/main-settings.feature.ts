import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { mainSettingsTexts } from './main-settings.i18n';

export const mainSettingsFeature: FeatureManifest = {
  key: 'main-settings',
  texts: [mainSettingsTexts],
  routes: [{ path: 'infrastructure/main-settings', lazy: lazyPage(() => import('./main-settings-page'), (m) => m.MainSettingsPage) }],
  menu: [{ section: 'Infrastructure', order: 90, path: '/infrastructure/main-settings', titleKey: 'mainSettings:menu', claim: 'Infrastructure.MainSettings' }],
};
