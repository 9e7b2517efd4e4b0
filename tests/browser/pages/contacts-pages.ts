import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';
import { SelectControl } from './select-control.js';

/** Phonebooks (/phonebooks), a phonebook's contacts (/phonebooks/:id) and custom fields (/phonebooks/custom-fields). */
export class ContactsPages {
  readonly phonebooks: DataTableControl;
  readonly contacts: DataTableControl;
  readonly fields: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.phonebooks = new DataTableControl(page, 'phonebooks-table');
    this.contacts = new DataTableControl(page, 'contacts-table');
    this.fields = new DataTableControl(page, 'custom-fields-table');
  }

  async openPhonebooks(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/phonebooks`);
    await this.page.getByTestId('phonebooks-page').waitFor();
  }

  emptyPhonebooks(): Locator { return this.page.getByTestId('phonebooks-empty'); }

  /** From the empty state: the first phonebook; its page opens. */
  async createFirstPhonebook(title: string): Promise<void> {
    await this.page.getByTestId('phonebooks-empty-create').click();
    await this.page.getByTestId('phonebook-title').fill(title);
    await this.page.getByTestId('phonebook-save').click();
    await this.page.getByTestId('phonebook-detail-page').waitFor();
  }

  async openPhonebook(id: number): Promise<void> {
    await this.page.goto(`${this.baseUrl}/phonebooks/${id}`);
    await this.page.getByTestId('phonebook-detail-page').waitFor();
  }

  phonebookId(): Promise<string | null> { return this.page.getByTestId('phonebook-detail-page').getAttribute('data-phonebook-id'); }
  emptyPhonebook(): Locator { return this.page.getByTestId('phonebook-empty'); }
  header(): Locator { return this.page.getByTestId('phonebook-header'); }

  async openCustomFields(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/phonebooks/custom-fields`);
    await this.page.getByTestId('custom-fields-page').waitFor();
  }

  async createField(type: string, nameFa: string, nameEn: string): Promise<void> {
    await this.page.getByTestId('custom-fields-empty-create').or(this.page.getByTestId('custom-field-create')).first().click();
    await this.page.getByTestId('custom-field-type').selectOption(type);
    await this.page.getByTestId('custom-field-name-fa').fill(nameFa);
    await this.page.getByTestId('custom-field-name-en').fill(nameEn);
    await this.page.getByTestId('custom-field-save').click();
    await this.page.getByTestId('custom-field-dialog').waitFor({ state: 'detached' });
  }

  /** Opens the contact form (from the empty state or the header). */
  async openAddContact(): Promise<void> {
    await this.page.getByTestId('contact-add').click();
    await this.page.getByTestId('contact-dialog').waitFor();
  }

  field(name: string): Locator { return this.page.getByTestId(`contact-${name}`); }
  customField(id: number): Locator { return this.page.getByTestId(`contact-field-${id}`); }

  async saveContact(): Promise<void> {
    await this.page.getByTestId('contact-save').click();
    await this.page.getByTestId('contact-dialog').waitFor({ state: 'detached' });
  }

  async search(term: string): Promise<void> {
    await this.page.getByTestId('contacts-search').fill(term);
    await this.page.getByTestId('contacts-apply').click();
  }

  async selectRow(text: string): Promise<void> {
    await this.contacts.row(text).getByTestId('contact-row-select').check();
  }

  /** Moves the selected contacts into the phonebook with this title (chosen by the select search). */
  async moveSelectedTo(title: string): Promise<void> {
    await this.page.getByTestId('contacts-move-selected').click();
    await this.page.getByTestId('transfer-dialog').waitFor();
    await new SelectControl(this.page, this.page, 'transfer-target').choose(title, title.slice(0, 6));
    await this.page.getByTestId('transfer-confirm').click();
    await this.page.getByTestId('transfer-dialog').waitFor({ state: 'detached' });
  }

  exportScope(): Locator { return this.page.getByTestId('contacts-export-scope'); }

  /** Exports in this format (the chosen rows, or the filter's result), waits for the job (progress pushed to the page), downloads the file: its saved path. */
  async exportAndDownload(format: 'xlsx' | 'csv'): Promise<string> {
    await this.page.getByTestId(`contacts-export-format-${format}`).check();
    const link = this.page.getByTestId('contacts-export-download');
    const earlier = (await link.count()) > 0 ? await link.getAttribute('href') : null;
    await this.page.getByTestId('contacts-export-start').click();
    // Each export has its own link: wait for this one's, not an earlier one still shown.
    await this.page.waitForFunction((before: string | null) => {
      // Runs in the page (this file is compiled without the DOM's types).
      const doc = (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(n: string): string | null } | null } }).document;
      const href = doc.querySelector('[data-testid="contacts-export-download"]')?.getAttribute('href');
      return !!href && href !== before;
    }, earlier, { timeout: 30_000 });
    const [download] = await Promise.all([this.page.waitForEvent('download'), link.click()]);
    const saved = await download.path();
    if (!saved) throw new Error(`download failed: ${await download.failure()}`);
    return saved;
  }
}
