import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
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

/**
 * Around every route: a new page opens at the top, and back/forward returns to where the page was
 * (react-router keeps the positions per history entry). Without it a menu click kept the old page's
 * scroll, and the new page opened half-way down.
 */
function RouterFrame() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export function buildRoutes(features: FeatureManifest[] = FEATURES): RouteObject[] {
  return [{ Component: RouterFrame, children: pageRoutes(features) }];
}

function pageRoutes(features: FeatureManifest[]): RouteObject[] {
  return [
    { path: 'auth-callback', Component: AuthCallbackPage },
    { path: 'kibana', Component: OuterPlaceholder },
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
