import type { Locator, Page } from 'playwright-core';

/** The reseller's margin (/reseller/margin): totals, the chart and the per-send table. */
export class MarginScreen {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/reseller/margin`);
    await this.page.getByTestId('margin-page').waitFor();
  }

  total(key: 'sends' | 'parts' | 'customerPaid' | 'resellerCost' | 'margin'): Locator { return this.page.getByTestId(`margin-total-${key}`); }
  table(): Locator { return this.page.getByTestId('margin-table'); }
  rowMargins(): Locator { return this.page.getByTestId('margin-row-margin'); }
  chart(): Locator { return this.page.getByTestId('margin-chart'); }

  async groupByMonth(): Promise<void> {
    await this.page.getByTestId('margin-group').selectOption('month');
  }
}

/** The reseller's targets (/reseller/targets): one card per target with its progress bar and reward. */
export class TargetsScreen {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/reseller/targets`);
    await this.page.getByTestId('targets-page').waitFor();
  }

  card(targetId: number): Locator { return this.page.locator(`[data-testid="target-card"][data-target-id="${targetId}"]`); }
  progress(targetId: number): Locator { return this.card(targetId).getByTestId('target-progress'); }
  progressText(targetId: number): Locator { return this.card(targetId).getByTestId('target-progress-text'); }
  reward(targetId: number): Locator { return this.card(targetId).getByTestId('target-reward'); }
  createButton(): Locator { return this.page.getByTestId('target-create'); }
  settings(): Locator { return this.page.getByTestId('reseller-settings'); }
}
