import type { Locator, Page } from 'playwright-core';

/** What the checks use of the page's DOM (tests compile without the DOM library). */
interface Box { left: number; right: number }
interface TextRange { setStart(node: unknown, offset: number): void; setEnd(node: unknown, offset: number): void; getBoundingClientRect(): Box }
interface BrowserDocument { createRange(): TextRange }

/** The Swagger UI page of the whole panel API (`/api/docs/`), served by the server, not the client. */
export class SwaggerDocsPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/api/docs/`);
    await this.tags().first().waitFor();
  }

  tags(): Locator { return this.page.locator('.opblock-tag'); }

  /** The top bar's list of documents: one per tag, then the whole one. */
  definitions(): Promise<string[]> { return this.page.locator('.topbar select option').allInnerTexts(); }

  /** Opens another tag's document and waits for its tag heading. */
  async chooseDefinition(name: string): Promise<void> {
    await this.page.locator('.topbar select').selectOption({ label: name });
    await this.page.locator(`.opblock-tag[data-tag="${name}"]`).waitFor();
  }

  /** Operations drawn on the page (a closed tag draws none). */
  operations(): Locator { return this.page.locator('.opblock'); }

  async openTag(index: number): Promise<void> {
    await this.tags().nth(index).click();
    await this.operations().first().waitFor();
  }

  /**
   * For each paragraph of the document's description that starts with a Persian letter: where its
   * first line's text sits against the paragraph's box, `right` when it hugs the right edge.
   */
  persianParagraphAlignment(): Promise<('right' | 'left')[]> {
    return this.page.locator('.info .markdown p, .info .renderedMarkdown p').evaluateAll((ps) => (ps as unknown as { textContent: string | null; firstChild: unknown; getBoundingClientRect(): Box }[])
      .filter((p) => /^[\u0600-\u06FF]/.test((p.textContent ?? '').trim()))
      .map((p) => {
        const range = (globalThis as unknown as { document: BrowserDocument }).document.createRange();
        range.setStart(p.firstChild, 0);
        range.setEnd(p.firstChild, 1);
        const box = p.getBoundingClientRect();
        const first = range.getBoundingClientRect();
        return box.right - first.right < 4 ? 'right' : 'left';
      }));
  }
}
