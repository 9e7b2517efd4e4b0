import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { RequireAuth } from '../auth/guards';

type LazyComponent = LazyRouteFunction<RouteObject>;

/** A route's `lazy`: the page module loads (as its own chunk) when the route is first visited. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyComponent {
  return () => load().then((m) => ({ Component: pick(m) }));
}

/** The same for a page outside the main layout that needs a signed-in user (the address is kept for after sign-in). */
export function lazySignedInPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyComponent {
  return () => load().then((m) => {
    const Page = pick(m);
    return { Component: () => <RequireAuth><Page /></RequireAuth> };
  });
}
