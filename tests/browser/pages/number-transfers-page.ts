import type { Locator, Page } from 'playwright-core';
import { SelectControl } from './select-control.js';

/** /numbers/transfers: the transfer form (a line and its owners chosen by pickers) and the history. */
export class NumberTransfersPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/numbers/transfers`);
    await this.page.getByTestId('number-transfers-page').waitFor();
  }

  /** The line by the title its picker shows, found by typing `search`. */
  line(title: string, search: string): Promise<void> { return new SelectControl(this.page, this.page, 'transfer-privateNumberId').choose(title, search); }
  preOwner(title: string, search: string): Promise<void> { return new SelectControl(this.page, this.page, 'transfer-preOwner').choose(title, search); }
  newOrganization(title: string, search: string): Promise<void> { return new SelectControl(this.page, this.page, 'transfer-newOrganization').choose(title, search); }
  newOwner(title: string, search: string): Promise<void> { return new SelectControl(this.page, this.page, 'transfer-newOwner').choose(title, search); }
  filterLine(title: string, search: string): Promise<void> { return new SelectControl(this.page, this.page, 'transfer-filter').choose(title, search); }

  submit(): Locator { return this.page.getByTestId('transfer-submit'); }
  errors(): Locator { return this.page.getByTestId('transfer-errors'); }
  toast(text: string): Locator { return this.page.getByTestId('toasts-item').filter({ hasText: text }).first(); }
  historyRows(): Locator { return this.page.getByTestId('number-transfers-table').locator('tbody tr'); }
}
