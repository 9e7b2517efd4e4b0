import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';

/** Short links (/services/short-links, /services/short-links/:id) and the outbox send's clicks. */
export class ShortLinksPages {
  readonly links: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.links = new DataTableControl(page, 'short-links-table');
  }

  async openList(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/services/short-links`);
    await this.page.getByTestId('short-links-page').waitFor();
  }

  async openDetail(id: number): Promise<void> {
    await this.page.goto(`${this.baseUrl}/services/short-links/${id}`);
    await this.page.getByTestId('short-link-detail-page').waitFor();
  }

  async create(mainUrl: string, title = ''): Promise<void> {
    await this.page.getByTestId('short-link-main-url').fill(mainUrl);
    if (title) await this.page.getByTestId('short-link-title').fill(title);
    await this.page.getByTestId('short-link-save').click();
  }

  emptyCreate(): Locator { return this.page.getByTestId('short-link-empty-create'); }
  errors(): Locator { return this.page.getByTestId('short-link-errors'); }
  summaryTotal(testId = 'short-link-summary'): Locator { return this.page.getByTestId(`${testId}-total`); }

  /** Reloads until the summary counts `n` clicks (the journal is drained every second). */
  async waitForClicks(n: number, testId = 'short-link-summary'): Promise<void> {
    for (let i = 0; i < 40; i++) {
      const total = this.summaryTotal(testId);
      // After a reload the summary is read again: wait for it before judging (a busy machine takes
      // longer than the half second between tries to draw it).
      await total.waitFor({ timeout: 15_000 }).catch(() => undefined);
      if ((await total.count()) > 0 && (await total.getAttribute('data-value')) === String(n)) return;
      await this.page.waitForTimeout(500);
      await this.page.reload();
    }
    throw new Error(`the summary did not reach ${n} clicks`);
  }
}
