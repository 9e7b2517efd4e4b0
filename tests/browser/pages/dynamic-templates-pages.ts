import type { Locator, Page } from 'playwright-core';
import { SelectControl } from './select-control.js';

/** The dynamic templates screen (/sending/dynamic-templates): list, the create/edit dialog, delete. */
export class DynamicTemplatesPage {
  readonly format: SelectControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.format = new SelectControl(page, page, 'template-format');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/sending/dynamic-templates`);
    await this.page.getByTestId('dynamic-templates-page').waitFor();
  }

  emptyState(): Locator { return this.page.getByTestId('templates-table-empty'); }

  /** Opens the create dialog (from the empty state's button when the list is empty). */
  async startCreate(): Promise<void> {
    const first = this.page.getByTestId('template-create-empty');
    if (await first.isVisible()) await first.click();
    else await this.page.getByTestId('template-create').click();
    await this.dialog().waitFor();
  }

  dialog(): Locator { return this.page.getByTestId('template-dialog'); }

  async fill(title: string, text: string): Promise<void> {
    await this.page.getByTestId('template-title').fill(title);
    await this.page.getByTestId('template-text').fill(text);
  }

  text(): Promise<string> { return this.page.getByTestId('template-text').inputValue(); }

  async insertField(name: string): Promise<void> {
    await this.dialog().getByTestId(`send-template-field-${name}`).click();
  }

  /** Saves; the dialog stays open when the server refuses (its errors are shown in it). */
  async submit(): Promise<void> { await this.page.getByTestId('template-save').click(); }

  errors(): Locator { return this.page.getByTestId('template-errors'); }

  row(title: string): Locator { return this.page.getByTestId('templates-table').locator('tbody tr').filter({ hasText: title }); }

  async remove(title: string): Promise<void> {
    await this.row(title).getByTestId('template-delete').click();
    await this.page.getByTestId('template-delete-dialog').getByRole('button').last().click();
    await this.row(title).waitFor({ state: 'detached' });
  }
}

/** The media library's images (/sending/media-images). */
export class MediaImagesPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/sending/media-images`);
    await this.page.getByTestId('media-images-page').waitFor();
  }

  emptyState(): Locator { return this.page.getByTestId('images-table-empty'); }

  /** Hands a file to the hidden file input (what the browser's dialog would do); the upload starts at once. */
  choose(name: string, buffer: Buffer, mimeType = 'image/png'): Promise<void> {
    return this.page.getByTestId('image-upload').setInputFiles({ name, mimeType, buffer });
  }

  uploadError(): Locator { return this.page.getByTestId('image-upload-error'); }

  row(title: string): Locator { return this.page.getByTestId('images-table').locator('tbody tr').filter({ hasText: title }); }
}
