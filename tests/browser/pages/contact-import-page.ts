import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';

/** A phonebook's imports (/phonebooks/:id/import): upload, column mapping, the list with live progress. */
export class ContactImportPage {
  readonly imports: DataTableControl;

  constructor(private readonly page: Page) {
    this.imports = new DataTableControl(page, 'imports-table');
  }

  /** From the phonebook's page, through its "Import from file" link. */
  async openFromPhonebook(): Promise<void> {
    await this.page.getByTestId('phonebook-import').click();
    await this.page.getByTestId('contact-import-page').waitFor();
  }

  async upload(name: string, bytes: Buffer): Promise<void> {
    await this.page.getByTestId('import-file').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes });
    await this.page.getByTestId('import-upload').click();
    await this.page.getByTestId('import-mapping').waitFor();
  }

  column(index: number): Locator { return this.page.getByTestId(`import-column-${index}`); }
  previewRows(): Locator { return this.page.getByTestId('import-preview-row'); }

  async start(): Promise<void> {
    await this.page.getByTestId('import-start').click();
    await this.page.getByTestId('import-mapping').waitFor({ state: 'detached' });
  }

  /** The progress bar of the file's row in the list. */
  progress(fileName: string): Locator { return this.imports.row(fileName).getByTestId('import-progress'); }
  count(fileName: string, what: 'added' | 'duplicates' | 'existing' | 'rejected'): Locator { return this.imports.row(fileName).getByTestId(`import-${what}`); }
  rejectedXlsx(fileName: string): Locator { return this.imports.row(fileName).getByTestId('import-rejected-xlsx'); }

  async seeContacts(): Promise<void> {
    await this.page.getByTestId('import-see-contacts').click();
    await this.page.getByTestId('phonebook-detail-page').waitFor();
  }
}
