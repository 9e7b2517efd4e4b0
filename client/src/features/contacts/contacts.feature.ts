import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { contactsTexts } from './contacts.i18n';
import { contactImportTexts } from './contact-import.i18n';
import { contactExportTexts } from './contact-export.i18n';

/** Phonebooks, their contacts and the organization's custom fields (server module `contacts`). */
export const contactsFeature: FeatureManifest = {
  key: 'contacts',
  texts: [contactsTexts, contactImportTexts, contactExportTexts],
  routes: [
    { path: 'phonebooks', lazy: lazyPage(() => import('./phonebooks-page'), (m) => m.PhonebooksPage) },
    { path: 'phonebooks/custom-fields', lazy: lazyPage(() => import('./custom-fields-page'), (m) => m.CustomFieldsPage) },
    { path: 'phonebooks/:id', lazy: lazyPage(() => import('./phonebook-detail-page'), (m) => m.PhonebookDetailPage) },
    { path: 'phonebooks/:id/import', lazy: lazyPage(() => import('./contact-import-page'), (m) => m.ContactImportPage) },
  ],
  menu: [
    { section: 'Phonebook', order: 10, path: '/phonebooks', titleKey: 'contacts:menu.phonebooks', claim: 'Phonebook.Manage' },
    { section: 'Phonebook', order: 20, path: '/phonebooks/custom-fields', titleKey: 'contacts:menu.customFields', claim: 'Phonebook.Manage' },
  ],
};
