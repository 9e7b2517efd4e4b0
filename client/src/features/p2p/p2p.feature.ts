import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { p2pTexts } from './p2p.i18n';

export const p2pFeature: FeatureManifest = {
  key: 'p2p',
  texts: [p2pTexts],
  routes: [{ path: 'sending/p2p', lazy: lazyPage(() => import('./p2p-send-page'), (m) => m.P2PSendPage) }],
  menu: [{ section: 'Sending', order: 25, path: '/sending/p2p', titleKey: 'p2p:menu', claim: 'Sending.Bulk' }],
};
