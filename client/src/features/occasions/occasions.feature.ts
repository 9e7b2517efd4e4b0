import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { occasionsTexts } from './occasions.i18n';

/** Occasion sends and calendar events (server module `occasions`). */
export const occasionsFeature: FeatureManifest = {
  key: 'occasions',
  texts: [occasionsTexts],
  routes: [
    { path: 'sending/occasions', lazy: lazyPage(() => import('./occasions-page'), (m) => m.OccasionsPage) },
    { path: 'sending/occasions/:id', lazy: lazyPage(() => import('./occasion-form-page'), (m) => m.OccasionFormPage) },
    { path: 'sending/calendar-events', lazy: lazyPage(() => import('./calendar-events-page'), (m) => m.CalendarEventsPage) },
  ],
  menu: [
    { section: 'Sending', order: 40, path: '/sending/occasions', titleKey: 'occasions:menu.occasions', claim: 'Sending.Bulk' },
    { section: 'Sending', order: 50, path: '/sending/calendar-events', titleKey: 'occasions:menu.calendar', claim: 'Sending.Bulk' },
  ],
};
