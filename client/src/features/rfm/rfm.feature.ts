import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { rfmTexts } from './rfm.i18n';

/** RFM (server module insight, "RFM"): a reseller's customers ranked by the nightly points, and the point strategy. */
export const rfmFeature: FeatureManifest = {
  key: 'rfm',
  texts: [rfmTexts],
  routes: [{ path: 'rfm', lazy: lazyPage(() => import('./rfm-page'), (m) => m.RfmPage) }],
  menu: [{ section: 'SmsReports', order: 40, path: '/rfm', titleKey: 'rfm:menu', claim: 'SmsReports.Rfm' }],
};
