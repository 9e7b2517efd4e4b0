import type { Page } from 'playwright-core';

/** Signs in through the sign-in page (/account/login) and waits for the main layout. */
export class PanelSignIn {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async signIn(userName: string, password: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/account/login`);
    await this.page.getByTestId('login-username').fill(userName);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
    await this.page.getByTestId('current-user').waitFor();
  }
}
