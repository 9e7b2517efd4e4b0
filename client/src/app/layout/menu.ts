import type { MenuSectionKey } from '../../shared/app/feature-manifest';
import { FEATURES } from '../features';
import type { MenuSection } from './menu-blocks';

export type { MenuItem, MenuSection } from './menu-blocks';

// The spec's section order; the items come from the feature manifests (app/features.ts).
const SECTIONS: { key: MenuSectionKey; titleKey: string }[] = [
  { key: 'Dashboard', titleKey: 'menu.dashboard' },
  { key: 'Infrastructure', titleKey: 'menu.infrastructure' },
  { key: 'SystemManagement', titleKey: 'menu.systemManagement' },
  { key: 'Sending', titleKey: 'menu.sending' },
  { key: 'Configuration', titleKey: 'menu.configuration' },
  { key: 'SmsReports', titleKey: 'menu.smsReports' },
  { key: 'Facility', titleKey: 'menu.facility' },
  { key: 'Financial', titleKey: 'menu.financial' },
  { key: 'Phonebook', titleKey: 'menu.phonebook' },
  { key: 'Setting', titleKey: 'menu.setting' },
  { key: 'Services', titleKey: 'menu.services' },
  { key: 'CustomersClub', titleKey: 'menu.customersClub' },
];

const entries = FEATURES.flatMap((f) => f.menu ?? []);

export const MENU: MenuSection[] = SECTIONS.map((section) => ({
  ...section,
  items: entries
    .filter((e) => e.section === section.key)
    .sort((a, b) => a.order - b.order)
    .map(({ path, titleKey, claim, opens, badge }) => ({ path, titleKey, claim, opens, badge })),
}));
