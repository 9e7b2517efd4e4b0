import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';
import { SelectControl } from './select-control.js';

/** SMPP accounts (/developer/smpp-accounts): the table with live binds and the account dialog. */
export class SmppAccountsPage {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'smpp-accounts-table');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/developer/smpp-accounts`);
    await this.page.getByTestId('smpp-accounts-page').waitFor();
  }

  dialog(): Locator { return this.page.getByTestId('smpp-account-dialog'); }
  row(systemId: string): Locator { return this.table.row(systemId); }

  /** `user` and `apiToken` are picked by the text their option shows (a user name, a token title). */
  async create(fields: { systemId: string; password: string; user: string; title?: string; throughput?: string; apiToken?: string }): Promise<void> {
    await this.page.getByTestId('smpp-account-create').click();
    const d = this.dialog();
    await d.locator('#smpp-system-id').fill(fields.systemId);
    await d.locator('#smpp-password').fill(fields.password);
    await new SelectControl(this.page, d, 'smpp-user-id').choose(fields.user);
    if (fields.apiToken) await new SelectControl(this.page, d, 'smpp-api-token').choose(fields.apiToken);
    if (fields.title) await d.locator('#smpp-title').fill(fields.title);
    if (fields.throughput) await d.locator('#smpp-throughput').fill(fields.throughput);
    await d.getByTestId('smpp-account-save').click();
  }

  async edit(systemId: string, change: (dialog: Locator) => Promise<void>): Promise<void> {
    await this.row(systemId).getByTestId('smpp-account-edit').click();
    await change(this.dialog());
    await this.dialog().getByTestId('smpp-account-save').click();
    await this.dialog().waitFor({ state: 'detached' });
  }

  async remove(systemId: string): Promise<void> {
    await this.row(systemId).getByTestId('smpp-account-delete').click();
    await this.page.getByTestId('smpp-account-confirm-dialog').getByRole('button', { name: /delete|حذف/i }).last().click();
    await this.row(systemId).waitFor({ state: 'detached' });
  }
}
