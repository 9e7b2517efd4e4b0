import type { Locator, Page } from 'playwright-core';

/** The phone the issue was tried on. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

export interface MenuLinkInfo { href: string; text: string; newTab: boolean }

/** The header's menu button and the menu it opens (below the md breakpoint it is hidden until opened). */
export class MobileMenu {
  constructor(private readonly page: Page) {}

  toggle(): Locator { return this.page.getByTestId('menu-toggle'); }
  nav(): Locator { return this.page.getByTestId('main-menu'); }
  section(key: string): Locator { return this.page.getByTestId(`menu-section-${key}`); }

  isOpen(): Promise<boolean> { return this.nav().isVisible(); }

  async open(): Promise<void> {
    if (await this.isOpen()) return;
    await this.toggle().click({ timeout: 5_000 });
    await this.nav().waitFor({ state: 'visible' });
  }

  /** Every link of the menu as the signed-in user sees it, in order. */
  async links(): Promise<MenuLinkInfo[]> {
    await this.open();
    return this.nav().locator('a').evaluateAll((anchors) => anchors.map((a) => ({
      href: a.getAttribute('href') ?? '',
      text: (a.textContent ?? '').trim(),
      newTab: a.getAttribute('target') === '_blank',
    })));
  }

  /** Opens the menu and follows the entry with this href. */
  async choose(href: string): Promise<void> {
    await this.open();
    await this.nav().locator(`a[href="${href}"]`).click({ timeout: 5_000 });
  }
}

export interface Overflow { scrollWidth: number; clientWidth: number; culprits: string[] }

// Source text, not a function: the test runner's transpiler would add helpers the page lacks.
const MEASURE = `(() => {
  const root = document.documentElement;
  const width = root.clientWidth;
  const describe = (el) => {
    const id = el.getAttribute('data-testid') || el.id;
    const cls = (el.getAttribute('class') || '').split(/\\s+/).slice(0, 4).join('.');
    const box = el.getBoundingClientRect();
    return el.tagName.toLowerCase() + (id ? '[' + id + ']' : '') + (cls ? '.' + cls : '') + ' ' + Math.round(box.left) + '..' + Math.round(box.right);
  };
  const outside = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && (box.right > width + 1 || box.left < -1);
  };
  // Content clipped or scrolled by a box of its own (a table's scroll container) does not widen the page.
  const clippedByAncestor = (el) => {
    for (let at = el.parentElement; at && at !== document.body && at !== root; at = at.parentElement) {
      if (getComputedStyle(at).overflowX !== 'visible') return true;
    }
    return false;
  };
  // The box that sticks out of its parent is the one that is too wide (or placed too far).
  const sticksOut = (el) => {
    const parent = el.parentElement;
    if (!parent) return true;
    const box = el.getBoundingClientRect();
    const outer = parent.getBoundingClientRect();
    return box.right > outer.right + 1 || box.left < outer.left - 1;
  };
  const culprits = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (culprits.length >= 6) break;
    if (!outside(el) || !sticksOut(el) || clippedByAncestor(el) || getComputedStyle(el).position === 'fixed') continue;
    culprits.push(describe(el));
  }
  return { scrollWidth: root.scrollWidth, clientWidth: width, culprits };
})()`;

/** How far the page is wider than the screen, and the outermost elements that make it so. */
export function measureOverflow(page: Page): Promise<Overflow> {
  return page.evaluate<Overflow>(MEASURE);
}

/** Waits until no spinner or busy region is left, then a little longer for late layout (fonts, charts). */
export async function settle(page: Page): Promise<void> {
  // Polled from the test side: in-page waitForFunction builds functions from strings, which the
  // panel's CSP (no unsafe-eval) refuses.
  const deadline = Date.now() + 15_000;
  while (await page.evaluate<number>(`document.querySelectorAll('[role="status"] .animate-spin, [aria-busy="true"]').length`) > 0) {
    if (Date.now() > deadline) throw new Error(`${page.url()} is still loading`);
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(250);
}

export interface DialogFit {
  /** The panel's box on the screen. */
  left: number; right: number; top: number; bottom: number;
  screenWidth: number; screenHeight: number;
  /** The body holds more than it shows and can scroll to it. */
  bodyScrolls: boolean;
  /** After scrolling the body to its end, its last field is on the screen. */
  lastFieldVisible: boolean;
}

/** Where a ModalDialog (by its data-testid) sits on the screen, and whether its whole body can be reached. */
export function dialogFit(page: Page, testId: string): Promise<DialogFit> {
  return page.evaluate<DialogFit>(`(() => {
    const panel = document.querySelector('[data-testid="${testId}"]');
    const body = document.querySelector('[data-testid="${testId}-body"]');
    const box = panel.getBoundingClientRect();
    const bodyScrolls = body.scrollHeight > body.clientHeight + 1 && getComputedStyle(body).overflowY !== 'hidden';
    body.scrollTop = body.scrollHeight;
    const fields = body.querySelectorAll('input:not([type="hidden"]), select, textarea, button');
    const last = fields[fields.length - 1];
    const lastBox = last ? last.getBoundingClientRect() : null;
    const lastFieldVisible = !lastBox || (lastBox.top >= 0 && lastBox.bottom <= window.innerHeight + 1);
    return { left: box.left, right: box.right, top: box.top, bottom: box.bottom, screenWidth: document.documentElement.clientWidth,
      screenHeight: window.innerHeight, bodyScrolls, lastFieldVisible };
  })()`);
}

// Source text (see MEASURE). Text the page wrote itself: user text (bdi, dir="auto"), code, and spans written
// left-to-right on purpose (IP addresses, browser names) are the user's or the machine's own words.
const LATIN_DIGITS = `(() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = (node.textContent || '').trim();
    if (!el || !text || el.getClientRects().length === 0) continue;
    if (el.closest('bdi, [dir="auto"], code, pre, kbd, samp, script, style, option, [dir="ltr"], [hidden], .sr-only')) continue;
    // A digit run standing alone: not part of a word (MP3), an address (127.0.0.1) or a
    // placeholder the user types ({0}).
    if (/(?<![A-Za-z0-9.{])[0-9]+(?![A-Za-z0-9.}])/.test(text)) {
      const owner = el.closest('[data-testid]');
      found.push((owner ? owner.getAttribute('data-testid') + ': ' : '') + text.slice(0, 60));
    }
  }
  return [...new Set(found)].slice(0, 8);
})()`;

/** Texts of the panel's own making that show Latin digits (in Persian every number should be Persian). */
export function latinDigitTexts(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(LATIN_DIGITS);
}
