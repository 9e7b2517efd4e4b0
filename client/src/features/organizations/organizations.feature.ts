import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { organizationsTexts } from './organizations.i18n';
import { customerDomainsTexts } from './customer-domains.i18n';

export const organizationsFeature: FeatureManifest = {
  key: 'organizations',
  texts: [organizationsTexts, customerDomainsTexts],
  routes: [
    { path: 'organizations', lazy: lazyPage(() => import('./organizations-page'), (m) => m.OrganizationsPage) },
    { path: 'organizations/domains', lazy: lazyPage(() => import('./customer-domains-page'), (m) => m.CustomerDomainsPage) },
    { path: 'organizations/domains/:id', lazy: lazyPage(() => import('./customer-domain-form-page'), (m) => m.CustomerDomainFormPage) },
  ],
  menu: [
    { section: 'SystemManagement', order: 10, path: '/organizations', titleKey: 'menu.organizations', claim: 'Organizations.View' },
    { section: 'SystemManagement', order: 11, path: '/organizations/domains', titleKey: 'customerDomains:menu.domains', claim: 'CustomerDomains.Manage' },
  ],
};
