import type { Locator, Page } from 'playwright-core';

/** The dashboard's statistics section (client/src/features/dashboard/dashboard-charts-view.tsx). */
export class DashboardChartsSection {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/`);
    await this.page.getByTestId('dashboard-page').waitFor();
  }

  section(): Locator { return this.page.getByTestId('dashboard-charts'); }
  /** Waits for the figures (charts drawn, no request in flight). */
  async loaded(): Promise<void> {
    await this.page.getByTestId('dashboard-charts-body').waitFor();
    await this.page.waitForFunction(() => (globalThis as any).document.querySelector('[data-testid="dashboard-charts"]')?.getAttribute('aria-busy') === 'false');
  }

  total(name: 'sends' | 'messages' | 'parts' | 'sent' | 'delivered' | 'creditUsed'): Locator { return this.page.getByTestId(`dashboard-total-${name}`); }
  /** The word a total is named by. */
  async totalLabel(name: 'sends' | 'messages' | 'parts' | 'sent' | 'delivered' | 'creditUsed'): Promise<string> {
    return (await this.page.getByTestId(`dashboard-total-label-${name}`).innerText()).trim();
  }
  /** How many bar segments of the daily chart are drawn with a height (a day and status with messages). */
  async dailyBars(): Promise<number> {
    return this.page.getByTestId('dashboard-daily').locator('.recharts-bar-rectangle').evaluateAll((nodes) =>
      nodes.filter((n) => n.getBoundingClientRect().height > 0.5).length);
  }
  /** The x-axis day labels of the daily chart, with where each is drawn. */
  async dailyTicks(): Promise<{ text: string; x: number }[]> {
    return this.page.getByTestId('dashboard-daily').locator('.recharts-xAxis .recharts-cartesian-axis-tick text').evaluateAll((nodes) =>
      nodes.map((n) => ({ text: (n.textContent ?? '').trim(), x: n.getBoundingClientRect().x })));
  }
  /** The y-axis labels of the daily chart. */
  async dailyValueTicks(): Promise<string[]> {
    return this.page.getByTestId('dashboard-daily').locator('.recharts-yAxis .recharts-cartesian-axis-tick text').evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').trim()));
  }
  topLines(): Locator { return this.page.getByTestId('dashboard-top-line'); }
  donutSlices(testId: 'dashboard-operators' | 'dashboard-send-types'): Locator { return this.page.getByTestId(testId).locator('.recharts-pie-sector'); }
  async chooseUnit(unit: 'messages' | 'parts'): Promise<void> { await this.page.getByTestId(`dashboard-daily-unit-${unit}`).click(); }

  /** Types a range into the pickers (as the calendar shows it: Jalali in fa) and applies it. */
  async showRange(from: string, to: string): Promise<void> {
    for (const [id, value] of [['dashboard-from', from], ['dashboard-to', to]] as const) {
      const input = this.page.getByTestId(id);
      await input.fill(value);
      await input.press('Enter');
    }
    await this.page.getByTestId('dashboard-range-apply').click();
  }
  empty(): Locator { return this.page.getByTestId('dashboard-charts-empty'); }
  rangeError(): Locator { return this.page.getByTestId('dashboard-range-error'); }
}
