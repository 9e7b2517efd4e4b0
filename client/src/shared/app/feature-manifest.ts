import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { TextResource } from '../i18n/i18n';

/** The spec's menu sections, in the order the menu shows them (app/layout/menu.ts). */
export type MenuSectionKey =
  | 'Dashboard' | 'Infrastructure' | 'SystemManagement' | 'Sending' | 'Configuration' | 'SmsReports'
  | 'Facility' | 'Financial' | 'Phonebook' | 'Setting' | 'Services' | 'CustomersClub';

/** One menu link; shown only to a user holding `claim` (no claim: every signed-in user). */
export interface MenuEntry {
  section: MenuSectionKey;
  /** Place inside the section; sections mix entries of several features, so each says where it goes. */
  order: number;
  path: string;
  /** Key in the layout namespace, or `ns:key` for the feature's own namespace. */
  titleKey: string;
  claim?: string;
  /**
   * `api-new-tab`: `path` is under the API root (a server page such as the API documentation, not a
   * panel screen) and opens in a new tab. The API root may be another origin (x-api-address).
   */
  opens?: 'api-new-tab';
  /**
   * A small live marker drawn after the title (the inbox's unread count). Imported eagerly with the
   * manifest, so it must stay a tiny component that imports no page.
   */
  badge?: ComponentType;
}

/**
 * What a client feature adds to the panel. app/ reads every manifest listed in app/features.ts,
 * eagerly, so a manifest holds only paths, claims, menu keys, its texts and `lazy` imports of its
 * pages: importing a page module here would put it into the login route's bundle.
 */
export interface FeatureManifest {
  key: string;
  texts?: TextResource[];
  /** Screens inside the main layout (signed in, with header and menu); paths without a leading '/'. */
  routes?: RouteObject[];
  /** Screens outside the main layout, at the top level (each decides its own guard). */
  outerRoutes?: RouteObject[];
  menu?: MenuEntry[];
  /**
   * Small components drawn on every page of the main layout, for a signed-in user (the chat
   * assistant's button). Imported eagerly with the manifest: each must stay tiny and load its own
   * content lazily.
   */
  widgets?: ComponentType[];
}
