import type { Locator, Page } from 'playwright-core';

/** The banner every page shows while impersonating, with its "back to my account" action. */
export class ImpersonationBanner {
  constructor(private readonly page: Page) {}

  root(): Locator { return this.page.getByTestId('impersonation-banner'); }

  async waitShown(): Promise<void> { await this.root().waitFor(); }

  /** Ends the impersonation; the page reloads with the impersonator's own session. */
  async backToMyAccount(): Promise<void> {
    await this.root().getByTestId('impersonation-stop').click();
    await this.root().waitFor({ state: 'detached' });
  }
}
