import type { Page } from 'playwright-core';

/** What the page's window offers these checks (tests compile without the DOM library). */
interface BrowserWindow {
  scrollY: number;
  scrollTo(x: number, y: number): void;
  innerHeight: number;
  document: { documentElement: { scrollHeight: number } };
}

/** The window's scroll position and the main menu's links, for navigation tests. */
export class PageScroll {
  constructor(private readonly page: Page) {}

  scrollY(): Promise<number> { return this.page.evaluate(() => Math.round((globalThis as unknown as BrowserWindow).scrollY)); }

  /** Scrolls to the bottom of the document and answers where the window ended. */
  async toBottom(): Promise<number> {
    await this.page.evaluate(() => {
      const w = globalThis as unknown as BrowserWindow;
      w.scrollTo(0, w.document.documentElement.scrollHeight);
    });
    await this.page.waitForFunction(() => (globalThis as unknown as BrowserWindow).scrollY > 0);
    return this.scrollY();
  }

  /** Waits until the window's scroll is within 2 px of `y`. */
  async waitAt(y: number): Promise<void> {
    await this.page.waitForFunction((at) => Math.abs((globalThis as unknown as BrowserWindow).scrollY - at) <= 2, y);
  }

  /**
   * Waits until the window is back where it was, or as far down as the page now reaches when it came
   * back shorter (a live push on a busy shared server can change its height), and not at the top.
   */
  async waitRestored(y: number): Promise<void> {
    await this.page.waitForFunction((at) => {
      const w = globalThis as unknown as BrowserWindow;
      const reachable = Math.min(at, w.document.documentElement.scrollHeight - w.innerHeight);
      return w.scrollY > 0 && Math.abs(w.scrollY - reachable) <= 2;
    }, y);
  }

  /** The main menu's last link inside the panel (the one a person reaches after scrolling down). */
  lastMenuLink() { return this.page.locator('#main-menu a[href^="/"]').last(); }
}
