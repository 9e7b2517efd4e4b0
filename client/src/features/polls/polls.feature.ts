import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { pollsTexts } from './polls.i18n';

/** Polls and competitions (server module inbound, "Polls"). */
export const pollsFeature: FeatureManifest = {
  key: 'polls',
  texts: [pollsTexts],
  routes: [
    { path: 'polls', lazy: lazyPage(() => import('./polls-page'), (m) => m.PollsPage) },
    { path: 'polls/:id', lazy: lazyPage(() => import('./poll-detail-page'), (m) => m.PollDetailPage) },
    { path: 'polls/:id/edit', lazy: lazyPage(() => import('./poll-form-page'), (m) => m.PollFormPage) },
  ],
  menu: [{ section: 'Facility', order: 20, path: '/polls', titleKey: 'polls:menu.polls', claim: 'Facility.Use' }],
};
