import type { Locator, Page } from 'playwright-core';

/** `/financial/online-payment`: choose a gateway, type an amount, pay (the browser leaves for the gateway). */
export class OnlinePaymentScreen {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/financial/online-payment`);
    await this.page.getByTestId('online-payment-page').waitFor();
  }

  balance(): Locator { return this.page.getByTestId('online-credit-balance'); }
  gateway(id: number): Locator { return this.page.getByTestId(`online-gateway-${id}`); }

  async pay(amount: string): Promise<void> {
    await this.page.getByTestId('online-amount').fill(amount);
    await this.page.getByTestId('online-pay').click();
  }
}

/** A provider's pay page (the local provider servers) and the server's callback page after it. */
export class GatewayPages {
  constructor(private readonly page: Page) {}

  async payAtProvider(): Promise<void> {
    await this.page.locator('#pay').click();
    await this.page.locator('[data-status]').waitFor();
  }

  callbackStatus(): Promise<string | null> { return this.page.locator('[data-status]').getAttribute('data-status'); }

  async backToPanel(): Promise<void> {
    await this.page.locator('#back').click();
    await this.page.getByTestId('online-result-page').waitFor();
  }
}

/** `/financial/online-payment/result`: the outcome and the balance fetched again. */
export class OnlineResultScreen {
  constructor(private readonly page: Page) {}

  outcome(): Locator { return this.page.getByTestId('online-result'); }
  balance(): Locator { return this.page.getByTestId('online-result-balance'); }
}

/** `/financial/accounts` and `/financial/gateways`: the admin screens of bank accounts and gateways. */
export class GatewayAdminScreens {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async createAccount(fields: Record<string, string>): Promise<void> {
    await this.page.goto(`${this.baseUrl}/financial/accounts`);
    await this.page.getByTestId('accounts-page').waitFor();
    await this.page.getByTestId('account-create').click();
    for (const [name, value] of Object.entries(fields)) await this.page.getByTestId(`account-${name}`).fill(value);
    await this.page.getByTestId('account-save').click();
    await this.page.getByTestId('account-dialog').waitFor({ state: 'hidden' });
  }

  accountsTable(): Locator { return this.page.getByTestId('accounts-table'); }

  async openGateways(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/financial/gateways`);
    await this.page.getByTestId('gateways-page').waitFor();
  }

  /** Opens the new-gateway form with the type chosen; the caller fills the provider's fields. */
  async startGateway(type: string, title: string): Promise<void> {
    await this.page.getByTestId('gateway-create').click();
    await this.page.getByTestId('gateway-type').selectOption(type);
    await this.page.getByTestId('gateway-title').fill(title);
  }

  configField(name: string): Locator { return this.page.getByTestId(`gateway-config-${name}`); }
  errors(): Locator { return this.page.getByTestId('gateway-errors'); }

  async chooseAccount(label: string): Promise<void> {
    await this.page.getByTestId('gateway-account').selectOption({ label });
  }

  async save(): Promise<void> { await this.page.getByTestId('gateway-save').click(); }
  async saved(): Promise<void> { await this.page.getByTestId('gateway-dialog').waitFor({ state: 'hidden' }); }
  gatewaysTable(): Locator { return this.page.getByTestId('gateways-table'); }
}
