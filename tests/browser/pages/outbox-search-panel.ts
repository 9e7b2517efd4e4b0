import type { Locator, Page } from 'playwright-core';
import { pickerText } from './outbox-pages.js';
import { SelectControl } from './select-control.js';

/** The outbox page's advanced search panel (client/src/features/outbox/outbox-advanced-search.tsx). */
export class OutboxSearchPanel {
  readonly deliveryStatus: SelectControl;

  constructor(private readonly page: Page) {
    this.deliveryStatus = new SelectControl(page, page, 'adv-delivery-status');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('outbox-advanced-toggle').click();
    await this.page.getByTestId('outbox-advanced-search').waitFor();
  }

  /** Types the days into the pickers as the page's calendar shows them (Jalali in fa). */
  async range(from: Date, to: Date): Promise<void> {
    for (const [id, at] of [['adv-from', from], ['adv-to', to]] as const) {
      const input = this.page.getByTestId(id);
      await input.fill((await pickerText(this.page, at)).slice(0, 10));
      await input.press('Enter');
    }
  }

  async number(value: string): Promise<void> { await this.page.getByTestId('adv-number').fill(value); }

  /** Searches and waits for the answer (results or an error). */
  async submit(): Promise<void> {
    await this.page.getByTestId('adv-submit').click();
    await this.page.locator('[data-testid="adv-results"], [data-testid="adv-error"], [data-testid="adv-number-error"]').first().waitFor();
    await this.page.waitForFunction(() => !(globalThis as any).document.querySelector('[data-testid="adv-submit"]')?.hasAttribute('aria-busy') && !(globalThis as any).document.querySelector('[data-testid="adv-submit"]')?.disabled);
  }

  rows(): Locator { return this.page.getByTestId('adv-row'); }
  /** The text column of every row shown. */
  async texts(): Promise<string[]> { return this.rows().getByTestId('adv-text-cell').evaluateAll((cells) => cells.map((c) => (c.textContent ?? '').trim())); }
  error(): Locator { return this.page.getByTestId('adv-error'); }
  next(): Locator { return this.page.getByTestId('adv-next'); }
  pageLabel(): Locator { return this.page.getByTestId('adv-page'); }

  /** The (send id, number) of every row shown. */
  async shown(): Promise<{ send: number; number: string }[]> {
    return this.rows().evaluateAll((rows) => rows.map((r) => ({ send: Number(r.getAttribute('data-send')), number: r.getAttribute('data-number') ?? '' })));
  }

  /** Opens a row's raw report and answers the JSON shown. */
  async rawReport(row: number): Promise<string> {
    await this.rows().nth(row).getByTestId('adv-raw-report').click();
    const json = this.page.getByTestId('outbox-raw-report-json');
    await json.waitFor();
    return (await json.textContent()) ?? '';
  }

  /** Exports the search result, waits for the job (progress pushed to the page), downloads the file: its saved path. */
  async exportAndDownload(): Promise<string> {
    await this.page.getByTestId('adv-export-start').click();
    const link = this.page.getByTestId('adv-export-download');
    await link.waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([this.page.waitForEvent('download'), link.click()]);
    const saved = await download.path();
    if (!saved) throw new Error(`download failed: ${await download.failure()}`);
    return saved;
  }
}
