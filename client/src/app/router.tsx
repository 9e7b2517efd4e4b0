import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '../shared/auth/guards';
import type { FeatureManifest } from '../shared/app/feature-manifest';
import { lazySignedInPage } from '../shared/app/lazy-page';
import { NotFoundPage } from './pages/not-found';
import { PlaceholderPage } from './pages/placeholder-page';
import { AuthCallbackPage } from './pages/auth-callback';
import { FEATURES } from './features';

// Areas load lazily: the login route carries only the shell and the account area.
const guardedMain = lazySignedInPage(() => import('./layout/main-layout'), (m) => m.MainLayout);

export function buildRoutes(features: FeatureManifest[] = FEATURES): RouteObject[] {
  return [
    { path: 'auth-callback', Component: AuthCallbackPage },
    { path: 'landing-page/:organizationName', Component: PlaceholderPage },
    { path: 'kibana', Component: PlaceholderPage },
    { path: 'documentation/*', Component: () => <RequireAuth><PlaceholderPage /></RequireAuth> },
    { path: 'form/:id', Component: PlaceholderPage },
    { path: 'online-survey/:id', Component: PlaceholderPage },
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
