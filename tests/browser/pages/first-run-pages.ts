import type { Locator, Page } from 'playwright-core';
import { SelectControl } from './select-control.js';

/** The system administrator's first-run checklist on the dashboard. */
export class FirstRunChecklistPanel {
  constructor(private readonly page: Page) {}

  root(): Locator { return this.page.getByTestId('first-run'); }
  step(key: string): Locator { return this.page.getByTestId(`first-run-${key}`); }
  link(key: string): Locator { return this.page.getByTestId(`first-run-${key}-link`); }
  progress(): Promise<string> { return this.page.getByTestId('first-run-progress').innerText(); }
  async isDone(key: string): Promise<boolean> { return (await this.step(key).getAttribute('data-done')) === 'true'; }
  async waitDone(key: string): Promise<void> { await this.page.locator(`[data-testid="first-run-${key}"][data-done="true"]`).waitFor(); }
  async dismiss(): Promise<void> { await this.page.getByTestId('first-run-dismiss').click(); }

  async openTestMessage(): Promise<TestMessageDialogControl> {
    await this.page.getByTestId('first-run-test-open').click();
    const dialog = new TestMessageDialogControl(this.page);
    await dialog.root().waitFor();
    return dialog;
  }
}

/** The test message dialog: line (prefilled), number, text (prefilled). */
export class TestMessageDialogControl {
  readonly line: SelectControl;

  constructor(private readonly page: Page) {
    this.line = new SelectControl(page, page, 'test-message-line');
  }

  root(): Locator { return this.page.getByTestId('test-message'); }
  text(): Promise<string> { return this.page.getByTestId('test-message-text').inputValue(); }
  async send(mobile: string): Promise<void> {
    await this.page.getByTestId('test-message-mobile').fill(mobile);
    await this.page.getByTestId('test-message-send').click();
  }
}

/** The problems a send preview lists (who lacks what, and the way to fix it). */
export class PreviewProblems {
  constructor(private readonly page: Page) {}

  items(): Locator { return this.page.getByTestId('calc-problem'); }
  item(code: string): Locator { return this.page.locator(`[data-testid="calc-problem"][data-code="${code}"]`); }
  fix(code: string): Locator { return this.item(code).getByTestId('calc-problem-fix'); }
  ask(code: string): Locator { return this.item(code).getByTestId('calc-problem-ask'); }
  blocked(): Locator { return this.page.getByTestId('send-preview-blocked'); }
  confirm(): Locator { return this.page.getByTestId('send-preview-confirm'); }
}
