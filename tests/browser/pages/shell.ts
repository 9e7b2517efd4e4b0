import type { Page } from 'playwright-core';

/** The signed-in layout: header controls, menu, dialogs. */
export class Shell {
  constructor(readonly page: Page) {}

  async waitForDashboard(): Promise<void> { await this.page.getByTestId('dashboard-page').waitFor(); }
  direction() { return this.page.locator('html').getAttribute('dir'); }
  language() { return this.page.locator('html').getAttribute('lang'); }
  async toggleLanguage(): Promise<void> { await this.page.getByTestId('language-toggle').click(); }
  async logout(): Promise<void> { await this.page.getByTestId('logout').click(); }
  dialogTitle() { return this.page.getByTestId('error-dialog-title').innerText(); }
  dialogMessage() { return this.page.getByTestId('error-dialog-message').innerText(); }
  switcher() { return this.page.getByTestId('organization-switcher'); }
  lastLogin() { return this.page.getByTestId('dashboard-last-login').innerText(); }
}
