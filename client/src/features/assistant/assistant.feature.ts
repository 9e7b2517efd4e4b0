import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage, lazySignedInPage } from '../../shared/app/lazy-page';
import { assistantTexts } from './assistant.i18n';
import { AssistantLauncher } from './assistant-launcher';

/**
 * The chat assistant and the documentation viewer (server: engage, part assistant). The FAQ
 * administration replaces the Configuration section's placeholder (Configuration.Manage); the
 * viewer is the spec's `documentation` and `documentation/**` (signed in, outside the main layout);
 * the chat's button sits on every page of the main layout.
 */
export const assistantFeature: FeatureManifest = {
  key: 'assistant',
  texts: [assistantTexts],
  routes: [
    { path: 'configuration/assistant', lazy: lazyPage(() => import('./assistant-admin-page'), (m) => m.AssistantAdminPage) },
  ],
  outerRoutes: [
    { path: 'documentation/*', lazy: lazySignedInPage(() => import('./documentation-page'), (m) => m.DocumentationPage) },
  ],
  menu: [
    { section: 'Configuration', order: 10, path: '/configuration/assistant', titleKey: 'assistant:menu.faq', claim: 'Configuration.Manage' },
  ],
  widgets: [AssistantLauncher],
};
