import type { Locator, Page } from 'playwright-core';

/** /infrastructure/number-classes: the class list, its dialog and "check all lines". */
export class NumberClassesPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/infrastructure/number-classes`);
    await this.page.getByTestId('number-classes-page').waitFor();
  }

  root(): Locator { return this.page.getByTestId('number-classes-page'); }
  dialog(): Locator { return this.page.getByTestId('number-class-dialog'); }
  importNotice(): Locator { return this.page.getByTestId('number-classes-import-later'); }
  /** The toast that says `text` (a save toast may still show beside it). */
  toast(text: string): Locator { return this.page.getByTestId('toasts-item').filter({ hasText: text }).first(); }
  rowTitles(): Locator { return this.page.getByTestId('number-class-row-title'); }

  /** Fills and saves the dialog; operator class names by operator key (MCI, Irancell, Rightel), patterns one a line. */
  async create(input: { title: string; operatorClasses: Record<string, string>; patterns: string[] }): Promise<void> {
    await this.page.getByTestId('number-classes-create').click();
    await this.dialog().waitFor();
    await this.dialog().getByTestId('number-class-title').fill(input.title);
    for (const [op, name] of Object.entries(input.operatorClasses)) await this.dialog().getByTestId(`number-class-op-${op}`).fill(name);
    await this.dialog().getByTestId('number-class-patterns').fill(input.patterns.join('\n'));
    await this.dialog().getByTestId('number-class-save').click();
  }

  async checkAll(): Promise<void> {
    await this.page.getByTestId('number-classes-check-all').click();
  }
}

/** A line's class on the lines page: its row's cell, and the form's read-only section. */
export class LineClassView {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async openLines(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/infrastructure/lines`);
    await this.page.getByTestId('lines-page').waitFor();
  }

  /** The row of the line whose number the panel shows as `shownNumber` (Persian digits in fa). */
  row(shownNumber: string): Locator {
    return this.page.getByTestId('lines-table').locator('tr', { has: this.page.getByTestId('line-row-number').getByText(shownNumber, { exact: true }) });
  }

  stateIn(row: Locator): Locator { return row.getByTestId('line-class-state'); }

  async openForm(row: Locator): Promise<Locator> {
    await row.getByTestId('line-edit').click();
    const dialog = this.page.getByTestId('line-dialog');
    await dialog.waitFor();
    return dialog.getByTestId('line-group-numberClass');
  }
}
