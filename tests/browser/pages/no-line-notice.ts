import type { Locator, Page } from 'playwright-core';

/** A send screen's notice that no line the user may send from allows this send (issue 23). */
export class NoLineNoticeControl {
  constructor(private readonly page: Page) {}

  root(): Locator { return this.page.getByTestId('no-line-notice'); }
  text(): Promise<string> { return this.page.getByTestId('no-line-notice-text').innerText(); }
  /** 'true' when the notice offers the fix (the user may manage lines), 'false' when it says to ask. */
  mayFix(): Promise<string | null> { return this.root().getAttribute('data-may-fix'); }
  lineLinks(): Locator { return this.page.getByTestId('no-line-notice-line'); }
}
