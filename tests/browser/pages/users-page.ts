import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';
import { SelectControl } from './select-control.js';

/** The users screen: table (column chooser, paging), the user form, row actions. */
export class UsersPage {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'users-table');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/users`);
    await this.page.getByTestId('users-page').waitFor();
  }

  form(): Locator { return this.page.getByTestId('user-form-dialog'); }
  field(name: string): Locator { return this.form().getByTestId(`user-${name}`); }
  /** The validation message under a form field. */
  fieldError(name: string): Locator { return this.form().locator(`[id="user-${name}-error"]`); }
  /** The help text under a field of the form (a flag's hint says what it does, or that it does nothing yet). */
  hint(name: string): Locator { return this.form().locator(`[id="user-${name}-hint"]`); }
  roleSelect(): SelectControl { return new SelectControl(this.page, this.form(), 'user-roleTemplateId'); }

  async openCreate(): Promise<void> {
    await this.page.getByTestId('user-create').click();
    await this.form().waitFor();
  }

  async fill(fields: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(fields)) await this.field(name).fill(value);
  }

  async setFlag(name: string, on: boolean): Promise<void> {
    await this.field(name).setChecked(on);
  }

  async submit(): Promise<void> { await this.form().getByTestId('user-form-submit').click(); }

  async submitAndClose(): Promise<void> {
    await this.submit();
    await this.form().waitFor({ state: 'detached' });
  }

  row(userName: string): Locator { return this.table.row(userName); }
  status(userName: string): Locator { return this.row(userName).getByTestId('user-status'); }

  async rowAction(userName: string, action: 'edit' | 'suspend' | 'unblock' | 'impersonate' | 'delete' | 'reset-password' | 'login-history'): Promise<void> {
    await this.row(userName).getByTestId(`user-${action}`).click();
  }

  /** Impersonate → confirm; the page reloads at the origin with the impersonated session. */
  async impersonate(userName: string): Promise<void> {
    await this.rowAction(userName, 'impersonate');
    await this.page.getByTestId('user-impersonate-dialog-confirm').click();
  }

  toast(): Locator { return this.page.getByTestId('toasts-item'); }
}
