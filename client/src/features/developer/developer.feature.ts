import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { developerTexts } from './developer.i18n';

/** Integrator tools; for now the link to the server's OpenAPI documentation (Swagger UI at <api root>/docs/). */
export const developerFeature: FeatureManifest = {
  key: 'developer',
  texts: [developerTexts],
  // Claim-free: the document lists every route; what a caller may do is still decided per route by the server.
  menu: [{ section: 'Setting', order: 90, path: '/docs/', titleKey: 'developer:menu.documentation', opens: 'api-new-tab' }],
};
