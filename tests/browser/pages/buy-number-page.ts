import type { Locator, Page } from 'playwright-core';

/** /numbers/buy: the free-number search, the pay dialog and the caller's requests. */
export class BuyNumberPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/numbers/buy`);
    await this.page.getByTestId('buy-number-page').waitFor();
  }

  async search(pattern: string): Promise<void> {
    await this.page.getByTestId('buy-pattern').fill(pattern);
    await this.page.getByTestId('buy-search-submit').click();
  }

  /** The free numbers' row showing this number (as the page writes it). */
  freeRow(shown: string): Locator {
    return this.page.getByTestId('free-numbers-table').locator('tr').filter({ has: this.page.getByTestId('free-number').getByText(shown, { exact: true }) });
  }

  dialog(): Locator { return this.page.getByTestId('buy-pay-dialog'); }
  terms(): Locator { return this.dialog().getByTestId('buy-terms'); }
  submit(): Locator { return this.dialog().getByTestId('buy-pay-submit'); }
  toast(text: string): Locator { return this.page.getByTestId('toasts-item').filter({ hasText: text }).first(); }

  /** My requests' row of this number (as the page writes it). */
  myRow(shown: string): Locator {
    return this.page.getByTestId('my-requests-table').locator('tr').filter({ has: this.page.getByTestId('my-request-number').getByText(shown, { exact: true }) });
  }
}
