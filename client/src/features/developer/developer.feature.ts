import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { developerTexts } from './developer.i18n';
import { webhooksTexts } from './webhooks.i18n';
import { apiDocsTexts } from './api-docs.i18n';
import { otpFormatsTexts } from './otp-formats.i18n';

/** Integrator tools: API tokens, and the link to the server's OpenAPI documentation (Swagger UI at <api root>/docs/). */
export const developerFeature: FeatureManifest = {
  key: 'developer',
  texts: [developerTexts, webhooksTexts, apiDocsTexts, otpFormatsTexts],
  routes: [
    { path: 'developer/api-tokens', lazy: lazyPage(() => import('./api-tokens-page'), (m) => m.ApiTokensPage) },
    { path: 'developer/api-tokens/:id', lazy: lazyPage(() => import('./api-token-detail-page'), (m) => m.ApiTokenDetailPage) },
    { path: 'developer/api-docs', lazy: lazyPage(() => import('./api-docs-page'), (m) => m.ApiDocsPage) },
    { path: 'developer/webhooks', lazy: lazyPage(() => import('./webhooks-page'), (m) => m.WebhooksPage) },
    { path: 'developer/otp-formats', lazy: lazyPage(() => import('./otp-formats-page'), (m) => m.OtpFormatsPage) },
    { path: 'developer/webhooks/:id/deliveries', lazy: lazyPage(() => import('./webhook-deliveries-page'), (m) => m.WebhookDeliveriesPage) },
    { path: 'developer/smpp-accounts', lazy: lazyPage(() => import('./smpp-accounts-page'), (m) => m.SmppAccountsPage) },
  ],
  menu: [
    // Every signed-in user manages their own tokens (the server guards each one by owner and tenant).
    { section: 'Setting', order: 60, path: '/developer/api-tokens', titleKey: 'developer:menu.apiTokens' },
    // The v1 calls with samples, read from the OpenAPI document; claim-free like the tokens it explains.
    { section: 'Setting', order: 60.5, path: '/developer/api-docs', titleKey: 'apidocs:menu' },
    { section: 'Setting', order: 61, path: '/developer/webhooks', titleKey: 'webhooks:menu' },
    { section: 'Setting', order: 62, path: '/developer/otp-formats', titleKey: 'otpFormats:menu' },
    // Whoever manages lines manages SMPP accounts (the server checks the same claim).
    { section: 'Setting', order: 70, path: '/developer/smpp-accounts', titleKey: 'developer:menu.smppAccounts', claim: 'Infrastructure.PrivateNumbers' },
    // Claim-free: the document lists every route; what a caller may do is still decided per route by the server.
    { section: 'Setting', order: 90, path: '/docs/', titleKey: 'developer:menu.documentation', opens: 'api-new-tab' },
  ],
};
