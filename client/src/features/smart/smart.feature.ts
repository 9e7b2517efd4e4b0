import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { mapTexts } from '../../shared/map/map.i18n';
import { smartTexts } from './smart.i18n';

/**
 * The smart area (server module targeting): personal places and smart requests for holders of the
 * smart-send claim; public places for system administrators (the server refuses others' writes).
 */
export const smartFeature: FeatureManifest = {
  key: 'smart',
  texts: [smartTexts, mapTexts],
  routes: [
    { path: 'smart/places', lazy: lazyPage(() => import('./places-page'), (m) => m.MyPlacesPage) },
    { path: 'smart/public-places', lazy: lazyPage(() => import('./places-page'), (m) => m.PublicPlacesPage) },
    { path: 'smart/requests', lazy: lazyPage(() => import('./smart-requests-page'), (m) => m.SmartRequestsPage) },
  ],
  menu: [
    { section: 'Sending', order: 60, path: '/smart/requests', titleKey: 'smart:menu.requests', claim: 'Sending.Smart' },
    { section: 'Sending', order: 61, path: '/smart/places', titleKey: 'smart:menu.places', claim: 'Sending.Smart' },
    { section: 'Infrastructure', order: 41, path: '/smart/public-places', titleKey: 'smart:menu.publicPlaces', claim: 'Infrastructure.SenderAgents' },
  ],
};
