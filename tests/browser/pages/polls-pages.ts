import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';
import { SelectControl } from './select-control.js';

/** Polls and competitions (/polls): the list, the form and a poll's page (live results, the draw). */
export class PollsPages {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'polls-table');
  }

  async openList(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/polls`);
    await this.page.getByTestId('polls-page').waitFor();
  }

  /** Opens a poll's page from its title in the list. */
  async openPoll(title: string): Promise<void> {
    await this.table.row(title).getByTestId('poll-row-title').click();
    await this.page.getByTestId('poll-detail-page').waitFor();
  }

  async startNew(): Promise<void> {
    await this.page.getByTestId('poll-create').click();
    await this.page.getByTestId('poll-form').waitFor();
  }

  async fillPoll(p: { title: string; line: string; options: [string, string][]; winners: number }): Promise<void> {
    await this.page.getByTestId('poll-title').fill(p.title);
    await new SelectControl(this.page, this.page, 'poll-line').choose(p.line, p.line.slice(-4));
    const rows = this.page.getByTestId('poll-option');
    for (let i = 0; i < p.options.length; i++) {
      if (i >= (await rows.count())) await this.page.getByTestId('poll-add-option').click();
      await rows.nth(i).getByTestId('poll-option-title').fill(p.options[i][0]);
      await rows.nth(i).getByTestId('poll-option-keyword').fill(p.options[i][1]);
    }
    await this.page.getByTestId('poll-winners').fill(String(p.winners));
  }

  async save(): Promise<void> {
    await this.page.getByTestId('poll-save').click();
    await this.page.getByTestId('poll-detail-page').waitFor();
  }

  chart(): Locator { return this.page.getByTestId('poll-results-chart'); }
  /** The count shown for the option with this keyword. */
  count(keyword: string): Locator { return this.page.locator(`[data-testid="poll-result-row"][data-keyword="${keyword}"]`).getByTestId('poll-result-count'); }
  /** The keyword shown for the option with this keyword (as stored). */
  keyword(keyword: string): Locator { return this.page.locator(`[data-testid="poll-result-row"][data-keyword="${keyword}"]`).getByTestId('poll-result-keyword'); }
  async waitForCount(keyword: string, shown: string, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((await this.count(keyword).innerText()) !== shown) {
      if (Date.now() > deadline) throw new Error(`the count of ${keyword} did not become ${shown}`);
      await this.page.waitForTimeout(100);
    }
  }

  /** The chart's bars (Recharts draws one path per bar with a value). */
  bars(): Locator { return this.chart().locator('.recharts-bar-rectangle'); }

  async draw(): Promise<void> {
    await this.page.getByTestId('poll-draw-button').click();
    await this.page.getByTestId('poll-draw-dialog').getByRole('button', { name: /قرعه‌کشی کن|Draw winners/ }).click();
    await this.page.getByTestId('poll-draw-result').waitFor();
  }

  winners(): Locator { return this.page.getByTestId('poll-winner'); }
}
