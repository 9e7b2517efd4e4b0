import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';
import { SelectControl } from './select-control.js';

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

  organizationPicker(): SelectControl { return new SelectControl(this.page, this.page, 'credit-admin-org'); }
  userPicker(): SelectControl { return new SelectControl(this.page, this.page, 'credit-user-id'); }

  /** An administrator's look at a sub-organization's credit: the organization picked by its name. */
  async showOrganization(name: string): Promise<Locator> {
    await this.organizationPicker().choose(name);
    return this.page.getByTestId('credit-admin-card-balance');
  }

  /** Picks the user (by a search text and the title shown), types amount and description, presses Increase; the confirmation stays open. */
  async startAllowance(userTitle: string, search: string, amount: string, description: string): Promise<Locator> {
    await this.userPicker().choose(userTitle, search);
    await this.page.getByTestId('credit-user-amount').fill(amount);
    await this.page.locator('#credit-user-description').fill(description);
    await this.page.getByTestId('credit-user-increase').click();
    const dialog = this.page.getByTestId('credit-user-confirm');
    await dialog.waitFor();
    return dialog;
  }

  chargeAmount(): Locator { return this.page.getByTestId('credit-charge-amount'); }
  confirmDialog(): Locator { return this.page.getByTestId('credit-charge-confirm'); }

  /** Types amount and description, presses Charge, and leaves the confirmation dialog open. */
  async startCharge(amount: string, description: string): Promise<Locator> {
    await this.chargeAmount().fill(amount);
    await this.page.getByTestId('credit-charge-description').fill(description);
    await this.page.getByTestId('credit-charge-increase').click();
    await this.confirmDialog().waitFor();
    return this.confirmDialog();
  }

  async confirmCharge(): Promise<void> {
    await this.page.getByTestId('credit-charge-confirm-confirm').click();
    await this.confirmDialog().waitFor({ state: 'hidden' });
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

  assignOrganization(): SelectControl { return new SelectControl(this.page, this.page, 'tariff-assign-org'); }
  assignTariff(): SelectControl { return new SelectControl(this.page, this.page, 'tariff-assign-tariff'); }
  /** What the assignment shows as the picked organization's tariff now. */
  current(): Locator { return this.page.getByTestId('tariff-assign-current'); }

  /** Picks the organization and the tariff by name and assigns. */
  async assign(organizationName: string, tariffTitle: string): Promise<void> {
    await this.assignOrganization().choose(organizationName);
    await this.current().waitFor();
    await this.assignTariff().choose(tariffTitle);
    await this.page.getByTestId('tariff-assign-submit').click();
  }

  async calculate(organizationName: string, parts: string, recipients: Record<string, string>): Promise<Record<string, string | null>> {
    await new SelectControl(this.page, this.page, 'calc-org').choose(organizationName);
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

  /**
   * Text fields are typed; `organization` and `user` are picked by the name shown (searched with
   * it); `referenceType`, `typeCreditChange` and `typeTransaction` are chosen in their select by
   * value; `fromDate`/`toDate` are typed into the date picker as the page's calendar shows them
   * (Jalali in fa: see pickerText).
   */
  async filter(fields: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(fields)) {
      const input = this.page.getByTestId(`tx-${name}`);
      if (name === 'organization' || name === 'user') {
        await new SelectControl(this.page, this.page, name === 'organization' ? 'tx-organizationId' : 'tx-userId').choose(value);
      } else if (name === 'referenceType' || name === 'typeCreditChange' || name === 'typeTransaction') {
        await input.click();
        const option = this.page.locator(`[data-testid="tx-${name}-option"][data-value="${value}"]`);
        await option.waitFor();
        await option.click();
        await this.page.getByTestId(`tx-${name}-listbox`).waitFor({ state: 'hidden' });
      } else if (name === 'fromDate' || name === 'toDate') {
        await input.fill(value);
        await input.press('Enter');
      } else {
        await input.fill(value);
      }
    }
    await this.page.getByTestId('tx-apply').click();
  }

  /** The type cells (data-type, data-change) and text of every row shown. */
  typeCells(): Locator { return this.page.getByTestId('tx-type'); }
}
