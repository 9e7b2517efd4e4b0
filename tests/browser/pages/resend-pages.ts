import type { Locator, Page } from 'playwright-core';
import { SelectControl } from './select-control.js';

/** The outbox detail's resend part: the action, its dialog, and the links to and from other sends. */
export class ResendSection {
  readonly line: SelectControl;

  constructor(private readonly page: Page) {
    this.line = new SelectControl(page, page.getByTestId('resend-dialog'), 'resend-line');
  }

  button(): Locator { return this.page.getByTestId('outbox-resend'); }
  dialog(): Locator { return this.page.getByTestId('resend-dialog'); }
  status(status: string): Locator { return this.page.getByTestId(`resend-status-${status}`); }
  count(): Locator { return this.page.getByTestId('resend-count'); }
  errors(): Locator { return this.page.getByTestId('resend-errors'); }
  /** The dialog's warning that receivers of this send were already resent (one line per earlier resend, data-id). */
  warning(): Locator { return this.page.getByTestId('resend-already'); }
  resendOf(): Locator { return this.page.getByTestId('outbox-resend-of'); }
  resendLinks(): Locator { return this.page.getByTestId('outbox-resend-link'); }

  async open(): Promise<void> {
    await this.button().click();
    await this.dialog().waitFor();
  }

  /** Ticks exactly these statuses among the ones offered. */
  async choose(statuses: string[]): Promise<void> {
    const boxes = this.dialog().locator('input[type="checkbox"]');
    for (let i = 0; i < await boxes.count(); i++) {
      const box = boxes.nth(i);
      const status = String(await box.getAttribute('data-testid')).replace('resend-status-', '');
      if ((await box.isChecked()) !== statuses.includes(status)) await box.click();
    }
  }

  async submit(): Promise<void> { await this.page.getByTestId('resend-submit').click(); }
}

/** The lines page's automatic resend dialog of one line. */
export class ResendRulesDialog {
  constructor(private readonly page: Page) {}

  root(): Locator { return this.page.getByTestId('resend-rules-dialog'); }
  rules(): Locator { return this.root().locator('[data-testid="resend-rules"] tbody tr').filter({ has: this.page.getByTestId('resend-rule-delete') }); }

  async add(statuses: string[], targetLineIds: number[]): Promise<void> {
    for (const s of statuses) await this.root().getByTestId(`resend-rule-status-${s}`).check();
    for (const id of targetLineIds) await this.root().getByTestId(`resend-rule-target-${id}`).check();
    await this.root().getByTestId('resend-rule-add').click();
  }
}
