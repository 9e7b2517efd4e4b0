import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { alertsTexts } from './alerts.i18n';

/** Alert and notification settings (server module alerts). */
export const alertsFeature: FeatureManifest = {
  key: 'alerts',
  texts: [alertsTexts],
  routes: [{ path: 'settings/alerts', lazy: lazyPage(() => import('./alert-settings-page'), (m) => m.AlertSettingsPage) }],
  menu: [{ section: 'Setting', order: 45, path: '/settings/alerts', titleKey: 'alerts:menu', claim: 'Setting.Manage' }],
};
