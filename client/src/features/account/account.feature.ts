import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { accountTexts } from './account.i18n';

const loginPage = lazyPage(() => import('./login-page'), (m) => m.LoginPage);

export const accountFeature: FeatureManifest = {
  key: 'account',
  texts: [accountTexts],
  outerRoutes: [{
    path: 'account',
    lazy: lazyPage(() => import('./account-layout'), (m) => m.AccountLayout),
    children: [
      { path: 'login', lazy: loginPage },
      { path: 'sign-up', lazy: lazyPage(() => import('./sign-up-page'), (m) => m.SignUpPage) },
      { path: 'change-password', lazy: lazyPage(() => import('./change-password-page'), (m) => m.ChangePasswordPage) },
      { index: true, lazy: loginPage },
    ],
  }],
  routes: [
    { path: 'profile', lazy: lazyPage(() => import('./profile-page'), (m) => m.ProfilePage) },
    { path: 'sessions', lazy: lazyPage(() => import('./sessions-page'), (m) => m.SessionsPage) },
    { path: 'login-history', lazy: lazyPage(() => import('./login-history-page'), (m) => m.LoginHistoryPage) },
  ],
  menu: [
    { section: 'Setting', order: 10, path: '/profile', titleKey: 'menu.profile' },
    { section: 'Setting', order: 20, path: '/sessions', titleKey: 'menu.sessions' },
    { section: 'Setting', order: 30, path: '/login-history', titleKey: 'menu.loginHistory' },
  ],
};
