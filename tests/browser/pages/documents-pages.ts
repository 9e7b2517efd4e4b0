import type { Locator, Page } from 'playwright-core';

/** Identity documents: a user's own (/documents/mine) and the administrator's review list (/documents/review). */
export class DocumentsPages {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async openMine(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/documents/mine`);
    await this.page.getByTestId('documents-page').waitFor();
  }

  notice(): Locator { return this.page.getByTestId('documents-notice'); }

  /** Chooses the image for one document type; the upload starts at once. */
  async upload(type: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByTestId(`document-${type}-file`).setInputFiles(file);
  }

  status(type: string): Locator { return this.page.getByTestId(`document-${type}-status`); }

  async openReview(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/documents/review`);
    await this.page.getByTestId('document-review-page').waitFor();
  }

  reviewRow(text: string): Locator { return this.page.getByTestId('document-review-table').locator('tbody tr').filter({ hasText: text }); }

  async accept(text: string): Promise<void> { await this.reviewRow(text).getByTestId('document-review-confirm').click(); }
}
