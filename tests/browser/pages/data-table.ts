import type { Locator, Page } from 'playwright-core';

/** The shared DataTable: `testId` is its root data-testid (rows are `<testId>-row`). */
export class DataTableControl {
  constructor(private readonly page: Page, readonly testId: string) {}

  root(): Locator { return this.page.getByTestId(this.testId); }
  rows(): Locator { return this.page.getByTestId(`${this.testId}-row`); }
  row(text: string): Locator { return this.rows().filter({ hasText: text }); }
  empty(): Locator { return this.page.getByTestId(`${this.testId}-empty`); }
  pageInfo(): Locator { return this.page.getByTestId(`${this.testId}-page-info`); }
  rangeInfo(): Locator { return this.page.getByTestId(`${this.testId}-range-info`); }
  headers(): Promise<string[]> { return this.root().locator('thead th').allInnerTexts(); }

  async openColumnChooser(): Promise<void> {
    const button = this.page.getByTestId(`${this.testId}-columns`);
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  }

  columnBox(key: string): Locator { return this.page.getByTestId(`${this.testId}-column-${key}`); }

  async hideColumn(key: string): Promise<void> {
    await this.openColumnChooser();
    await this.columnBox(key).uncheck();
  }
}
