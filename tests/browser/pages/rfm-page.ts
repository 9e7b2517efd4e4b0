import type { Locator, Page } from 'playwright-core';

/** The RFM ranking (/rfm): filters, the table, the export and the point strategy. */
export class RfmScreen {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/rfm`);
    await this.page.getByTestId('rfm-page').waitFor();
  }

  table(): Locator { return this.page.getByTestId('rfm-table'); }
  totalPoints(): Locator { return this.page.getByTestId('rfm-total-point'); }
  run(): Locator { return this.page.getByTestId('rfm-run'); }

  async onlyWithoutSends(): Promise<void> {
    await this.page.getByTestId('rfm-filter-sends').selectOption('without');
    await this.page.getByTestId('rfm-apply').click();
  }

  async exportFile(): Promise<string> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId('rfm-export').click()]);
    return download.suggestedFilename();
  }

  async addRange(index: 'recency' | 'frequency' | 'monetary', n: number, r: { start: string; end: string; point: string }): Promise<void> {
    await this.page.getByTestId(`rfm-${index}-add`).click();
    await this.page.getByTestId(`rfm-${index}-${n}-start`).fill(r.start);
    await this.page.getByTestId(`rfm-${index}-${n}-end`).fill(r.end);
    await this.page.getByTestId(`rfm-${index}-${n}-point`).fill(r.point);
  }

  async saveStrategy(): Promise<void> { await this.page.getByTestId('rfm-strategy-save').click(); }
}
