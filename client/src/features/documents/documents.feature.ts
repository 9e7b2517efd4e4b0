import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { documentsTexts } from './documents.i18n';

/** Identity documents (KYC): a user's own, an organization's, and the administrator's review list. */
export const documentsFeature: FeatureManifest = {
  key: 'documents',
  texts: [documentsTexts],
  routes: [
    { path: 'documents/mine', lazy: lazyPage(() => import('./documents-page'), (m) => m.UserDocumentsPage) },
    { path: 'documents/organization', lazy: lazyPage(() => import('./documents-page'), (m) => m.OrganizationDocumentsPage) },
    { path: 'documents/review', lazy: lazyPage(() => import('./document-review-page'), (m) => m.DocumentReviewPage) },
  ],
  menu: [
    { section: 'Setting', order: 70, path: '/documents/mine', titleKey: 'documents:menu.mine' },
    // The server lets only administrators in; the claim keeps the link from plain users' menus.
    { section: 'Setting', order: 71, path: '/documents/organization', titleKey: 'documents:menu.organization', claim: 'Organizations.Update' },
    { section: 'SystemManagement', order: 90, path: '/documents/review', titleKey: 'documents:menu.review', claim: 'Organizations.Update' },
  ],
};
