import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '../shared/auth/guards';
import { NotFoundPage } from './pages/not-found';
import { PlaceholderPage } from './pages/placeholder-page';
import { AuthCallbackPage } from './pages/auth-callback';

// Areas load lazily: the login route carries only the shell and the account area.
const mainArea = () => import('./layout/main-layout').then((m) => ({ Component: m.MainLayout }));
const guardedMain = async () => {
  const { Component } = await mainArea();
  return { Component: () => <RequireAuth><Component /></RequireAuth> };
};

export const mainChildren: RouteObject[] = [
  { index: true, lazy: () => import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })) },
  { path: 'profile', lazy: () => import('../features/account/profile-page').then((m) => ({ Component: m.ProfilePage })) },
  { path: 'sessions', lazy: () => import('../features/account/sessions-page').then((m) => ({ Component: m.SessionsPage })) },
  { path: 'login-history', lazy: () => import('../features/account/login-history-page').then((m) => ({ Component: m.LoginHistoryPage })) },
  { path: 'section/:sectionKey', Component: PlaceholderPage },
  { path: '*', Component: NotFoundPage },
];

export function buildRoutes(extra: RouteObject[] = []): RouteObject[] {
  return [
    { path: 'auth-callback', Component: AuthCallbackPage },
    {
      path: 'account',
      lazy: () => import('../features/account/account-layout').then((m) => ({ Component: m.AccountLayout })),
      children: [
        { path: 'login', lazy: () => import('../features/account/login-page').then((m) => ({ Component: m.LoginPage })) },
        { path: 'change-password', lazy: () => import('../features/account/change-password-page').then((m) => ({ Component: m.ChangePasswordPage })) },
        { index: true, lazy: () => import('../features/account/login-page').then((m) => ({ Component: m.LoginPage })) },
      ],
    },
    { path: 'landing-page/:organizationName', Component: PlaceholderPage },
    { path: 'kibana', Component: PlaceholderPage },
    { path: 'documentation/*', Component: () => <RequireAuth><PlaceholderPage /></RequireAuth> },
    {
      path: 'plan/:planId',
      lazy: () => import('../features/financial/plan-page').then((m) => ({ Component: () => <RequireAuth><m.PlanPage /></RequireAuth> })),
    },
    { path: 'form/:id', Component: PlaceholderPage },
    { path: 'online-survey/:id', Component: PlaceholderPage },
    // '' and the single-segment catch-all load the same main layout area.
    { path: '/', lazy: guardedMain, children: [...extra, ...mainChildren] },
  ];
}

export const createAppRouter = (extra: RouteObject[] = []) => createBrowserRouter(buildRoutes(extra));
