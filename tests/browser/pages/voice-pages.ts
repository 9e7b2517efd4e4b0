import type { Locator, Page } from 'playwright-core';
import { SelectControl } from './select-control.js';

/** The voice send screen (/sending/voice). */
export class VoiceSendPage {
  readonly line: SelectControl;
  readonly file: SelectControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.line = new SelectControl(page, page, 'voice-line');
    this.file = new SelectControl(page, page, 'voice-file');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/sending/voice`);
    await this.page.getByTestId('voice-send-page').waitFor();
  }

  /** Uploads a file through the screen's file input; resolves when its length is shown. */
  async upload(name: string, bytes: Buffer): Promise<Locator> {
    await this.page.getByTestId('voice-upload').setInputFiles({ name, mimeType: name.endsWith('.wav') ? 'audio/wav' : 'audio/mpeg', buffer: bytes });
    const info = this.page.getByTestId('voice-file-info');
    await info.waitFor();
    return info;
  }

  async addNumbers(numbers: string[]): Promise<void> {
    for (const n of numbers) {
      await this.page.getByTestId('send-mobile').fill(n);
      await this.page.getByTestId('send-mobile-add').click();
    }
  }

  text(): Locator { return this.page.getByTestId('voice-text'); }
  estimate(): Locator { return this.page.getByTestId('voice-estimate'); }
  helper(name: string): Locator { return this.page.getByTestId(`voice-helper-${name}`); }

  async openPreview(): Promise<Locator> {
    await this.page.getByTestId('voice-preview-open').click();
    const dialog = this.page.getByTestId('voice-preview');
    await dialog.waitFor();
    return dialog;
  }

  /** Confirms the open preview; answers the id of the send the outbox detail page shows. */
  async confirm(): Promise<number> {
    await this.page.getByTestId('voice-preview-confirm').click();
    await this.page.waitForURL(/\/outbox\/\d+$/);
    return Number(/\/outbox\/(\d+)$/.exec(this.page.url())?.[1]);
  }
}
