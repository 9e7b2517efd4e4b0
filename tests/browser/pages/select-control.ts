import type { Locator, Page } from 'playwright-core';

/** The shared Select (combobox with 'optimal search'): `testId` is the data-testid of its input. */
export class SelectControl {
  constructor(private readonly page: Page, private readonly scope: Locator | Page, private readonly testId: string) {}

  input(): Locator { return this.scope.getByTestId(this.testId); }

  /** Opens the list, types the search text (3+ characters filter) and clicks the option with this title. */
  async choose(title: string, search: string = title): Promise<void> {
    await this.input().click();
    await this.input().fill(search);
    const option = this.page.getByTestId(`${this.testId}-option`).filter({ hasText: title }).first();
    await option.waitFor();
    await option.click();
    await this.page.getByTestId(`${this.testId}-listbox`).waitFor({ state: 'hidden' });
  }

  /** The title shown while closed. */
  value(): Promise<string> { return this.input().inputValue(); }
}
