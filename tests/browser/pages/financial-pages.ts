import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';

/** The payments screen (/financial/payments): list, the create dialog, confirm/reject with a prompt. */
export class PaymentsScreen {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'payments-table');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/financial/payments`);
    await this.page.getByTestId('payments-page').waitFor();
  }

  dialog(): Locator { return this.page.getByTestId('payment-dialog'); }
  field(name: string): Locator { return this.dialog().getByTestId(`payment-${name}`); }

  /** Records a cash payment (the default type) with the keyboard: fields filled, Enter submits. */
  async createCash(fields: Record<string, string>): Promise<void> {
    await this.page.getByTestId('payments-create').click();
    await this.dialog().waitFor();
    for (const [name, value] of Object.entries(fields)) await this.field(name).fill(value);
    await this.field('amount').press('Enter');
    await this.dialog().waitFor({ state: 'hidden' });
  }

  row(text: string): Locator { return this.table.row(text); }
  status(text: string): Locator { return this.row(text).getByTestId('payment-row-status'); }

  /** Confirms the row's payment through the confirmation prompt. */
  async confirm(text: string): Promise<void> {
    await this.row(text).getByTestId('payment-confirm').click();
    const prompt = this.page.getByTestId('payment-decision');
    await prompt.waitFor();
    await this.page.getByTestId('payment-decision-confirm').click();
    await prompt.waitFor({ state: 'hidden' });
  }
}

/** The credit screen (/financial/credit). */
export class CreditScreen {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/financial/credit`);
    await this.page.getByTestId('credit-page').waitFor();
  }

  balance(): Locator { return this.page.getByTestId('credit-my-balance'); }
  available(): Locator { return this.page.getByTestId('credit-my-available'); }

  /** An administrator's look at a sub-organization's credit. */
  async showOrganization(id: string): Promise<Locator> {
    await this.page.getByTestId('credit-admin-org').fill(id);
    await this.page.getByTestId('credit-admin-show').click();
    return this.page.getByTestId('credit-admin-card-balance');
  }
}

/** The dashboard's balance card. */
export class DashboardScreen {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/`);
    await this.page.getByTestId('dashboard-page').waitFor();
  }

  balance(): Locator { return this.page.getByTestId('dashboard-balance'); }
}

/** The tariffs screen (/financial/tariffs): editor, assignment and the price calculator. */
export class TariffsScreen {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/financial/tariffs`);
    await this.page.getByTestId('tariffs-page').waitFor();
  }

  /** Creates a tariff of one open range with these per-operator prices. */
  async create(title: string, prices: Record<string, string>): Promise<void> {
    await this.page.getByTestId('tariff-create').click();
    const dialog = this.page.getByTestId('tariff-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('tariff-title').fill(title);
    for (const [op, price] of Object.entries(prices)) await dialog.getByTestId(`tariff-range-0-price-${op}`).fill(price);
    await dialog.getByTestId('tariff-save').click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async assign(organizationId: string, tariffTitle: string, select: { choose(title: string, search?: string): Promise<void> }): Promise<void> {
    await this.page.getByTestId('tariff-assign-org').fill(organizationId);
    await select.choose(tariffTitle);
    await this.page.getByTestId('tariff-assign-submit').click();
  }

  async calculate(organizationId: string, parts: string, recipients: Record<string, string>): Promise<Record<string, string | null>> {
    await this.page.getByTestId('calc-org').fill(organizationId);
    await this.page.getByTestId('calc-parts').fill(parts);
    for (const [op, n] of Object.entries(recipients)) await this.page.getByTestId(`calc-${op}`).fill(n);
    await this.page.getByTestId('calc-submit').click();
    await this.page.getByTestId('calc-result').waitFor();
    const out: Record<string, string | null> = {};
    for (const k of ['price', 'levy', 'vat', 'total']) out[k] = await this.page.getByTestId(`calc-${k}`).getAttribute('data-value');
    return out;
  }
}

/** The transactions screen (/financial/transactions) with its filters. */
export class TransactionsScreen {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'transactions-table');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/financial/transactions`);
    await this.page.getByTestId('transactions-page').waitFor();
  }

  async filter(fields: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(fields)) await this.page.getByTestId(`tx-${name}`).fill(value);
    await this.page.getByTestId('tx-apply').click();
  }
}
