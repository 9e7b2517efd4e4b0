import type { Locator, Page } from 'playwright-core';
import { SelectControl } from './select-control.js';

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
  resellerPicker(): SelectControl { return new SelectControl(this.page, this.page, 'targets-reseller'); }
  pickPrompt(): Locator { return this.page.getByTestId('targets-pick'); }
  errors(): Locator { return this.page.getByTestId('target-errors'); }

  /** Opens the new-target dialog and fills it; `submit` sends it. */
  async fillTarget(t: { title?: string; times?: 'Monthly' | 'Quarterly' | 'Yearly'; targetValue?: string; credit?: string }): Promise<void> {
    const dialog = this.page.getByTestId('target-dialog');
    if (!(await dialog.isVisible())) await this.createButton().click();
    if (t.title !== undefined) await this.page.getByTestId('target-title').fill(t.title);
    if (t.times) await this.page.getByTestId('target-times').selectOption(t.times);
    if (t.targetValue !== undefined) await this.page.getByTestId('target-value').fill(t.targetValue);
    if (t.credit !== undefined) await this.page.getByTestId('target-credit').fill(t.credit);
  }

  async submitTarget(): Promise<void> { await this.page.getByTestId('target-save').click(); }

  async editTarget(targetId: number): Promise<void> { await this.card(targetId).getByTestId('target-edit').click(); }

  async deleteTarget(targetId: number): Promise<void> {
    await this.card(targetId).getByTestId('target-delete').click();
    await this.page.getByTestId('target-delete-dialog-confirm').click();
  }

  async saveSettings(pricePerSms: string, panelPercent: string): Promise<void> {
    await this.page.getByTestId('reseller-price').fill(pricePerSms);
    await this.page.getByTestId('reseller-percent').fill(panelPercent);
    await this.page.getByTestId('reseller-settings-save').click();
  }
}
