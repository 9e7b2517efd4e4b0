import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { patternsTexts } from './patterns.i18n';

/** Saved patterns and their send to phonebooks (`CreateFastPatternScheduledMessageByPhonebook`). */
export const patternsFeature: FeatureManifest = {
  key: 'patterns',
  texts: [patternsTexts],
  routes: [
    { path: 'sending/patterns', lazy: lazyPage(() => import('./patterns-page'), (m) => m.PatternsPage) },
    { path: 'sending/pattern-send', lazy: lazyPage(() => import('./pattern-send-page'), (m) => m.PatternSendPage) },
  ],
  menu: [
    // Patterns exist to be sent to phonebooks: both entries follow the bulk send's claim.
    { section: 'Sending', order: 35, path: '/sending/patterns', titleKey: 'patterns:menu.patterns', claim: 'Sending.Bulk' },
    { section: 'Sending', order: 36, path: '/sending/pattern-send', titleKey: 'patterns:menu.send', claim: 'Sending.Bulk' },
  ],
};
