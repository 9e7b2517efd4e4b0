import type { Locator, Page } from 'playwright-core';

// The tests compile without the DOM library: the few browser globals used inside evaluate().
interface BrowserGlobals {
  document: {
    activeElement: { getAttribute(name: string): string | null } | null;
    getElementById(id: string): { textContent: string | null } | null;
    documentElement: { scrollHeight: number };
  };
  innerHeight: number;
  scrollY: number;
  scrollTo(x: number, y: number): void;
}

/** What a failed submit of the compose form shows: the error toast, the focused field, its error. */
export class SendFormErrors {
  constructor(private readonly page: Page) {}

  errorToast(): Locator { return this.page.locator('[data-testid="toasts-item"][data-kind="error"]'); }

  /** Waits until the control with this test id has the keyboard focus. */
  async waitFocused(testId: string): Promise<void> {
    await this.page.waitForFunction((id: string) => (globalThis as unknown as BrowserGlobals).document.activeElement?.getAttribute('data-testid') === id,
      testId, { timeout: 10_000 });
  }

  /** Whether the whole control is inside the viewport. */
  inViewport(testId: string): Promise<boolean> {
    return this.page.getByTestId(testId).evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= (globalThis as unknown as BrowserGlobals).innerHeight;
    });
  }

  /** Texts of the elements the control's aria-describedby names. */
  describedBy(testId: string): Promise<string[]> {
    return this.page.getByTestId(testId).evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
      .map((id: string) => (globalThis as unknown as BrowserGlobals).document.getElementById(id)?.textContent ?? ''));
  }

  /** Scrolls the window to the end of the page; answers how far it scrolled. */
  scrollToBottom(): Promise<number> {
    return this.page.evaluate(() => {
      const w = globalThis as unknown as BrowserGlobals;
      w.scrollTo(0, w.document.documentElement.scrollHeight);
      return w.scrollY;
    });
  }
}
