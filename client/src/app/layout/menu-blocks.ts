import type { ComponentType } from 'react';
import type { MenuSectionKey } from '../../shared/app/feature-manifest';

/** The spec's menu sections; an item shows only when the user holds its claim. */
export interface MenuItem {
  path: string;
  titleKey: string;
  claim?: string;
  opens?: 'api-new-tab';
  badge?: ComponentType;
}

export interface MenuSection {
  key: MenuSectionKey;
  titleKey: string;
  items: MenuItem[];
}

/** What the menu shows of one section: a heading over its links, or one link standing alone. */
export type MenuBlock =
  | { kind: 'group'; key: MenuSectionKey; titleKey: string; items: MenuItem[] }
  | { kind: 'link'; key: MenuSectionKey; titleKey: string; item: MenuItem };

/**
 * The sections a user sees, in order. A section with exactly one visible item is one link rather
 * than a heading repeating itself above a sub-item. It keeps the section's name when the section
 * has only that entry at all (Dashboard, the placeholder sections) and takes the item's name when
 * the user's claims left just one of several (a user who may open only the outbox sees "Outbox").
 */
export function menuBlocks(canSee: (claim: string | undefined) => boolean, menu: readonly MenuSection[]): MenuBlock[] {
  const blocks: MenuBlock[] = [];
  for (const section of menu) {
    const items = section.items.filter((i) => canSee(i.claim));
    if (items.length === 0) continue;
    if (items.length === 1) {
      const [item] = items;
      blocks.push({ kind: 'link', key: section.key, titleKey: section.items.length === 1 ? section.titleKey : item.titleKey, item });
    } else {
      blocks.push({ kind: 'group', key: section.key, titleKey: section.titleKey, items });
    }
  }
  return blocks;
}
