import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { reportsTexts } from './reports.i18n';

/** Reports per user, organization and tree (server module insight, "Reports"), one route each. */
export const reportsFeature: FeatureManifest = {
  key: 'reports',
  texts: [reportsTexts],
  routes: [
    { path: 'reports/user', lazy: lazyPage(() => import('./reports-page'), (m) => m.UserReportPage) },
    { path: 'reports/organization', lazy: lazyPage(() => import('./reports-page'), (m) => m.OrganizationReportPage) },
    { path: 'reports/tree', lazy: lazyPage(() => import('./reports-page'), (m) => m.TreeReportPage) },
  ],
  menu: [
    { section: 'SmsReports', order: 50, path: '/reports/user', titleKey: 'reports:menu.user', claim: 'SmsReports.Reports' },
    { section: 'SmsReports', order: 51, path: '/reports/organization', titleKey: 'reports:menu.organization', claim: 'SmsReports.Reports' },
    { section: 'SmsReports', order: 52, path: '/reports/tree', titleKey: 'reports:menu.tree', claim: 'SmsReports.TreeReport' },
  ],
};
