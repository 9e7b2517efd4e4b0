import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { dashboardTexts } from './dashboard.i18n';
import { dashboardChartsTexts } from './dashboard-charts.i18n';

/** The home screen; its texts are the account namespace's, the first-run checklist's and the charts' their own. */
export const dashboardFeature: FeatureManifest = {
  key: 'dashboard',
  texts: [dashboardTexts, dashboardChartsTexts],
  routes: [{ index: true, lazy: lazyPage(() => import('./dashboard-page'), (m) => m.DashboardPage) }],
  menu: [{ section: 'Dashboard', order: 10, path: '/', titleKey: 'menu.dashboardHome', claim: 'Dashboard.View' }],
};
