import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';

/** Webhooks (/developer/webhooks): the list, the create dialog, the secret shown once. */
export class WebhooksPage {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'webhooks-table');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/developer/webhooks`);
    await this.page.getByTestId('webhooks-page').waitFor();
  }

  row(url: string): Locator { return this.table.row(url); }

  /** Creates one and answers the secret the dialog shows (closing it). */
  async create(url: string, tryCount: number): Promise<string> {
    await this.page.getByTestId('webhook-create').click();
    await this.page.getByTestId('webhook-dialog').waitFor();
    await this.page.getByTestId('webhook-url').fill(url);
    await this.page.getByTestId('webhook-try-count').selectOption(String(tryCount));
    await this.page.getByTestId('webhook-save').click();
    const secret = await this.page.getByTestId('webhook-secret').inputValue();
    await this.page.getByTestId('webhook-secret-close').click();
    await this.page.getByTestId('webhook-secret-dialog').waitFor({ state: 'detached' });
    return secret;
  }

  async sendTest(url: string): Promise<void> {
    await this.row(url).getByTestId('webhook-test').click();
  }

  async openDeliveries(url: string): Promise<WebhookDeliveriesPage> {
    await this.row(url).getByTestId('webhook-deliveries').click();
    await this.page.getByTestId('webhook-deliveries-page').waitFor();
    return new WebhookDeliveriesPage(this.page);
  }
}

/** One webhook's deliveries (/developer/webhooks/:id/deliveries). */
export class WebhookDeliveriesPage {
  readonly table: DataTableControl;

  constructor(private readonly page: Page) {
    this.table = new DataTableControl(page, 'webhook-deliveries-table');
  }

  /** The first row once its status is this one (the page refreshes itself). */
  async waitForStatus(status: 'pending' | 'succeeded' | 'failed', timeoutMs = 30_000): Promise<Locator> {
    const cell = this.table.rows().first().locator(`[data-testid="delivery-status"][data-status="${status}"]`);
    await cell.waitFor({ timeout: timeoutMs });
    return this.table.rows().first();
  }

  async resendFirst(): Promise<void> {
    await this.table.rows().first().getByTestId('delivery-resend').click();
  }
}
