import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { voiceTexts } from './voice.i18n';

export const voiceFeature: FeatureManifest = {
  key: 'voice',
  texts: [voiceTexts],
  routes: [
    { path: 'sending/voice', lazy: lazyPage(() => import('./voice-send-page'), (m) => m.VoiceSendPage) },
    { path: 'sending/media', lazy: lazyPage(() => import('./media-list-page'), (m) => m.MediaListPage) },
    { path: 'sending/media-images', lazy: lazyPage(() => import('./media-images-page'), (m) => m.MediaImagesPage) },
  ],
  menu: [
    { section: 'Sending', order: 40, path: '/sending/voice', titleKey: 'voice:menu.voice', claim: 'Sending.Bulk' },
    { section: 'Sending', order: 50, path: '/sending/media', titleKey: 'voice:menu.media', claim: 'Sending.Bulk' },
    { section: 'Sending', order: 51, path: '/sending/media-images', titleKey: 'voice:menu.images', claim: 'Sending.Bulk' },
  ],
};
