import type { Locator, Page } from 'playwright-core';
import { pickerText } from './outbox-pages.js';

/** News: the writer's list and form (/news/manage), the dashboard's latest news and the must-read dialog. */
export class NewsPages {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async openManage(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/news/manage`);
    await this.page.getByTestId('news-manage-page').waitFor();
  }

  async startNew(): Promise<void> {
    await this.page.getByTestId('news-create').click();
    await this.page.getByTestId('news-form').waitFor();
  }

  async fill(n: { title: string; text: string; forSubs: boolean; mustRead: boolean }): Promise<void> {
    await this.page.getByTestId('news-title').fill(n.title);
    await this.page.getByTestId('news-text').fill(n.text);
    if (n.forSubs) await this.page.getByTestId('news-for-subs').check();
    if (n.mustRead) await this.page.getByTestId('news-must-read').check();
  }

  /** Types a time into the end picker (Tehran time, in the page's calendar). */
  async setEnd(at: Date): Promise<void> {
    const input = this.page.getByTestId('news-end');
    await input.fill(await pickerText(this.page, at));
    await input.press('Enter');
  }

  async save(): Promise<void> { await this.page.getByTestId('news-save').click(); }
  form(): Locator { return this.page.getByTestId('news-form'); }
  rowTitles(): Locator { return this.page.getByTestId('news-row-title'); }

  mustReadDialog(): Locator { return this.page.getByTestId('must-read-dialog'); }
  acknowledgeButton(): Locator { return this.page.getByTestId('must-read-acknowledge'); }
  latestNews(): Locator { return this.page.getByTestId('latest-news'); }
}
