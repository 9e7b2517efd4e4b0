import type { Locator, Page } from 'playwright-core';

/** The chat assistant's widget (every page of the main layout), its FAQ administration and the documentation viewer. */
export class AssistantPages {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async openAdmin(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/configuration/assistant`);
    await this.page.getByTestId('assistant-admin-page').waitFor();
  }

  async createBot(): Promise<void> {
    await this.page.getByTestId('assistant-create-bot').click();
    await this.page.getByTestId('assistant-bot-form').waitFor();
  }

  async addFaq(f: { question: string; answer: string; keywords: string }): Promise<void> {
    await this.page.getByTestId('assistant-faq-new').click();
    const dialog = this.page.getByTestId('assistant-faq-dialog');
    await dialog.waitFor();
    await this.page.getByTestId('assistant-faq-question').fill(f.question);
    await this.page.getByTestId('assistant-faq-answer').fill(f.answer);
    await this.page.getByTestId('assistant-faq-keywords').fill(f.keywords);
    await this.page.getByTestId('assistant-faq-save').click();
    await dialog.waitFor({ state: 'detached' });
  }

  faqTable(): Locator { return this.page.getByTestId('assistant-faq-table'); }
  toggle(): Locator { return this.page.getByTestId('assistant-toggle'); }
  chat(): Locator { return this.page.getByTestId('assistant-chat'); }
  input(): Locator { return this.page.getByTestId('assistant-input'); }
  loading(): Locator { return this.page.getByTestId('assistant-loading'); }
  answers(): Locator { return this.page.getByTestId('assistant-answer'); }

  async openDocumentation(path = ''): Promise<void> {
    await this.page.goto(`${this.baseUrl}/documentation${path}`);
    await this.page.getByTestId('documentation-article').waitFor();
  }

  article(): Locator { return this.page.getByTestId('documentation-article'); }
  contents(): Locator { return this.page.getByTestId('documentation-contents'); }
  async search(text: string): Promise<void> {
    await this.page.getByTestId('documentation-search').fill(text);
    await this.page.getByTestId('documentation-search').press('Enter');
    await this.page.getByTestId('documentation-results').waitFor();
  }
  hits(): Locator { return this.page.getByTestId('documentation-hit'); }
}
