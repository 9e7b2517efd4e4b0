import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';

/** The opt-out list (/blacklist/opt-outs): the table, the search and the remove confirmation. */
export class OptOutsPage {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'opt-outs-table');
  }

  /** Through the blacklist page's link, as a user finds it. */
  async openFromBlacklist(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/blacklist`);
    await this.page.getByTestId('blacklist-opt-outs-link').click();
    await this.page.getByTestId('opt-outs-page').waitFor();
  }

  heading(): Locator { return this.page.getByTestId('opt-outs-page').getByRole('heading').first(); }
  row(text: string): Locator { return this.table.row(text); }

  async search(term: string): Promise<void> {
    await this.page.getByTestId('opt-outs-search').fill(term);
    await this.page.getByTestId('opt-outs-search-submit').click();
  }

  async remove(text: string): Promise<void> {
    await this.row(text).getByTestId('opt-out-remove').click();
    await this.page.getByTestId('opt-out-remove-dialog-confirm').click();
    await this.row(text).waitFor({ state: 'detached' });
  }

  async switchLanguage(): Promise<void> {
    await this.page.getByTestId('language-toggle').click();
  }
}
