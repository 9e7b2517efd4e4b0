import type { Locator, Page } from 'playwright-core';

/** Safe-lists (/facility/safe-lists): requests with their status and reject comment, the request dialog, confirm / reject. */
export class SafeListsPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/facility/safe-lists`);
    await this.page.getByTestId('safe-lists-page').waitFor();
  }

  emptyState(): Locator { return this.page.getByTestId('safe-lists-empty'); }

  /** Opens the request dialog (from the empty state's button when there is no list yet). */
  async startCreate(): Promise<void> {
    const first = this.page.getByTestId('safe-list-create-first');
    if (await first.isVisible()) await first.click();
    else await this.page.getByTestId('safe-list-create').click();
    await this.page.getByTestId('safe-list-dialog').waitFor();
  }

  async fill(f: { line: string; phonebook: string; enter: string; exit: string; reply: string }): Promise<void> {
    const dialog = this.page.getByTestId('safe-list-dialog');
    // The choices load with the dialog.
    await dialog.getByTestId('safe-list-line').locator('option', { hasText: f.line }).waitFor({ state: 'attached' });
    await dialog.getByTestId('safe-list-line').selectOption({ label: f.line });
    await dialog.getByTestId('safe-list-phonebook').locator('option', { hasText: f.phonebook }).waitFor({ state: 'attached' });
    await dialog.getByTestId('safe-list-phonebook').selectOption({ label: f.phonebook });
    await dialog.getByTestId('safe-list-enter').fill(f.enter);
    await dialog.getByTestId('safe-list-exit').fill(f.exit);
    await dialog.getByTestId('safe-list-return').fill(f.reply);
  }

  async submit(): Promise<void> { await this.page.getByTestId('safe-list-save').click(); }

  async save(): Promise<void> {
    await this.submit();
    await this.page.getByTestId('safe-list-dialog').waitFor({ state: 'hidden' });
  }

  /** The message under a field of the dialog. */
  fieldError(testId: string): Locator { return this.page.locator(`#${testId}-error`); }

  row(word: string): Locator { return this.page.getByTestId('safe-lists-table').locator('tbody tr').filter({ hasText: word }); }

  status(word: string): Promise<string | null> { return this.row(word).getByTestId('safe-list-status').getAttribute('data-status'); }

  rejectComment(word: string): Locator { return this.row(word).getByTestId('safe-list-reject-comment'); }

  async confirm(word: string): Promise<void> { await this.row(word).getByTestId('safe-list-confirm').click(); }

  async reject(word: string, comment: string): Promise<void> {
    await this.row(word).getByTestId('safe-list-reject').click();
    await this.page.getByTestId('safe-list-reject-reason').fill(comment);
    await this.page.getByTestId('safe-list-reject-confirm').click();
    await this.page.getByTestId('safe-list-reject-dialog').waitFor({ state: 'hidden' });
  }
}
