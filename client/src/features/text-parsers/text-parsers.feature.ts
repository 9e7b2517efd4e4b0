import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { textParsersTexts } from './text-parsers.i18n';

/** Text parsers (server module inbound): automatic answers and actions on inbound messages, beside the inbox. */
export const textParsersFeature: FeatureManifest = {
  key: 'text-parsers',
  texts: [textParsersTexts],
  routes: [
    { path: 'inbox/text-parsers', lazy: lazyPage(() => import('./text-parsers-page'), (m) => m.TextParsersPage) },
    { path: 'inbox/text-parsers/:id', lazy: lazyPage(() => import('./text-parser-form-page'), (m) => m.TextParserFormPage) },
  ],
  menu: [{ section: 'SmsReports', order: 21, path: '/inbox/text-parsers', titleKey: 'textParsers:menu.textParsers', claim: 'SmsReports.Inbox' }],
};
