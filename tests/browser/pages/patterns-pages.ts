import type { Locator, Page } from 'playwright-core';
import { SelectControl } from './select-control.js';

/** The patterns screen (/sending/patterns): list with status badges, the create/edit dialog with its live preview. */
export class PatternsPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/sending/patterns`);
    await this.page.getByTestId('patterns-page').waitFor();
  }

  emptyState(): Locator { return this.page.getByTestId('patterns-empty'); }

  /** Opens the create dialog (from the empty state's button when the list is empty). */
  async startCreate(): Promise<void> {
    const first = this.page.getByTestId('pattern-create-first');
    if (await first.isVisible()) await first.click();
    else await this.page.getByTestId('pattern-create').click();
    await this.page.getByTestId('pattern-dialog').waitFor();
  }

  async fill(title: string, text: string): Promise<void> {
    await this.page.getByTestId('pattern-title').fill(title);
    await this.page.getByTestId('pattern-text').fill(text);
  }

  /** Puts a placeholder into the text with its button (a contact field or a custom field's nameEn). */
  async insertField(name: string): Promise<void> {
    await this.page.getByTestId('pattern-dialog').getByTestId(`send-template-field-${name}`).click();
  }

  text(): Promise<string> { return this.page.getByTestId('pattern-text').inputValue(); }
  preview(): Locator { return this.page.getByTestId('pattern-preview'); }
  unknownFields(): Locator { return this.page.getByTestId('pattern-preview-unknown'); }

  async save(): Promise<void> {
    await this.page.getByTestId('pattern-save').click();
    await this.page.getByTestId('pattern-dialog').waitFor({ state: 'hidden' });
  }

  row(title: string): Locator { return this.page.getByTestId('patterns-table').locator('tbody tr').filter({ hasText: title }); }

  async status(title: string): Promise<string | null> { return this.row(title).getByTestId('pattern-status').getAttribute('data-status'); }

  /** The row's Send link: the send screen with this pattern chosen. */
  async send(title: string): Promise<void> {
    await this.row(title).getByTestId('pattern-send').click();
    await this.page.getByTestId('pattern-send-page').waitFor();
  }
}

/** Send a pattern to a phonebook (/sending/pattern-send). */
export class PatternSendPage {
  readonly line: SelectControl;
  readonly pattern: SelectControl;

  constructor(private readonly page: Page) {
    this.line = new SelectControl(page, page, 'pattern-send-line');
    this.pattern = new SelectControl(page, page, 'pattern-send-pattern');
  }

  patternText(): Locator { return this.page.getByTestId('pattern-send-text'); }

  async phonebook(title: string): Promise<void> {
    await new SelectControl(this.page, this.page, 'send-phonebook-pick').choose(title);
    await this.page.getByTestId('send-phonebook-item').filter({ hasText: title }).waitFor();
  }

  async openPreview(): Promise<void> {
    await this.page.getByTestId('pattern-send-preview').click();
    await this.page.getByTestId('calc-dynamic-sample').waitFor();
  }

  async dynamicSample(): Promise<{ number: string; text: string }> {
    return { number: await this.page.getByTestId('calc-dynamic-number').innerText(), text: await this.page.getByTestId('calc-dynamic-text').innerText() };
  }

  async confirm(): Promise<number> {
    await this.page.getByTestId('send-preview-confirm').click();
    await this.page.waitForURL(/\/outbox\/\d+$/);
    return Number(/\/outbox\/(\d+)$/.exec(this.page.url())?.[1]);
  }
}
