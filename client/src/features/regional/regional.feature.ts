import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { regionalTexts } from './regional.i18n';

/** The regional send (server module targeting): filters over the number bank, counts and price, never a number. */
export const regionalFeature: FeatureManifest = {
  key: 'regional',
  texts: [regionalTexts],
  routes: [{ path: 'sending/regional', lazy: lazyPage(() => import('./regional-send-page'), (m) => m.RegionalSendPage) }],
  menu: [{ section: 'Sending', order: 25, path: '/sending/regional', titleKey: 'regional:title', claim: 'Sending.Bulk' }],
};
