import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { rolesTexts } from './roles.i18n';

export const rolesFeature: FeatureManifest = {
  key: 'roles',
  texts: [rolesTexts],
  routes: [
    { path: 'roles', lazy: lazyPage(() => import('./roles-page'), (m) => m.RolesPage) },
    { path: 'role-templates', lazy: lazyPage(() => import('./role-templates-page'), (m) => m.RoleTemplatesPage) },
  ],
  menu: [
    { section: 'SystemManagement', order: 30, path: '/roles', titleKey: 'menu.roles', claim: 'Roles.View' },
    { section: 'SystemManagement', order: 40, path: '/role-templates', titleKey: 'menu.roleTemplates', claim: 'RoleTemplates.Manage' },
  ],
};
