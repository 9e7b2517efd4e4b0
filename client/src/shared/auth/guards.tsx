import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useApp } from '../app/app-context';

export const RETURN_URL_KEY = 'return-url';

/** The path plus query to come back to, with percent-encoded '%' and ':' decoded as the spec says. */
export function returnAddress(pathname: string, search: string): string {
  return `${pathname}${search}`.replace(/%25/g, '%').replace(/%3A/gi, ':');
}

/** Guarded routes open only with an access token; otherwise the address is kept and the user signs in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session } = useApp();
  const location = useLocation();
  if (session.accessToken()) return <>{children}</>;
  try {
    window.sessionStorage.setItem(RETURN_URL_KEY, returnAddress(location.pathname, location.search));
  } catch { /* without storage the user lands on '/' after sign-in */ }
  return <Navigate to="/account/login" replace />;
}

export function takeReturnAddress(): string {
  try {
    const value = window.sessionStorage.getItem(RETURN_URL_KEY);
    window.sessionStorage.removeItem(RETURN_URL_KEY);
    return value && value.startsWith('/') && !value.startsWith('/account') ? value : '/';
  } catch {
    return '/';
  }
}
