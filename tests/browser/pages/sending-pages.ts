import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';
import { SelectControl } from './select-control.js';
import { SendEditDialog } from './outbox-pages.js';

/** Counters of the outbox detail page (`outbox-counter-<name>`, exact value in data-value). */
export type OutboxCounter = 'recipientCount' | 'pendingCount' | 'sentCount' | 'deliveredCount' | 'notDeliveredCount' | 'failedCount' | 'canceledCount';

/** The compose screen shared by single and bulk sends (/sending/single, /sending/bulk). */
abstract class SendPageBase {
  readonly line: SelectControl;

  protected constructor(protected readonly page: Page, private readonly baseUrl: string, private readonly path: string, private readonly rootTestId: string) {
    this.line = new SelectControl(page, page, 'send-line');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}${this.path}`);
    await this.page.getByTestId(this.rootTestId).waitFor();
  }

  counter(): Locator { return this.page.getByTestId('send-counter'); }
  errors(): Locator { return this.page.getByTestId('send-errors'); }
  preview(): Locator { return this.page.getByTestId('send-preview'); }

  /** Chooses the line, types the text and enters the recipients. */
  async compose(lineNumber: string, text: string, numbers: string[]): Promise<void> {
    await this.line.choose(lineNumber);
    await this.page.getByTestId('send-text').fill(text);
    await this.enterNumbers(numbers);
  }

  protected async addManually(numbers: string[]): Promise<void> {
    for (const n of numbers) {
      await this.page.getByTestId('send-mobile').fill(n);
      await this.page.getByTestId('send-mobile-add').click();
    }
  }

  protected abstract enterNumbers(numbers: string[]): Promise<void>;

  mobileField(): Locator { return this.page.getByTestId('send-mobile'); }
  mobileError(): Locator { return this.page.locator('[id="send-mobile-error"]'); }
  manualItems(): Locator { return this.page.getByTestId('send-manual-item'); }

  /** Pastes `text` into the mobile field as the clipboard would (a paste event carrying the text). */
  async pasteMobiles(text: string): Promise<void> {
    await this.mobileField().focus();
    await this.mobileField().evaluate((input, pasted) => {
      // Runs in the page; the tests compile without the DOM library, hence the loose types.
      const g = globalThis as any;
      const data = new g.DataTransfer();
      data.setData('text/plain', pasted);
      input.dispatchEvent(new g.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
  }

  /** Sends at a later time: `value` is typed into the shared DateTimePicker's text input (its own format). */
  async scheduleAt(value: string): Promise<void> {
    await this.page.getByTestId('send-later').check();
    await this.page.getByTestId('send-datetime').fill(value);
    await this.page.getByTestId('send-datetime').press('Enter');
  }

  async openPreview(): Promise<void> {
    await this.page.getByTestId('send-preview-open').click();
    await this.preview().waitFor();
  }

  /** Exact rials of a preview amount: price, levy, vat or total. */
  amount(name: 'price' | 'levy' | 'vat' | 'total'): Promise<string | null> { return this.page.getByTestId(`calc-${name}`).getAttribute('data-value'); }

  /** Opens the preview, confirms, and returns the id of the send the outbox detail page shows. */
  async previewAndConfirm(): Promise<number> {
    await this.openPreview();
    return this.confirmPreview();
  }

  /** Confirms the open preview and returns the id of the send the outbox detail page shows. */
  async confirmPreview(): Promise<number> {
    await this.page.getByTestId('send-preview-confirm').click();
    await this.page.waitForURL(/\/outbox\/\d+$/);
    await this.page.locator('[data-testid="outbox-detail-page"][data-send-id]').waitFor();
    return Number(/\/outbox\/(\d+)$/.exec(this.page.url())?.[1]);
  }
}

export class SingleSendPage extends SendPageBase {
  constructor(page: Page, baseUrl: string) { super(page, baseUrl, '/sending/single', 'single-send-page'); }

  protected enterNumbers(numbers: string[]): Promise<void> { return this.addManually(numbers); }
}

export class BulkSendPage extends SendPageBase {
  constructor(page: Page, baseUrl: string) { super(page, baseUrl, '/sending/bulk', 'bulk-send-page'); }

  /** Bulk recipients are pasted (clipboard mode); use `manual()` / `upload()` for the other modes. */
  protected async enterNumbers(numbers: string[]): Promise<void> {
    await this.page.getByTestId('send-mode-clipboard').check();
    await this.page.getByTestId('send-clipboard').fill(numbers.join('\n'));
  }

  async manual(numbers: string[]): Promise<void> {
    await this.page.getByTestId('send-mode-manual').check();
    await this.addManually(numbers);
  }

  /** Chooses phonebook recipients (by title, through the select search) and, for a dynamic send, the template switch. */
  async phonebooks(titles: string[], options: { dynamic?: boolean } = {}): Promise<void> {
    await this.page.getByTestId('send-mode-phonebook').check();
    const picker = new SelectControl(this.page, this.page, 'send-phonebook-pick');
    for (const title of titles) {
      await picker.choose(title);
      await this.page.getByTestId('send-phonebook-item').filter({ hasText: title }).waitFor();
    }
    if (options.dynamic) await this.page.getByTestId('send-dynamic').check();
  }

  /** Puts a placeholder into the template with its button (`name`: a contact field or a custom field's nameEn). */
  async insertField(name: string): Promise<void> {
    await this.page.getByTestId(`send-template-field-${name}`).click();
  }

  /** The most expensive recipient the preview of a dynamic send shows. */
  async dynamicSample(): Promise<{ number: string; text: string }> {
    return { number: await this.page.getByTestId('calc-dynamic-number').innerText(), text: await this.page.getByTestId('calc-dynamic-text').innerText() };
  }

  /** Uploads a recipients file and waits for its counts. */
  async upload(file: { name: string; mimeType: string; buffer: Buffer }): Promise<Locator> {
    await this.page.getByTestId('send-mode-upload').check();
    await this.page.getByTestId('send-file').setInputFiles(file);
    const result = this.page.getByTestId('send-upload-result');
    await result.waitFor();
    return result;
  }
}

/** The outbox detail page (/outbox/:id): counters, per-status counts, receivers, cancel. */
export class OutboxDetailPage {
  readonly receivers: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.receivers = new DataTableControl(page, 'outbox-receivers');
  }

  async open(id: number): Promise<void> {
    await this.page.goto(`${this.baseUrl}/outbox/${id}`);
    await this.page.getByTestId('outbox-progress').waitFor();
  }

  counter(name: OutboxCounter): Locator { return this.page.getByTestId(`outbox-counter-${name}`); }

  async counterValue(name: OutboxCounter): Promise<number> { return Number(await this.counter(name).getAttribute('data-value')); }

  /** The word a counter is named by. */
  async counterLabel(name: OutboxCounter): Promise<string> { return (await this.page.getByTestId(`outbox-counter-label-${name}`).innerText()).trim(); }

  /** A send's money: its cost, what was given back, and the net (rials as the API answers them: data-value). */
  money(name: 'total' | 'refunded' | 'net'): Locator { return this.page.getByTestId(`outbox-${name}`); }

  /** The visible count of receivers in a delivery status (0 when the status is not shown). */
  async deliveryCount(status: string): Promise<number> {
    const item = this.page.getByTestId(`outbox-delivery-${status}`);
    return (await item.count()) ? Number(await item.getAttribute('data-count')) : 0;
  }

  /** The own text a dynamic send's receiver got, as its row shows it. */
  receiverText(toNumber: string): Promise<string> { return this.receivers.row(toNumber).getByTestId('receiver-text').innerText(); }

  /** Waits, without reloading, until the page shows `count` receivers in `status` (live progress). */
  async waitForDeliveryStatus(status: string, count: number, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const seen = await this.deliveryCount(status);
      if (seen === count) return;
      if (Date.now() > deadline) throw new Error(`outbox: ${status} shows ${seen}, expected ${count}`);
      await this.page.waitForTimeout(200);
    }
  }

  /** Waits until a counter (e.g. deliveredCount) shows `value`. */
  async waitForCounter(name: OutboxCounter, value: number, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const seen = await this.counterValue(name);
      if (seen === value) return;
      if (Date.now() > deadline) throw new Error(`outbox: ${name} shows ${seen}, expected ${value}`);
      await this.page.waitForTimeout(200);
    }
  }

  /** The send's count of receivers refused as blacklisted (opted-out numbers count here), as shown. */
  blackListCount(): Locator { return this.page.getByTestId('outbox-blacklist-count'); }

  /** The delivery status a receiver's row shows (`data-status` holds the API value). */
  receiverStatus(toNumber: string): Locator { return this.receivers.row(toNumber).getByTestId('receiver-status'); }

  progressPercent(): Promise<string | null> { return this.page.getByTestId('outbox-progress-bar').getAttribute('aria-valuenow'); }

  /** API values the page shows: the send's queue status and outbox status (kept in data attributes). */
  queueStatus(): Promise<string | null> { return this.page.getByTestId('outbox-detail-page').getAttribute('data-queue-status'); }
  status(): Promise<string | null> { return this.page.getByTestId('outbox-detail-page').getAttribute('data-status'); }
  text(): Locator { return this.page.getByTestId('outbox-text'); }
  /** The failure code shown (e.g. UserCancelRequest), null when none. */
  async failureCode(): Promise<string | null> {
    const item = this.page.locator('[data-testid="outbox-failure"] [data-code]');
    return (await item.count()) ? item.getAttribute('data-code') : null;
  }

  /** Waits, without reloading, until the page shows the send in this queue status / outbox status. */
  async waitForState(state: { queueStatus?: string; status?: string }, timeoutMs = 30_000): Promise<void> {
    const selector = `[data-testid="outbox-detail-page"]${state.queueStatus ? `[data-queue-status="${state.queueStatus}"]` : ''}${state.status ? `[data-status="${state.status}"]` : ''}`;
    await this.page.locator(selector).waitFor({ timeout: timeoutMs });
  }

  editButton(): Locator { return this.page.getByTestId('outbox-edit'); }

  /** Clicks Edit (the send is paused: Updating) and returns the open edit dialog. */
  async startEdit(): Promise<SendEditDialog> {
    await this.editButton().click();
    const dialog = new SendEditDialog(this.page);
    await dialog.waitOpen();
    return dialog;
  }

  /** Archives the send through the confirmation. */
  async archive(): Promise<void> {
    await this.page.getByTestId('outbox-archive').click();
    await this.page.getByTestId('outbox-archive-dialog-confirm').click();
    await this.page.getByTestId('outbox-archive-dialog').waitFor({ state: 'hidden' });
  }

  async unarchive(): Promise<void> { await this.page.getByTestId('outbox-unarchive').click(); }

  async cancel(): Promise<void> {
    await this.page.getByTestId('outbox-cancel').click();
    await this.page.getByTestId('outbox-cancel-dialog-confirm').click();
    await this.page.getByTestId('outbox-cancel-dialog').waitFor({ state: 'hidden' });
  }

  /** `toNumber` as the row shows it (Persian digits in fa). */
  async openRawReport(toNumber: string): Promise<Locator> {
    await this.receivers.row(toNumber).getByTestId('receiver-raw-report').click();
    const json = this.page.getByTestId('outbox-raw-report');
    await json.waitFor();
    return json;
  }
}
