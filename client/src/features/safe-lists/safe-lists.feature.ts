import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { safeListsTexts } from './safe-lists.i18n';

/** Safe-lists (the spec's whitemessage requests): join and leave a phonebook by texting a word to a line. */
export const safeListsFeature: FeatureManifest = {
  key: 'safe-lists',
  texts: [safeListsTexts],
  routes: [{ path: 'facility/safe-lists', lazy: lazyPage(() => import('./safe-lists-page'), (m) => m.SafeListsPage) }],
  menu: [{ section: 'Facility', order: 20, path: '/facility/safe-lists', titleKey: 'safeLists:menu', claim: 'Facility.Use' }],
};
