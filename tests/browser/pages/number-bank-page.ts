import type { Locator, Page } from 'playwright-core';

/** The number bank (/targeting/number-bank): the import form, the imports with their progress, the zone tree. */
export class NumberBankPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/targeting/number-bank`);
    await this.page.getByTestId('number-bank-page').waitFor();
  }

  async importFile(name: string, bytes: Buffer, mimeType: string): Promise<void> {
    await this.page.getByTestId('bank-import-file').setInputFiles({ name, mimeType, buffer: bytes });
    await this.page.getByTestId('bank-import-upload').click();
  }

  importRows(): Locator { return this.page.getByTestId('bank-import-row'); }
  progress(): Locator { return this.page.getByTestId('bank-import-progress'); }
  zoneRows(): Locator { return this.page.getByTestId('zone-row'); }
  zoneRow(name: string): Locator { return this.zoneRows().filter({ hasText: name }); }

  /** Opens a zone of the tree by its name (its toggle is labelled with it). */
  async expand(name: string): Promise<void> {
    await this.zoneRow(name).getByRole('button').click();
  }
}
