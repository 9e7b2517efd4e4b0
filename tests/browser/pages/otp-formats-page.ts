import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';

/** OTP formats (/developer/otp-formats): the list with status badges, the form with its live preview. */
export class OtpFormatsPage {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'otp-formats-table');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/developer/otp-formats`);
    await this.page.getByTestId('otp-formats-page').waitFor();
  }

  row(title: string): Locator { return this.table.row(title); }

  /** The status of a row once it shows this one. */
  async waitForStatus(title: string, status: 'WatingForConfirm' | 'Confirmed' | 'Rejected'): Promise<void> {
    await this.row(title).locator(`[data-testid="otp-status"][data-status="${status}"]`).waitFor();
  }

  async openCreate(): Promise<void> {
    await this.page.getByTestId('otp-create').click();
    await this.page.getByTestId('otp-format-dialog').waitFor();
  }

  async fill(title: string, text: string): Promise<void> {
    await this.page.getByTestId('otp-title').fill(title);
    await this.page.getByTestId('otp-text').fill(text);
  }

  preview(): Locator { return this.page.getByTestId('otp-preview'); }
  previewIssue(): Locator { return this.page.getByTestId('otp-preview-issue'); }
  placeholderCount(): Locator { return this.page.getByTestId('otp-placeholder-count'); }
  sample(index: number): Locator { return this.page.getByTestId(`otp-sample-${index}`); }

  async save(): Promise<void> {
    await this.page.getByTestId('otp-save').click();
    await this.page.getByTestId('otp-format-dialog').waitFor({ state: 'detached' });
  }

  async confirm(title: string): Promise<void> {
    await this.row(title).getByTestId('otp-confirm').click();
  }

  async delete(title: string): Promise<void> {
    await this.row(title).getByTestId('otp-delete').click();
    await this.page.getByTestId('otp-delete-dialog-confirm').click();
    await this.row(title).waitFor({ state: 'detached' });
  }
}
