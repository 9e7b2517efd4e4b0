import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';
import { SelectControl } from './select-control.js';

/** The form builder (/forms, /forms/:id) and the public form (/form/:id). */
export class FormBuilderPages {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'forms-table');
  }

  async openList(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/forms`);
    await this.page.getByTestId('forms-page').waitFor();
  }

  /** A new form with its settings saved: lands on the builder of the stored form; answers its id. */
  async createForm(f: { title: string; phonebook: string; thankYouText: string; theme: string }): Promise<number> {
    await this.page.getByTestId('form-empty-create').click();
    await this.page.getByTestId('form-settings').waitFor();
    await this.page.getByTestId('form-title').fill(f.title);
    await this.page.getByTestId('form-theme').selectOption(f.theme);
    await new SelectControl(this.page, this.page, 'form-phonebook').choose(f.phonebook);
    await this.page.getByTestId('form-thank-you-text').fill(f.thankYouText);
    await this.page.getByTestId('form-save').click();
    await this.page.getByTestId('form-publish-bar').waitFor();
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }

  async tab(name: 'settings' | 'fields' | 'preview' | 'answers'): Promise<void> {
    await this.page.getByTestId(`form-tab-${name}`).click();
  }

  async addField(f: { label: string; type: string; required?: boolean; min?: string; max?: string }): Promise<void> {
    await this.page.getByTestId('form-field-add').click();
    const editor = this.page.getByTestId('form-field-editor');
    await editor.getByTestId('field-label').fill(f.label);
    await editor.getByTestId('field-type').selectOption(f.type);
    if (f.required) await editor.getByTestId('field-required').check();
    if (f.min !== undefined) await editor.getByTestId('field-min-value').fill(f.min);
    if (f.max !== undefined) await editor.getByTestId('field-max-value').fill(f.max);
    await editor.getByTestId('field-save').click();
    await editor.waitFor({ state: 'detached' });
  }

  fieldRows(): Locator { return this.page.getByTestId('form-field-row'); }
  async fieldLabels(): Promise<string[]> {
    return Promise.all((await this.fieldRows().all()).map(async (r) => (await r.locator('span').first().innerText()).trim()));
  }

  async publish(): Promise<void> {
    await this.page.getByTestId('form-publish').click();
    await this.page.getByTestId('form-publish-state').filter({ hasText: /منتشرشده|Published/ }).waitFor();
  }

  publicAddress(): Locator { return this.page.getByTestId('form-public-address'); }

  /** On the public page: the input of the field labelled `label`. */
  publicInput(label: string): Locator {
    return this.page.getByTestId('public-form-field').filter({ hasText: label }).getByTestId('public-form-input');
  }
  publicError(label: string): Locator {
    return this.page.getByTestId('public-form-field').filter({ hasText: label }).locator('[id$="-error"]');
  }
}
