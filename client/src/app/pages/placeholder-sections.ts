import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { PlaceholderPage } from './placeholder-page';

/** Menu sections of the spec whose screens are not built yet: one placeholder page each. */
export const placeholderSections: FeatureManifest = {
  key: 'placeholder-sections',
  routes: [{ path: 'section/:sectionKey', Component: PlaceholderPage }],
  menu: [
    { section: 'Configuration', order: 10, path: '/section/configuration', titleKey: 'menu.configuration', claim: 'Configuration.Manage' },
    { section: 'Facility', order: 10, path: '/section/facility', titleKey: 'menu.facility', claim: 'Facility.Use' },
    { section: 'CustomersClub', order: 10, path: '/section/club', titleKey: 'menu.customersClub', claim: 'CustomersClub.Manage' },
  ],
};
