import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { auditsTexts } from './audits.i18n';

export const auditsFeature: FeatureManifest = {
  key: 'audits',
  texts: [auditsTexts],
  routes: [{ path: 'audits', lazy: lazyPage(() => import('./audits-page'), (m) => m.AuditsPage) }],
  menu: [{ section: 'SystemManagement', order: 60, path: '/audits', titleKey: 'menu.audits', claim: 'Audits.View' }],
};
