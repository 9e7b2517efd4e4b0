import type { Locator, Page } from 'playwright-core';
import { SelectControl } from './select-control.js';

/** The P2P send screen (/sending/p2p): a file, how each text is made, the duplicate choice, preview, send. */
export class P2PSendPage {
  readonly line: SelectControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.line = new SelectControl(page, page, 'p2p-line');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/sending/p2p`);
    await this.page.getByTestId('p2p-send-page').waitFor();
  }

  /** Hands the hidden file input a file, then waits until the server answered (the summary or the error). */
  async upload(name: string, bytes: Buffer): Promise<void> {
    await this.page.getByTestId('p2p-file').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: bytes });
    await this.page.locator('[data-testid="p2p-file-summary"], [data-testid="p2p-file-error"]').first().waitFor();
  }

  fileError(): Locator { return this.page.getByTestId('p2p-file-error'); }
  rules(): Locator { return this.page.getByTestId('p2p-rules'); }

  /** The column titles the server detected, in order. */
  async columns(): Promise<string[]> { return this.page.getByTestId('p2p-columns').locator('li').allInnerTexts(); }

  /** Rows and valid numbers of the uploaded file (exact values, not the shown digits). */
  async counts(): Promise<{ rows: number; valid: number }> {
    const el = this.page.getByTestId('p2p-file-counts');
    return { rows: Number(await el.getAttribute('data-rows')), valid: Number(await el.getAttribute('data-valid')) };
  }

  async chooseKind(kind: 'column' | 'template' | 'tracking'): Promise<void> { await this.page.getByTestId(`p2p-kind-${kind}`).check(); }
  template(): Locator { return this.page.getByTestId('p2p-template'); }
  /**
   * Puts a column's placeholder into the template with its button, then waits until the screen has
   * given the caret back to the template after it (a frame later): typing sooner lands where the caret was.
   */
  async insertColumn(title: string): Promise<void> {
    await this.page.getByTestId(`p2p-insert-${title}`).click();
    // Polled from here: the panel's CSP refuses the eval a polled page-side string predicate needs.
    const token = `{${title}}`;
    for (const deadline = Date.now() + 10_000; ;) {
      const back = await this.template().evaluate((el: any, t: string) => el.ownerDocument.activeElement === el && String(el.value).slice(0, el.selectionStart).endsWith(t), token);
      if (back) return;
      if (Date.now() > deadline) throw new Error(`the caret did not come back after ${token}`);
      await this.page.waitForTimeout(50);
    }
  }

  async keepDuplicates(): Promise<string> {
    await this.page.getByTestId('p2p-keep-duplicates').check();
    return this.page.getByTestId('p2p-duplicates-warning').innerText();
  }

  async openPreview(): Promise<void> {
    await this.page.getByTestId('p2p-preview-open').click();
    await this.page.getByTestId('send-preview').waitFor();
  }

  /** Confirms the open preview; answers the id of the send the outbox detail then shows. */
  async confirm(): Promise<number> {
    await this.page.getByTestId('send-preview-confirm').click();
    await this.page.waitForURL(/\/outbox\/\d+$/);
    await this.page.locator('[data-testid="outbox-detail-page"][data-send-id]').waitFor();
    return Number(/\/outbox\/(\d+)$/.exec(this.page.url())?.[1]);
  }
}
