import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { surveysTexts } from './surveys.i18n';

/** Online surveys (server module engage, "Online surveys"): the editor and results in the panel, the public page outside it. */
export const surveysFeature: FeatureManifest = {
  key: 'surveys',
  texts: [surveysTexts],
  routes: [
    { path: 'surveys', lazy: lazyPage(() => import('./surveys-page'), (m) => m.SurveysPage) },
    { path: 'surveys/:id/edit', lazy: lazyPage(() => import('./survey-editor-page'), (m) => m.SurveyEditorPage) },
    { path: 'surveys/:id/results', lazy: lazyPage(() => import('./survey-results-page'), (m) => m.SurveyResultsPage) },
  ],
  // No sign-in: the spec's "Online survey area".
  outerRoutes: [{ path: 'online-survey/:id', lazy: lazyPage(() => import('./online-survey-page'), (m) => m.OnlineSurveyPage) }],
  menu: [{ section: 'Services', order: 40, path: '/surveys', titleKey: 'surveys:menu.surveys', claim: 'Services.Use' }],
};
