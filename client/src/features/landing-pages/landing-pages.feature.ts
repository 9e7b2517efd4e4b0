import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { landingPagesTexts } from './landing-pages.i18n';

/** Landing pages (server module engage, `LandingPages/*`): the builder in Services, the public page outside the layout. */
export const landingPagesFeature: FeatureManifest = {
  key: 'landing-pages',
  texts: [landingPagesTexts],
  routes: [
    { path: 'services/landing-pages', lazy: lazyPage(() => import('./landing-pages-page'), (m) => m.LandingPagesPage) },
    { path: 'services/landing-pages/:id', lazy: lazyPage(() => import('./landing-page-builder-page'), (m) => m.LandingPageBuilderPage) },
  ],
  // Public, no sign-in (the spec's `landing-page/{organizationName}`; a slug picks one of its pages).
  outerRoutes: [
    { path: 'landing-page/:organizationName', lazy: lazyPage(() => import('./public-landing-page'), (m) => m.PublicLandingPage) },
    { path: 'landing-page/:organizationName/:slug', lazy: lazyPage(() => import('./public-landing-page'), (m) => m.PublicLandingPage) },
  ],
  menu: [
    { section: 'Services', order: 20, path: '/services/landing-pages', titleKey: 'landingPages:menu.landingPages', claim: 'Services.Use' },
  ],
};
