import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { dashboardChartsTexts } from './dashboard-charts.i18n';

/** The home screen; its texts are the account namespace's, the charts' their own. */
export const dashboardFeature: FeatureManifest = {
  key: 'dashboard',
  texts: [dashboardChartsTexts],
  routes: [{ index: true, lazy: lazyPage(() => import('./dashboard-page'), (m) => m.DashboardPage) }],
  menu: [{ section: 'Dashboard', order: 10, path: '/', titleKey: 'menu.dashboardHome', claim: 'Dashboard.View' }],
};
