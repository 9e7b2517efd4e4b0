import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { dynamicTemplatesTexts } from './dynamic-templates.i18n';

/** The spec's dynamic templates: texts with contact fields that text parsers answer with and patterns take. */
export const dynamicTemplatesFeature: FeatureManifest = {
  key: 'dynamic-templates',
  texts: [dynamicTemplatesTexts],
  routes: [
    { path: 'sending/dynamic-templates', lazy: lazyPage(() => import('./dynamic-templates-page'), (m) => m.DynamicTemplatesPage) },
  ],
  menu: [
    // Templates are written for the phonebook sends (patterns) and the inbox's text parsers; the
    // entry follows the bulk send's claim like the patterns it feeds (the routes need a session only).
    { section: 'Sending', order: 34, path: '/sending/dynamic-templates', titleKey: 'dynamic-templates:menu', claim: 'Sending.Bulk' },
  ],
};
