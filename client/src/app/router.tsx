import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '../shared/auth/guards';
import type { FeatureManifest } from '../shared/app/feature-manifest';
import { lazySignedInPage } from '../shared/app/lazy-page';
import { NotFoundPage } from './pages/not-found';
import { PlaceholderPage } from './pages/placeholder-page';
import { AuthCallbackPage } from './pages/auth-callback';
import { FEATURES } from './features';
import { ContentMain } from '../shared/ui/content-main';

// Outside the main layout a page brings its own <main> landmark (inside it, the layout's serves).
const OuterPlaceholder = () => <ContentMain><PlaceholderPage /></ContentMain>;

// Areas load lazily: the login route carries only the shell and the account area.
const guardedMain = lazySignedInPage(() => import('./layout/main-layout'), (m) => m.MainLayout);

export function buildRoutes(features: FeatureManifest[] = FEATURES): RouteObject[] {
  return [
    { path: 'auth-callback', Component: AuthCallbackPage },
    { path: 'landing-page/:organizationName', Component: OuterPlaceholder },
    { path: 'kibana', Component: OuterPlaceholder },
    { path: 'documentation/*', Component: () => <RequireAuth><OuterPlaceholder /></RequireAuth> },
    { path: 'form/:id', Component: OuterPlaceholder },
    { path: 'online-survey/:id', Component: OuterPlaceholder },
    ...features.flatMap((f) => f.outerRoutes ?? []),
    // '' and the single-segment catch-all load the same main layout area.
    {
      path: '/',
      lazy: guardedMain,
      children: [...features.flatMap((f) => f.routes ?? []), { path: '*', Component: NotFoundPage }],
    },
  ];
}

export const createAppRouter = (features: FeatureManifest[] = FEATURES) => createBrowserRouter(buildRoutes(features));
