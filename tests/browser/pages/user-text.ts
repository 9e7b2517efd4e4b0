import type { Locator, Page } from 'playwright-core';

/** What the reader sees of a user-supplied text and whether the page isolates it from its surroundings. */
export interface TextIsolation {
  /** The text was found inside the container. */
  found: boolean;
  /**
   * Between the text and the container (inclusive) there is a `<bdi>` or an element with a `dir`
   * attribute that isolates (`unicode-bidi: isolate` or `plaintext`). A block (a table cell) is a
   * paragraph of its own already, but only these give the name its own direction.
   */
  isolated: boolean;
  /** The text content of that isolating element (what is shown, with any stripped controls gone). */
  shown: string;
}

/**
 * Probes the bidi isolation of user-supplied text (names, titles) anywhere in the panel: the
 * organization switcher and any container (a table row, the header).
 */
export class UserTextProbe {
  constructor(private readonly page: Page) {}

  /** The first text node in `container` that contains `text`, and its closest isolating element up to the container. */
  isolation(container: Locator, text: string): Promise<TextIsolation> {
    return container.evaluate((root, needle) => {
      // Runs in the page; the tests compile without the DOM library, hence the loose types.
      const g = globalThis as any;
      const walker = g.document.createTreeWalker(root, g.NodeFilter.SHOW_TEXT);
      let node = walker.nextNode();
      while (node && !(node.textContent ?? '').includes(needle)) node = walker.nextNode();
      if (!node) return { found: false, isolated: false, shown: '' };
      for (let el = node.parentElement; el; el = el.parentElement) {
        const bidi = g.getComputedStyle(el).unicodeBidi;
        const marked = el.tagName === 'BDI' || el.hasAttribute('dir');
        if (marked && (bidi === 'isolate' || bidi === 'plaintext' || bidi === 'isolate-override')) return { found: true, isolated: true, shown: el.textContent ?? '' };
        if (el === root) break;
      }
      return { found: true, isolated: false, shown: '' };
    }, text);
  }

  /** The option texts of the organization switcher in the header (a native select: no markup inside). */
  switcherOptions(): Promise<string[]> {
    return this.page.getByTestId('organization-switcher').locator('option').evaluateAll((options) => options.map((o) => (o as { textContent: string | null }).textContent ?? ''));
  }

  currentUser(): Locator { return this.page.getByTestId('current-user'); }
}
