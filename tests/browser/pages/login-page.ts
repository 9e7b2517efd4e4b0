import type { Page } from 'playwright-core';

export class LoginPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/account/login`);
    await this.page.getByTestId('login-form').waitFor();
  }

  async signIn(userName: string, password: string, rememberMe = false): Promise<void> {
    await this.page.getByTestId('login-username').fill(userName);
    await this.page.getByTestId('login-password').fill(password);
    if (rememberMe) await this.page.getByRole('checkbox').check();
    await this.page.getByTestId('login-submit').click();
  }

  error() { return this.page.getByTestId('login-error').innerText(); }
}

export class ChangePasswordPage {
  constructor(private readonly page: Page) {}

  async waitFor(): Promise<void> { await this.page.getByTestId('change-password-form').waitFor(); }

  async change(current: string, next: string, repeat = next): Promise<void> {
    await this.page.getByTestId('cp-currentPassword').fill(current);
    await this.page.getByTestId('cp-newPassword').fill(next);
    await this.page.getByTestId('cp-confirmPassword').fill(repeat);
    await this.page.getByTestId('cp-submit').click();
  }
}
