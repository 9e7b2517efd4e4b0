import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';

/** The roles screen: table, the role editor with the claim picker, delete. */
export class RolesPage {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'roles-table');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/roles`);
    await this.page.getByTestId('roles-page').waitFor();
  }

  editor(): Locator { return this.page.getByTestId('role-editor-dialog'); }
  claim(key: string): Locator { return this.editor().getByTestId(`claim-${key}`); }

  async openCreate(): Promise<void> {
    await this.page.getByTestId('roles-create').click();
    await this.editor().waitFor();
  }

  async openEdit(title: string): Promise<void> {
    await this.row(title).getByTestId('role-edit').click();
    await this.editor().waitFor();
  }

  async setTitle(title: string): Promise<void> { await this.editor().getByTestId('role-title').fill(title); }

  /** Ticks (or clears) claims in the claim picker. */
  async setClaims(keys: string[], on = true): Promise<void> {
    for (const key of keys) await this.claim(key).setChecked(on);
  }

  async submit(): Promise<void> { await this.editor().getByTestId('role-form-submit').click(); }
  async waitClosed(): Promise<void> { await this.editor().waitFor({ state: 'detached' }); }

  row(title: string): Locator { return this.table.row(title); }
  claimsCount(title: string): Locator { return this.row(title).getByTestId('role-claims-count'); }
  toast(): Locator { return this.page.getByTestId('toasts-item'); }
}
