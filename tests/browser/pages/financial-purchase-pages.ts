import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';

/** The printable invoice page (/financial/invoices/:id or /financial/invoice/:kind/:referenceId). */
export class InvoiceScreen {
  constructor(private readonly page: Page) {}

  async waitFor(): Promise<void> { await this.page.getByTestId('invoice').waitFor(); }
  root(): Locator { return this.page.getByTestId('invoice'); }
  /** The exact rials of an amount field: price, levy, vat or total. */
  amount(name: 'price' | 'levy' | 'vat' | 'total'): Promise<string | null> { return this.page.getByTestId(`invoice-${name}`).getAttribute('data-value'); }
  sellerName(): Locator { return this.page.getByTestId('invoice-seller-name'); }
  buyerName(): Locator { return this.page.getByTestId('invoice-buyer-name'); }
  iban(): Locator { return this.page.getByTestId('invoice-iban'); }
  number(): Locator { return this.page.getByTestId('invoice-number'); }
  lines(): Locator { return this.page.getByTestId('invoice-lines'); }
}

/** The packages screen seen by a buyer: buying with a discount code, and "My purchases". */
export class PackagePurchaseScreen {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'packages-table');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/financial/packages`);
    await this.page.getByTestId('packages-page').waitFor();
  }

  dialog(): Locator { return this.page.getByTestId('package-buy-dialog'); }

  async startBuying(title: string): Promise<void> {
    await this.table.row(title).getByTestId('package-buy').click();
    await this.dialog().waitFor();
  }

  async checkCode(code: string): Promise<void> {
    await this.dialog().getByTestId('package-buy-code').fill(code);
    await this.dialog().getByTestId('package-buy-check').click();
  }

  discount(): Locator { return this.dialog().getByTestId('package-buy-discount'); }

  async submit(): Promise<void> {
    await this.dialog().getByTestId('package-buy-submit').click();
    await this.dialog().waitFor({ state: 'hidden' });
  }

  async openPurchases(): Promise<DataTableControl> {
    await this.page.getByTestId('packages-purchases').click();
    return new DataTableControl(this.page, 'purchases-table');
  }
}

/** The public plan page (/plan/:planId). */
export class PlanScreen {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async goto(planId: number | string): Promise<void> { await this.page.goto(`${this.baseUrl}/plan/${planId}`); }
  title(): Locator { return this.page.getByTestId('plan-title'); }
  notFound(): Locator { return this.page.getByTestId('plan-not-found'); }

  async buy(): Promise<void> {
    await this.page.getByTestId('plan-buy').click();
    await this.page.getByTestId('plan-buy-confirm-confirm').click();
    await this.page.getByTestId('plan-bought').waitFor();
  }

  currentCredit(): Locator { return this.page.getByTestId('plan-current-credit'); }
  invoiceLink(): Locator { return this.page.getByTestId('plan-invoice'); }
}
