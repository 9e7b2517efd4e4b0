import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { usersTexts } from './users.i18n';

export const usersFeature: FeatureManifest = {
  key: 'users',
  texts: [usersTexts],
  routes: [{ path: 'users', lazy: lazyPage(() => import('./users-page'), (m) => m.UsersPage) }],
  menu: [{ section: 'SystemManagement', order: 20, path: '/users', titleKey: 'menu.users', claim: 'Users.View' }],
};
