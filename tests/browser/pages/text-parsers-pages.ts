import type { Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';
import { SelectControl } from './select-control.js';

/** Text parsers (/inbox/text-parsers and /inbox/text-parsers/:id). */
export class TextParsersPages {
  readonly parsers: DataTableControl;
  readonly line: SelectControl;
  readonly ifType: SelectControl;
  readonly thenType: SelectControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.parsers = new DataTableControl(page, 'text-parsers-table');
    this.line = new SelectControl(page, page, 'text-parser-line');
    this.ifType = new SelectControl(page, page, 'text-parser-if-type');
    this.thenType = new SelectControl(page, page, 'text-parser-then-type');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/inbox/text-parsers`);
    await this.page.getByTestId('text-parsers-page').waitFor();
  }

  /** A reply-with-text parser for texts equal to `keyword` on a line, saved from the form. */
  async createReply(title: string, line: string, ifTypeTitle: string, keyword: string, reply: string): Promise<void> {
    await this.page.getByTestId('text-parser-create').first().click();
    await this.page.getByTestId('text-parser-form').waitFor();
    await this.page.getByTestId('text-parser-title').fill(title);
    await this.line.choose(line);
    await this.ifType.choose(ifTypeTitle);
    await this.page.getByTestId('text-parser-if-value').fill(keyword);
    await this.page.getByTestId('text-parser-reply').fill(reply);
    await this.page.getByTestId('text-parser-save').click();
    await this.page.getByTestId('text-parsers-page').waitFor();
  }

  async errors(): Promise<string> {
    await this.page.getByTestId('text-parser-errors').waitFor();
    return this.page.getByTestId('text-parser-errors').innerText();
  }
}
