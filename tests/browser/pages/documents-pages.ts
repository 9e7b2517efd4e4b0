import type { Locator, Page } from 'playwright-core';

/** Identity documents: a user's own (/documents/mine) and the administrator's review list (/documents/review). */
export class DocumentsPages {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async openMine(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/documents/mine`);
    await this.page.getByTestId('documents-page').waitFor();
  }

  async openOrganization(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/documents/organization`);
    await this.page.getByTestId('documents-page').waitFor();
  }

  notice(): Locator { return this.page.getByTestId('documents-notice'); }

  /** The organization's authentication line in the notice (data-value "true"/"false"). */
  ownAuthentication(): Locator { return this.page.getByTestId('documents-authentication'); }

  /** Chooses the image for one document type; the upload starts at once. */
  async upload(type: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByTestId(`document-${type}-file`).setInputFiles(file);
  }

  status(type: string): Locator { return this.page.getByTestId(`document-${type}-status`); }

  /** The refusal of the last upload, under the document's field. */
  error(type: string): Locator { return this.page.getByTestId(`document-${type}-error`); }

  description(type: string): Locator { return this.page.getByTestId(`document-${type}-description`); }

  /** The file input names its error for assistive technology. */
  fileDescribedBy(type: string): Promise<string | null> { return this.page.getByTestId(`document-${type}-file`).getAttribute('aria-describedby'); }

  async openReview(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/documents/review`);
    await this.page.getByTestId('document-review-page').waitFor();
  }

  reviewRow(text: string): Locator { return this.page.getByTestId('document-review-table').locator('tbody tr').filter({ hasText: text }); }

  async accept(text: string): Promise<void> { await this.reviewRow(text).getByTestId('document-review-confirm').click(); }

  /** Rejects the row's document with a description (the shared reject dialog). */
  async reject(text: string, description: string): Promise<void> {
    await this.reviewRow(text).getByTestId('document-review-reject').click();
    await this.page.getByTestId('document-review-reject-reason').fill(description);
    await this.page.getByTestId('document-review-reject-confirm').click();
    await this.page.getByTestId('document-review-reject-dialog').waitFor({ state: 'hidden' });
  }

  /** The owner's authentication as the row shows it (data-value "true"/"false"). */
  authentication(text: string): Locator { return this.reviewRow(text).getByTestId('document-review-authenticated'); }

  /** Confirms (or removes) the owner's authentication from the row. */
  async toggleAuthentication(text: string): Promise<void> { await this.reviewRow(text).getByTestId('document-review-authenticate').click(); }

  manualNote(): Locator { return this.page.getByTestId('document-review-manual'); }
}
