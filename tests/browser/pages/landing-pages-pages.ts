import type { Locator, Page } from 'playwright-core';

/** The landing pages list (/services/landing-pages): the organization's public name, rows, create. */
export class LandingPagesListPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/services/landing-pages`);
    await this.page.getByTestId('landing-pages-page').waitFor();
  }

  emptyState(): Locator { return this.page.getByTestId('landing-pages-table-empty'); }

  async setAddress(name: string): Promise<void> {
    await this.page.getByTestId('landing-address').fill(name);
    await this.page.getByTestId('landing-address-save').click();
    await this.page.getByTestId('landing-address-none').waitFor({ state: 'detached' });
  }

  async startCreate(): Promise<void> {
    const first = this.page.getByTestId('landing-empty-create');
    if (await first.isVisible()) await first.click();
    else await this.page.getByTestId('landing-create').click();
    await this.page.getByTestId('landing-builder-page').waitFor();
  }

  row(title: string): Locator { return this.page.getByTestId('landing-pages-table').locator('tbody tr').filter({ hasText: title }); }
}

/** The builder (/services/landing-pages/:id): page fields, blocks by index, preview, publishing, visits. */
export class LandingBuilderPage {
  constructor(private readonly page: Page) {}

  async fillPage(title: string, slug: string, language: 'fa' | 'en', theme: string): Promise<void> {
    await this.page.getByTestId('landing-title').fill(title);
    await this.page.getByTestId('landing-slug').fill(slug);
    await this.page.getByTestId('landing-language').selectOption(language);
    await this.page.getByTestId('landing-theme').selectOption(theme);
  }

  /** Adds a block of this type from the keyboard: the type's select, then Enter on the add button. */
  async addBlock(type: 'heading' | 'text' | 'image' | 'button' | 'form'): Promise<Locator> {
    const before = await this.blocks().count();
    await this.page.getByTestId('landing-new-block').selectOption(type);
    await this.page.getByTestId('landing-add-block').focus();
    await this.page.keyboard.press('Enter');
    await this.blocks().nth(before).waitFor();
    return this.blocks().nth(before);
  }

  blocks(): Locator { return this.page.getByTestId('landing-block'); }

  async blockTypes(): Promise<string[]> {
    return this.blocks().evaluateAll((els) => els.map((e) => e.getAttribute('data-type') ?? ''));
  }

  /** Moves the block at `index` up with the keyboard (focus its button, press Enter). */
  async moveUp(index: number): Promise<void> {
    await this.blocks().nth(index).getByTestId('block-up').focus();
    await this.page.keyboard.press('Enter');
  }

  async uploadImage(block: Locator, name: string, buffer: Buffer): Promise<void> {
    await block.getByTestId('block-image-file').setInputFiles({ name, mimeType: 'image/png', buffer });
    await block.getByTestId('block-image-thumb').waitFor();
  }

  async save(): Promise<void> {
    await this.page.getByTestId('landing-save').click();
    await this.page.getByTestId('landing-publish-state').waitFor();
  }

  errors(): Locator { return this.page.getByTestId('landing-errors'); }
  preview(): Locator { return this.page.getByTestId('landing-preview'); }

  async togglePublish(published: boolean): Promise<void> {
    await this.page.getByTestId('landing-publish-toggle').click();
    await this.page.locator(`[data-testid="landing-publish-state"][data-published="${published}"]`).waitFor();
  }

  publicLink(): Locator { return this.page.getByTestId('landing-public-link'); }
  visitsTotal(): Locator { return this.page.getByTestId('landing-visits-total'); }
}

/** The public page (/landing-page/:organizationName[/:slug]), no sign-in. */
export class PublicLandingPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(path: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/landing-page/${path}`);
    await this.page.locator('[data-testid="landing-public-page"], [data-testid="landing-not-found"]').first().waitFor();
  }

  view(): Locator { return this.page.getByTestId('landing-public-page'); }
  notFound(): Locator { return this.page.getByTestId('landing-not-found'); }
}
