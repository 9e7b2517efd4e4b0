import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';
import { SelectControl } from './select-control.js';

/** The page's language is Persian (html lang). */
export async function isPersianPage(page: Page): Promise<boolean> {
  return ((await page.locator('html').getAttribute('lang')) ?? '').toLowerCase().includes('fa');
}

/**
 * What the shared DateTimePicker accepts when typed: `YYYY/MM/DD HH:mm` in Tehran time, in the
 * calendar of the page's language (solar for fa, Gregorian otherwise).
 */
export async function pickerText(page: Page, at: Date): Promise<string> {
  const persian = await isPersianPage(page);
  const parts = Object.fromEntries(new Intl.DateTimeFormat(`en-US-u-ca-${persian ? 'persian' : 'gregory'}-nu-latn`, {
    timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The edit dialog of a send not gone out yet (outbox detail page, queueStatus Updating). */
export class SendEditDialog {
  constructor(private readonly page: Page) {}

  root(): Locator { return this.page.getByTestId('outbox-edit-dialog'); }
  text(): Locator { return this.page.getByTestId('outbox-edit-text'); }
  textError(): Locator { return this.page.getByTestId('outbox-edit-text-error'); }
  /** data-ok="true" while the text keeps the send's part count (data-parts). */
  partsHint(): Locator { return this.page.getByTestId('outbox-edit-parts'); }
  counter(): Locator { return this.root().getByTestId('send-counter'); }
  warning(): Locator { return this.page.getByTestId('outbox-edit-leave-dialog'); }

  async waitOpen(): Promise<void> { await this.root().waitFor(); }

  async setText(text: string): Promise<void> { await this.text().fill(text); }

  async sendNow(): Promise<void> { await this.page.getByTestId('outbox-edit-now').check(); }

  /** Schedules at `at`, typed into the Jalali (fa) or Gregorian (en) picker. */
  async scheduleAt(at: Date): Promise<void> {
    await this.page.getByTestId('outbox-edit-later').check();
    const input = this.page.getByTestId('outbox-edit-datetime');
    await input.fill(await pickerText(this.page, at));
    await input.press('Enter');
  }

  async save(): Promise<void> { await this.page.getByTestId('outbox-edit-save').click(); }

  /** Saves and waits until the dialog is gone (the send went back to its queue status). */
  async saveAndClose(): Promise<void> {
    await this.save();
    await this.root().waitFor({ state: 'hidden' });
  }

  /** Starts leaving with the Cancel button, or with Escape; the warning is shown. */
  async leave(how: 'button' | 'escape' = 'button'): Promise<void> {
    if (how === 'escape') await this.text().press('Escape');
    else await this.page.getByTestId('outbox-edit-cancel').click();
    await this.warning().waitFor();
  }

  /** Declines the warning: the edit stays open. */
  async keepEditing(): Promise<void> {
    await this.page.getByTestId('outbox-edit-leave-dialog-cancel').click();
    await this.warning().waitFor({ state: 'hidden' });
  }

  /** Accepts the warning: the send is stopped and the dialog closes. */
  async confirmLeave(): Promise<void> {
    await this.page.getByTestId('outbox-edit-leave-dialog-confirm').click();
    await this.warning().waitFor({ state: 'hidden' });
  }
}

/** The outbox list (/outbox): filters, "Show archived", row selection and "Archive selected". */
export class OutboxListPage {
  readonly table: DataTableControl;
  readonly status: SelectControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'outbox-table');
    this.status = new SelectControl(page, page, 'outbox-status');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/outbox`);
    await this.page.getByTestId('outbox-page').waitFor();
    await this.waitLoaded();
  }

  async waitLoaded(): Promise<void> {
    await this.page.getByTestId('outbox-table-loading').waitFor({ state: 'hidden' });
  }

  /** The list's filter bar, and the button that shows it on a phone. */
  filters(): Locator { return this.page.getByTestId('outbox-filters'); }
  filtersToggle(): Locator { return this.page.getByTestId('outbox-filters-toggle'); }

  /** The selection checkbox of a send's row (absent when the send is not listed). */
  rowSelect(id: number): Locator { return this.page.locator(`[data-testid="outbox-row-select"][data-id="${id}"]`); }

  /** The row of a send. */
  row(id: number): Locator { return this.table.rows().filter({ has: this.rowSelect(id) }); }

  /** The status of a send's row (data-status is the API value). */
  rowStatus(id: number): Promise<string | null> { return this.row(id).getByTestId('outbox-row-status').getAttribute('data-status'); }

  async select(id: number): Promise<void> { await this.rowSelect(id).check(); }

  /** Archives the selected sends through the confirmation. */
  async archiveSelected(): Promise<void> {
    await this.page.getByTestId('outbox-archive-selected').click();
    await this.page.getByTestId('outbox-archive-selected-dialog-confirm').click();
    await this.page.getByTestId('outbox-archive-selected-dialog').waitFor({ state: 'hidden' });
  }

  async setShowArchived(on: boolean): Promise<void> {
    await this.page.getByTestId('outbox-show-archived').setChecked(on);
    await this.waitLoaded();
  }

  /** The row of a send by its text. */
  rowWithText(text: string): Locator { return this.table.row(text); }

  /** The price shown on a send's row (its text), as the page shows it; `data-value` holds the rials. */
  rowPrice(text: string): Locator { return this.rowWithText(text).getByTestId('outbox-row-price'); }

  /** Opens the outbox again until a send with this text is listed (the list shows new sends when fetched). */
  async waitForSendWithText(text: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.open();
      if (await this.rowWithText(text).count() > 0) return;
      if (Date.now() > deadline) throw new Error(`no send with the text "${text}" in the outbox`);
      await this.page.waitForTimeout(500);
    }
  }

  /** Filters by a status title as shown in the page's language (e.g. 'بایگانی' / 'Archived'), then applies. */
  async filterStatus(title: string): Promise<void> {
    await this.status.choose(title);
    await this.page.getByTestId('outbox-apply').click();
    await this.waitLoaded();
  }
}

/** The system administrator's status edit of a finished send (outbox detail, "Edit status"). */
export class StatusEditDialog {
  constructor(private readonly page: Page) {}

  root(): Locator { return this.page.getByTestId('outbox-status-edit'); }

  async open(): Promise<void> {
    await this.page.getByTestId('outbox-status-edit-open').click();
    await this.root().waitFor();
  }

  async edit(statusTitle: string, reason: string): Promise<void> {
    await new SelectControl(this.page, this.root(), 'outbox-status-edit-status').choose(statusTitle);
    await this.root().getByTestId('outbox-status-edit-reason').fill(reason);
    await this.root().getByTestId('outbox-status-edit-save').click();
    await this.root().waitFor({ state: 'hidden' });
  }

  async saveEmpty(): Promise<string> {
    await this.root().getByTestId('outbox-status-edit-save').click();
    return this.root().getByTestId('outbox-status-edit-errors').innerText();
  }
}

/** The send page's "request delivery status" panel (OutBox/RequestDeliveryStatus). */
export class DeliveryStatusRequestPanel {
  constructor(private readonly page: Page) {}

  root(): Locator { return this.page.getByTestId('outbox-status-request'); }
  button(): Locator { return this.page.getByTestId('outbox-status-request-button'); }

  async help(): Promise<string> { return this.page.getByTestId('outbox-status-request-help').innerText(); }

  /** Presses the button and waits for the request's result line. */
  async request(timeoutMs = 30_000): Promise<{ text: string; asked: number; final: number }> {
    await this.button().click();
    const result = this.page.getByTestId('outbox-status-request-result');
    await result.waitFor({ timeout: timeoutMs });
    return { text: await result.innerText(), asked: Number(await result.getAttribute('data-asked')), final: Number(await result.getAttribute('data-final')) };
  }

  async nextText(): Promise<string> { return this.page.getByTestId('outbox-status-request-next').innerText(); }
}
