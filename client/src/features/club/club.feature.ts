import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { clubTexts } from './club.i18n';

const claim = 'CustomersClub.Manage';

/** Customer club (the spec's Customers' club menu): devices (club requests), members, club sends and club files. */
export const clubFeature: FeatureManifest = {
  key: 'club',
  texts: [clubTexts],
  routes: [
    { path: 'club/devices', lazy: lazyPage(() => import('./club-devices-page'), (m) => m.ClubDevicesPage) },
    { path: 'club/members', lazy: lazyPage(() => import('./club-members-page'), (m) => m.ClubMembersPage) },
    { path: 'club/send', lazy: lazyPage(() => import('./club-send-page'), (m) => m.ClubSendPage) },
    { path: 'club/files', lazy: lazyPage(() => import('./club-files-page'), (m) => m.ClubFilesPage) },
  ],
  menu: [
    { section: 'CustomersClub', order: 10, path: '/club/devices', titleKey: 'club:menu.devices', claim },
    { section: 'CustomersClub', order: 20, path: '/club/members', titleKey: 'club:menu.members', claim },
    { section: 'CustomersClub', order: 30, path: '/club/send', titleKey: 'club:menu.send', claim },
    { section: 'CustomersClub', order: 40, path: '/club/files', titleKey: 'club:menu.files', claim },
  ],
};
