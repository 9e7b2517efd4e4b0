import type { Locator, Page } from 'playwright-core';

import { ConfirmationNumberDialogControl } from './confirmation-number.js';
import { SelectControl } from './select-control.js';

/** The organizations screen: tree/list, search, the create/edit form and the delete flow. */
export class OrganizationsPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/organizations`);
    await this.page.getByTestId('organizations-page').waitFor();
  }

  form(): Locator { return this.page.getByTestId('organization-form-dialog'); }

  /** A picker of the form (adminUserId, tariff, blackSenderPrivateNumberId, parentId): chosen by the name it shows. */
  picker(name: string): SelectControl { return new SelectControl(this.page, this.form(), `organization-${name}`); }

  async create(fields: Record<string, string>): Promise<void> {
    await this.page.getByTestId('organization-create').click();
    await this.fillForm(fields);
    await this.saveForm();
  }

  async fillForm(fields: Record<string, string>): Promise<void> {
    await this.form().waitFor();
    for (const [name, value] of Object.entries(fields)) await this.form().getByTestId(`organization-${name}`).fill(value);
  }

  async saveForm(): Promise<void> {
    await this.form().getByTestId('organization-form-submit').click();
    await this.form().waitFor({ state: 'detached' });
  }

  async typeSearch(term: string): Promise<void> {
    await this.page.getByTestId('organizations-search').fill(term);
  }

  async search(term: string): Promise<void> {
    await this.typeSearch(term);
    await this.page.getByTestId('organizations-search-submit').click();
    await this.page.getByTestId('organizations-list-title').waitFor();
  }

  searchError(): Locator { return this.page.locator('[id="organizations-search-error"]'); }

  row(name: string): Locator {
    return this.page.getByTestId('organizations-table-row').filter({ has: this.page.getByTestId('organization-name').getByText(name, { exact: true }) });
  }

  async rowNames(): Promise<string[]> {
    return this.page.getByTestId('organization-name').allInnerTexts();
  }

  async openEdit(name: string): Promise<void> {
    await this.row(name).getByTestId('organization-edit').click();
    await this.form().waitFor();
  }

  async openCreate(): Promise<void> {
    await this.page.getByTestId('organization-create').click();
    await this.form().waitFor();
  }

  /** The help text under a field of the form (a flag's hint says what it does, or that it does nothing yet). */
  hint(name: string): Locator { return this.form().locator(`[id="organization-${name}-hint"]`); }

  fieldValue(name: string): Promise<string> {
    return this.form().getByTestId(`organization-${name}`).inputValue();
  }

  /** Delete → scope choice → the confirmation-number dialog, typed in Persian digits. */
  async delete(name: string, withChildren: boolean): Promise<string> {
    await this.row(name).getByTestId('organization-delete').click();
    const choice = this.page.getByTestId('organization-delete-dialog');
    await choice.getByTestId(withChildren ? 'organization-delete-with-children' : 'organization-delete-only-this').check();
    await choice.getByTestId('organization-delete-next').click();
    return new ConfirmationNumberDialogControl(this.page).confirmInPersianDigits();
  }

  /** The success toast (shared toast viewport). */
  notice(): Locator { return this.page.getByTestId('toasts-item').first(); }
  empty(): Locator { return this.page.getByTestId('organizations-table-empty'); }
}
