import type { Locator, Page } from 'playwright-core';

/** The REST API page (/developer/api-docs): sample settings and one card per v1 call. */
export class ApiDocsPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/developer/api-docs`);
    await this.page.getByTestId('api-docs-page').waitFor();
    await this.page.getByTestId('api-op').first().waitFor();
  }

  /** The card of a call, named as the document names it: `POST /v1/messages/send`. */
  operation(name: string): Locator { return this.page.locator(`[data-testid="api-op"][data-operation="${name}"]`); }

  operationNames(): Promise<string[]> {
    return this.page.getByTestId('api-op').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-operation') ?? ''));
  }

  async pasteKey(key: string): Promise<void> { await this.page.getByTestId('api-docs-key').fill(key); }

  async chooseLine(lineId: number): Promise<void> {
    const select = this.page.getByTestId('api-docs-line');
    await select.locator(`option[value="${lineId}"]`).waitFor({ state: 'attached' });
    await select.selectOption(String(lineId));
  }

  async showSample(operation: string, kind: 'curl' | 'node' | 'php'): Promise<Locator> {
    const card = this.operation(operation);
    await card.getByTestId(`api-sample-tab-${kind}`).click();
    const code = card.getByTestId('api-sample-code');
    await card.locator(`[data-testid="api-sample-code"][data-kind="${kind}"]`).waitFor();
    return code;
  }

  /** Copies a sample with its button and waits for the visible "copied" feedback. */
  async copySample(operation: string, kind: 'curl' | 'node' | 'php'): Promise<void> {
    await this.showSample(operation, kind);
    const card = this.operation(operation);
    await card.getByTestId('api-sample-copy').click();
    await card.locator('[data-testid="api-sample-copy-status"][data-state="copied"]').waitFor();
  }

  /** What the system clipboard holds (the context must have clipboard-read permission). */
  clipboard(): Promise<string> { return this.page.evaluate<string>('navigator.clipboard.readText()'); }
}
