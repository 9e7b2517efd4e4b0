import type { Locator, Page } from 'playwright-core';

/** The sender line dialog (/infrastructure/lines, New line or Edit): its switch groups and help texts. */
export class LineFormDialog {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async openNew(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/infrastructure/lines`);
    await this.page.getByTestId('lines-page').waitFor();
    await this.page.getByTestId('lines-create').click();
    await this.root().waitFor();
  }

  root(): Locator { return this.page.getByTestId('line-dialog'); }
  group(key: string): Locator { return this.page.getByTestId(`line-group-${key}`); }
  switchBox(flag: string): Locator { return this.page.getByTestId(`line-${flag}`); }
  laterToggle(): Locator { return this.page.getByTestId('line-group-later-toggle'); }

  /** The legend of a group (a fieldset's own legend; the folded group's summary). */
  async legend(key: string): Promise<string> {
    const group = this.group(key);
    return (await (key === 'later' ? this.laterToggle() : group.locator('legend').first()).innerText()).trim();
  }

  /** The texts a screen reader gives a switch besides its label (aria-describedby, resolved). */
  async helpOf(flag: string): Promise<string> {
    const ids = (await this.switchBox(flag).getAttribute('aria-describedby')) ?? '';
    const texts: string[] = [];
    for (const id of ids.split(' ').filter(Boolean)) texts.push((await this.page.locator(`[id="${id}"]`).innerText()).trim());
    return texts.join(' ');
  }

  /** The sentence a group's fieldset is described by. */
  async groupSentence(key: string): Promise<string> {
    const fieldset = key === 'later' ? this.group(key).locator('fieldset') : this.group(key);
    const id = await fieldset.getAttribute('aria-describedby');
    return id ? (await this.page.locator(`[id="${id}"]`).innerText()).trim() : '';
  }

  /** The flags of a group, in order, by their test ids. */
  async flagsOf(key: string): Promise<string[]> {
    const ids = await this.group(key).locator('input[type="checkbox"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
    return ids.map((id) => id.replace(/^line-/, ''));
  }
}
