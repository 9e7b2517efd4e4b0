import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { developerTexts } from './developer.i18n';

export const developerFeature: FeatureManifest = {
  key: 'developer',
  texts: [developerTexts],
  routes: [{ path: 'developer/api-tokens', lazy: lazyPage(() => import('./api-tokens-page'), (m) => m.ApiTokensPage) }],
  // Every signed-in user manages their own tokens (the server guards each one by owner and tenant).
  menu: [{ section: 'Setting', order: 60, path: '/developer/api-tokens', titleKey: 'developer:menu.apiTokens' }],
};
