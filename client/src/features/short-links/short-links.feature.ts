import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { shortLinksTexts } from './short-links.i18n';

/** Short links (server module engage, issue 28): the spec's "short links" screen in the Services section. */
export const shortLinksFeature: FeatureManifest = {
  key: 'short-links',
  texts: [shortLinksTexts],
  routes: [
    { path: 'services/short-links', lazy: lazyPage(() => import('./short-links-page'), (m) => m.ShortLinksPage) },
    { path: 'services/short-links/:id', lazy: lazyPage(() => import('./short-link-detail-page'), (m) => m.ShortLinkDetailPage) },
  ],
  menu: [
    { section: 'Services', order: 20, path: '/services/short-links', titleKey: 'shortLinks:menu.shortLinks', claim: 'Services.Use' },
  ],
};
