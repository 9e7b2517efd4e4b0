import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { sendQueueTexts } from './send-queue.i18n';

export const sendQueueFeature: FeatureManifest = {
  key: 'send-queue',
  texts: [sendQueueTexts],
  routes: [{ path: 'send-queue', lazy: lazyPage(() => import('./send-queue-page'), (m) => m.SendQueuePage) }],
  menu: [{ section: 'Sending', order: 40, path: '/send-queue', titleKey: 'sending:menu.sendQueue', claim: 'Sending.Confirm' }],
};
