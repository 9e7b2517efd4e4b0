import type { Locator, Page } from 'playwright-core';

/** A report (/reports/user, /reports/organization, /reports/tree): filters, totals, charts, tables, export. */
export class ReportsScreen {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(kind: 'user' | 'organization' | 'tree'): Promise<void> {
    await this.page.goto(`${this.baseUrl}/reports/${kind}`);
    await this.page.getByTestId('reports-page').waitFor();
  }

  body(): Locator { return this.page.getByTestId('reports-body'); }
  total(name: string): Locator { return this.page.getByTestId(`reports-total-${name}`); }
  seriesChart(): Locator { return this.page.getByTestId('reports-series').locator('svg.recharts-surface').first(); }
  operatorsLegend(): Locator { return this.page.getByTestId('reports-operators-legend'); }
  statusesDonut(): Locator { return this.page.getByTestId('reports-statuses').locator('svg.recharts-surface').first(); }
  treeTable(): Locator { return this.page.getByTestId('reports-tree-table'); }
  periods(): Locator { return this.page.getByTestId('report-period'); }
  tab(kind: string): Locator { return this.page.getByTestId(`reports-tab-${kind}`); }

  async groupByMonth(): Promise<void> {
    await this.page.getByTestId('reports-grouping-month').click();
    await this.page.getByTestId('reports-apply').click();
  }

  /** Clicks the export and answers the download's file name and path. */
  async exportFile(): Promise<{ name: string; path: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId('reports-export').click()]);
    return { name: download.suggestedFilename(), path: (await download.path())! };
  }
}
