import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { formsTexts } from './forms.i18n';

/** The form builder (server module engage, "Forms"): the panel's builder and the outer route `form/:id` (no sign-in). */
export const formsFeature: FeatureManifest = {
  key: 'forms',
  texts: [formsTexts],
  routes: [
    { path: 'forms', lazy: lazyPage(() => import('./forms-page'), (m) => m.FormsPage) },
    { path: 'forms/:id', lazy: lazyPage(() => import('./form-builder-page'), (m) => m.FormBuilderPage) },
  ],
  outerRoutes: [{ path: 'form/:id', lazy: lazyPage(() => import('./public-form-page'), (m) => m.PublicFormPage) }],
  menu: [{ section: 'Services', order: 30, path: '/forms', titleKey: 'forms:menu.forms', claim: 'Services.Use' }],
};
