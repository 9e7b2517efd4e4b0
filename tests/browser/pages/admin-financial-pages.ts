import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';
import { SelectControl } from './select-control.js';

/** The main settings screen (/infrastructure/main-settings). */
export class MainSettingsScreen {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/infrastructure/main-settings`);
    await this.page.getByTestId('main-settings-form').waitFor();
  }

  field(key: string): Locator { return this.page.getByTestId(`setting-${key}`); }
  group(name: string): Locator { return this.page.getByTestId(`main-settings-group-${name}`); }
  /** The hint under a field (its aria-describedby). */
  async hint(key: string): Promise<string> {
    const id = await this.field(key).getAttribute('id');
    return this.page.locator(`[id="${id}-hint"]`).innerText();
  }
  async error(key: string): Promise<string> {
    const id = await this.field(key).getAttribute('id');
    return this.page.locator(`[id="${id}-error"]`).innerText();
  }
  unsaved(): Locator { return this.page.getByTestId('main-settings-unsaved'); }

  async set(key: string, value: string): Promise<void> { await this.field(key).fill(value); }

  /** Save: the confirmation lists the changed settings by label; answers what it listed. */
  async save(): Promise<string> {
    await this.page.getByTestId('main-settings-save').click();
    const dialog = this.page.getByTestId('main-settings-confirm');
    await dialog.waitFor();
    const listed = await this.page.getByTestId('main-settings-confirm-keys').innerText();
    await this.page.getByTestId('main-settings-confirm-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    return listed;
  }

  async discard(): Promise<void> { await this.page.getByTestId('main-settings-discard').click(); }

  leaveDialog(): Locator { return this.page.getByTestId('main-settings-leave'); }
}

/** The plans screen (/financial/plans). */
export class PlansScreen {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'plans-table');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/financial/plans`);
    await this.page.getByTestId('plans-page').waitFor();
  }

  dialog(): Locator { return this.page.getByTestId('plan-dialog'); }

  async create(plan: { title: string; planType: string; planPrice: string; extentionPrice?: string; information?: string; modules: string[] }): Promise<void> {
    await this.page.getByTestId('plan-create').click();
    await this.fill(plan);
  }

  async edit(title: string): Promise<void> {
    await this.table.row(title).getByTestId('plan-edit').click();
    await this.dialog().waitFor();
  }

  async fill(plan: { title: string; planType: string; planPrice: string; extentionPrice?: string; information?: string; modules: string[] }): Promise<void> {
    const d = this.dialog();
    await d.waitFor();
    await d.getByTestId('plan-title-input').fill(plan.title);
    await d.getByTestId('plan-planType').fill(plan.planType);
    await d.getByTestId('plan-planPrice').fill(plan.planPrice);
    if (plan.extentionPrice !== undefined) await d.getByTestId('plan-extentionPrice').fill(plan.extentionPrice);
    if (plan.information !== undefined) await d.getByTestId('plan-planInformation').fill(plan.information);
    for (const m of plan.modules) await d.getByTestId(`plan-module-${m}`).check();
  }

  async submit(): Promise<void> {
    await this.dialog().getByTestId('plan-save').click();
    await this.dialog().waitFor({ state: 'hidden' });
  }

  publicLink(): Locator { return this.dialog().getByTestId('plan-public-link'); }

  async delete(title: string): Promise<void> {
    await this.table.row(title).getByTestId('plan-delete').click();
    await this.page.getByTestId('plan-delete-confirm-confirm').click();
    await this.table.row(title).waitFor({ state: 'detached' });
  }
}

/** The organization modules screen (/financial/modules). */
export class ModulesScreen {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'modules-table');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/financial/modules`);
    await this.page.getByTestId('modules-page').waitFor();
  }

  explanation(): Locator { return this.page.getByTestId('modules-explain'); }

  async pick(organizationName: string): Promise<void> {
    await new SelectControl(this.page, this.page, 'modules-organization').choose(organizationName);
    await this.table.rows().first().waitFor();
  }

  /** The state of a module's row (held, locked, inherited, free) by its shown name. */
  state(moduleName: string): Promise<string | null> { return this.table.row(moduleName).getByTestId('module-state').getAttribute('data-state'); }

  async waitForState(moduleName: string, state: string): Promise<void> {
    await this.table.row(moduleName).locator(`[data-testid="module-state"][data-state="${state}"]`).waitFor();
  }

  async assign(moduleName: string): Promise<void> {
    await this.table.row(moduleName).getByTestId('module-assign').click();
    await this.waitForState(moduleName, 'held');
  }

  async unassign(moduleName: string): Promise<void> {
    await this.table.row(moduleName).getByTestId('module-unassign').click();
    await this.page.getByTestId('module-unassign-confirm-confirm').click();
    await this.page.getByTestId('module-unassign-confirm').waitFor({ state: 'hidden' });
  }
}

/** The pre-invoice page (/financial/pre-invoices/:id). */
export class PreInvoiceScreen {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async goto(id: number): Promise<void> { await this.page.goto(`${this.baseUrl}/financial/pre-invoices/${id}`); }
  async waitFor(): Promise<void> { await this.page.getByTestId('pre-invoice').waitFor(); }
  root(): Locator { return this.page.getByTestId('pre-invoice'); }
  /** The exact rials of price, levy, vat or total. */
  amount(name: 'price' | 'levy' | 'vat' | 'total'): Promise<string | null> { return this.page.getByTestId(`pre-invoice-${name}`).getAttribute('data-value'); }
  validUntil(): Locator { return this.page.getByTestId('pre-invoice-valid-until'); }
  number(): Locator { return this.page.getByTestId('pre-invoice-number'); }
  refused(): Locator { return this.page.getByTestId('pre-invoice-refused'); }
  proceed(): Locator { return this.page.getByTestId('pre-invoice-proceed'); }

  /** Buys the package or plan from credit through the confirmation. */
  async buy(): Promise<void> {
    await this.proceed().click();
    await this.page.getByTestId('pre-invoice-buy-confirm-confirm').click();
  }
}
