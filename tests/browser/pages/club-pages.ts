import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';

/** The customer club's members list (/club/members): the table, the mobile search and the points filter. */
export class ClubMembersPage {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'club-members-table');
  }

  /** Through the menu's Customers' club section, as a user finds it. */
  async openFromMenu(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/`);
    await this.page.locator('a[href="/club/members"]').first().click();
    await this.page.getByTestId('club-members-page').waitFor();
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/club/members`);
    await this.page.getByTestId('club-members-page').waitFor();
  }

  heading(): Locator { return this.page.getByTestId('club-members-page').getByRole('heading').first(); }
  row(text: string): Locator { return this.table.row(text); }
  mobiles(): Promise<string[]> { return this.page.getByTestId('club-member-mobile').allInnerTexts(); }
  points(text: string): Locator { return this.row(text).getByTestId('club-member-points'); }

  async search(term: string): Promise<void> {
    await this.page.getByTestId('club-members-search').fill(term);
    await this.page.getByTestId('club-members-search-submit').click();
  }

  async filterPoints(min: string, max = ''): Promise<void> {
    await this.page.getByTestId('club-members-min').fill(min);
    await this.page.getByTestId('club-members-max').fill(max);
    await this.page.getByTestId('club-members-apply').click();
  }

  sendLink(): Locator { return this.page.getByTestId('club-members-send'); }

  async switchLanguage(): Promise<void> {
    await this.page.getByTestId('language-toggle').click();
  }
}
