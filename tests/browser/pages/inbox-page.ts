import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';

/** The inbox (/inbox): the table, the all/unread filter, selection and the message dialog. */
export class InboxPage {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'inbox-table');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/inbox`);
    await this.page.getByTestId('inbox-page').waitFor();
  }

  row(text: string): Locator { return this.table.row(text); }
  unreadCount(): Locator { return this.page.getByTestId('inbox-unread-count'); }
  dialog(): Locator { return this.page.getByTestId('inbox-message-dialog'); }

  /** 'true' or 'false' for the row holding this text. */
  readState(text: string): Promise<string | null> { return this.row(text).getByTestId('inbox-row-status').getAttribute('data-read'); }

  async waitForReadState(text: string, read: boolean, timeoutMs = 10_000): Promise<void> {
    await this.row(text).getByTestId('inbox-row-status').and(this.page.locator(`[data-read="${read}"]`)).waitFor({ timeout: timeoutMs });
  }

  async show(which: 'all' | 'unread'): Promise<void> {
    await this.page.getByTestId(`inbox-show-${which}`).click();
  }

  async openMessage(text: string): Promise<void> {
    await this.row(text).getByTestId('inbox-row-text').click();
    await this.dialog().waitFor();
  }

  async closeMessage(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.dialog().waitFor({ state: 'detached' });
  }

  async select(text: string): Promise<void> {
    await this.row(text).getByTestId('inbox-row-select').check();
  }

  async markSelected(): Promise<void> {
    await this.page.getByTestId('inbox-mark-selected').click();
  }
}
