import type { Page } from 'playwright-core';

/** The self sign-up page (`/account/sign-up`) and the login page's link to it. */
export class SignUpPage {
  constructor(private readonly page: Page, private readonly origin: string) {}

  async openLogin(): Promise<void> {
    await this.page.goto(`${this.origin}/account/login`);
    await this.page.getByTestId('login-form').waitFor();
  }

  link() { return this.page.getByTestId('sign-up-link'); }
  form() { return this.page.getByTestId('sign-up-form'); }
  done() { return this.page.getByTestId('sign-up-done'); }
  /** The message under a field (FieldFrame's `<id>-error`). */
  fieldError(id: string) { return this.page.locator(`#${id}-error`); }

  async fill(values: { organizationName: string; firstName: string; lastName: string; mobile: string; userName: string; password: string }): Promise<void> {
    await this.page.getByTestId('sign-up-organization').fill(values.organizationName);
    await this.page.getByTestId('sign-up-first-name').fill(values.firstName);
    await this.page.getByTestId('sign-up-last-name').fill(values.lastName);
    await this.page.getByTestId('sign-up-mobile').fill(values.mobile);
    await this.page.getByTestId('sign-up-user-name').fill(values.userName);
    await this.page.getByTestId('sign-up-password').fill(values.password);
  }

  /** Submits from the keyboard (Enter in the last field), as a person without a mouse would. */
  submitWithKeyboard() { return this.page.getByTestId('sign-up-password').press('Enter'); }
}
