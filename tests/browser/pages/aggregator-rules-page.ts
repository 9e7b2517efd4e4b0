import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';
import { SelectControl } from './select-control.js';

/** Aggregator rules (/infrastructure/aggregator-rules): the table and the rule dialog. */
export class AggregatorRulesPage {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'aggregator-rules-table');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/infrastructure/aggregator-rules`);
    await this.page.getByTestId('aggregator-rules-page').waitFor();
  }

  row(text: string): Locator { return this.table.row(text); }
  dialog(): Locator { return this.page.getByTestId('aggregator-dialog'); }
  /** The message shown under a field of the dialog. */
  fieldError(field: string): Locator { return this.dialog().locator(`#aggregator-${field}-error`); }

  async startCreate(): Promise<void> {
    await this.page.getByTestId('aggregator-create').click();
    await this.dialog().waitFor();
  }

  async fill(rule: { line?: string; organization?: string; regex: string; aggregator?: string }): Promise<void> {
    if (rule.line) await new SelectControl(this.page, this.dialog(), 'aggregator-line').choose(rule.line);
    if (rule.organization) await new SelectControl(this.page, this.dialog(), 'aggregator-organization').choose(rule.organization);
    await this.dialog().getByTestId('aggregator-regex').fill(rule.regex);
    if (rule.aggregator) await this.dialog().getByTestId('aggregator-sms-aggregator').selectOption(rule.aggregator);
  }

  async save(): Promise<void> {
    await this.dialog().getByTestId('aggregator-save').click();
  }
}
