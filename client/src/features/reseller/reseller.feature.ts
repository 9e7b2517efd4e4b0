import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { resellerTexts } from './reseller.i18n';

/** A reseller's margin and targets (server module billing, "Resellers"): the reseller sees its own, an organization above it picks it and sets its targets. */
export const resellerFeature: FeatureManifest = {
  key: 'reseller',
  texts: [resellerTexts],
  routes: [
    { path: 'reseller/margin', lazy: lazyPage(() => import('./margin-page'), (m) => m.MarginPage) },
    { path: 'reseller/targets', lazy: lazyPage(() => import('./targets-page'), (m) => m.TargetsPage) },
  ],
  menu: [
    { section: 'Financial', order: 90, path: '/reseller/margin', titleKey: 'reseller:menu.margin', claim: 'Financial.ResellerMargin' },
    { section: 'Financial', order: 95, path: '/reseller/targets', titleKey: 'reseller:menu.targets', claim: 'Financial.ResellerMargin' },
  ],
};
