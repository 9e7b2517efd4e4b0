import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';

/** The API tokens list and one token's detail page (tabs: safe IPs, IP rules, client rules, call log). */
export class ApiTokenPages {
  readonly tokens: DataTableControl;
  readonly safeIps: DataTableControl;
  readonly ipRules: DataTableControl;
  readonly logs: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.tokens = new DataTableControl(page, 'api-tokens-table');
    this.safeIps = new DataTableControl(page, 'safe-ips-table');
    this.ipRules = new DataTableControl(page, 'ip-rules-table');
    this.logs = new DataTableControl(page, 'logs-table');
  }

  async openList(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/developer/api-tokens`);
    await this.page.getByTestId('api-tokens-page').waitFor();
  }

  async openDetails(title: string): Promise<void> {
    await this.tokens.row(title).getByTestId('api-token-details').click();
    await this.page.getByTestId('api-token-detail-page').waitFor();
  }

  /** Creates a token through the dialog and returns its secret, read from the dialog that shows it once. */
  async createToken(title: string): Promise<string> {
    await this.page.getByTestId('api-token-create').click();
    await this.page.getByTestId('api-token-dialog').waitFor();
    await this.page.getByTestId('api-token-title').fill(title);
    await this.page.getByTestId('api-token-save').click();
    const secret = await this.page.getByTestId('api-token-secret').inputValue();
    await this.page.getByTestId('api-token-secret-close').click();
    await this.page.getByTestId('api-token-secret-dialog').waitFor({ state: 'detached' });
    await this.tokens.row(title).waitFor();
    return secret;
  }

  tab(name: 'safeIps' | 'ipRules' | 'clientRules' | 'logs'): Locator { return this.page.getByTestId(`api-token-tab-${name}`); }

  async addSafeIp(ip: string): Promise<void> {
    await this.page.getByTestId('safe-ip-input').fill(ip);
    await this.page.getByTestId('safe-ip-add').click();
    await this.safeIps.row(ip).waitFor();
  }

  async addIpRule(rule: { endpoint: string; limit: number; period: number }): Promise<void> {
    await this.page.getByTestId('ip-rule-endpoint').fill(rule.endpoint);
    await this.page.getByTestId('ip-rule-limit').fill(String(rule.limit));
    await this.page.getByTestId('ip-rule-period').fill(String(rule.period));
    await this.page.getByTestId('ip-rule-add').click();
    await this.ipRules.row(rule.endpoint).waitFor();
  }

  /** Refreshes the call log until it shows `count` rows (the log is written in batches, off the request path). */
  async waitForLogRows(count: number, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((await this.logs.rows().count()) < count) {
      if (Date.now() > deadline) throw new Error(`the call log did not reach ${count} rows`);
      await this.page.getByTestId('logs-refresh').click();
      await this.logs.rows().nth(count - 1).waitFor({ timeout: 500 }).catch(() => undefined);
    }
  }

  /** The HTTP statuses shown, newest first, in Latin digits (the Persian page shows Persian ones). */
  async logStatuses(): Promise<string[]> {
    const texts = await this.logs.root().getByTestId('log-status').allInnerTexts();
    return texts.map((t) => t.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))));
  }
}
