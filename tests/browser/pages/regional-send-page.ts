import type { Locator, Page } from 'playwright-core';

/** The regional send (/sending/regional): filters over the number bank, live counts, price, send. */
export class RegionalSendPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/sending/regional`);
    await this.page.getByTestId('regional-send-page').waitFor();
  }

  /** The first line the user may send bulk messages from. */
  async chooseFirstLine(): Promise<void> {
    const select = this.page.getByTestId('regional-line');
    await select.locator('option:not([value=""])').first().waitFor({ state: 'attached' });
    const value = await select.locator('option:not([value=""])').first().getAttribute('value');
    await select.selectOption(value as string);
  }

  async setText(text: string): Promise<void> { await this.page.getByTestId('regional-text').fill(text); }
  async pickProvince(name: string): Promise<void> { await this.page.locator(`[data-testid="regional-province"][data-name="${name}"]`).check(); }
  async pickOperator(operator: string): Promise<void> { await this.page.locator(`[data-testid="regional-operator"][data-operator="${operator}"]`).check(); }
  async setCount(n: number): Promise<void> { await this.page.getByTestId('regional-amount').fill(String(n)); }
  available(): Locator { return this.page.getByTestId('regional-available'); }
  price(): Locator { return this.page.getByTestId('regional-price'); }
  async preview(): Promise<void> { await this.page.getByTestId('regional-preview').click(); }
  async send(): Promise<void> { await this.page.getByTestId('regional-send').click(); }
  receiverNumbers(): Locator { return this.page.getByTestId('receiver-number'); }
}
