import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';
import { SelectControl } from './select-control.js';

/** The inbox (/inbox): the table, the all/unread filter, selection and the message dialog. */
export class InboxPage {
  readonly table: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.table = new DataTableControl(page, 'inbox-table');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/inbox`);
    await this.page.getByTestId('inbox-page').waitFor();
  }

  row(text: string): Locator { return this.table.row(text); }
  unreadCount(): Locator { return this.page.getByTestId('inbox-unread-count'); }
  dialog(): Locator { return this.page.getByTestId('inbox-message-dialog'); }

  /** 'true' or 'false' for the row holding this text. */
  readState(text: string): Promise<string | null> { return this.row(text).getByTestId('inbox-row-status').getAttribute('data-read'); }

  async waitForReadState(text: string, read: boolean, timeoutMs = 10_000): Promise<void> {
    await this.row(text).getByTestId('inbox-row-status').and(this.page.locator(`[data-read="${read}"]`)).waitFor({ timeout: timeoutMs });
  }

  async show(which: 'all' | 'unread'): Promise<void> {
    await this.page.getByTestId(`inbox-show-${which}`).click();
  }

  async openMessage(text: string): Promise<void> {
    await this.row(text).getByTestId('inbox-row-text').click();
    await this.dialog().waitFor();
  }

  async closeMessage(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.dialog().waitFor({ state: 'detached' });
  }

  async select(text: string): Promise<void> {
    await this.row(text).getByTestId('inbox-row-select').check();
  }

  async markSelected(): Promise<void> {
    await this.page.getByTestId('inbox-mark-selected').click();
  }

  async markSelectedUnread(): Promise<void> {
    await this.page.getByTestId('inbox-mark-unread').click();
  }

  /** The group filter, then the search button. */
  async filterByGroup(name: string): Promise<void> {
    await new SelectControl(this.page, this.page, 'inbox-filter-group').choose(name, name.slice(0, 3));
    await this.page.getByTestId('inbox-filter-apply').click();
  }

  groupOf(text: string): Locator { return this.row(text).getByTestId('inbox-row-group'); }
}

/** The Inbox menu entry's live unread badge and the panel's toasts. */
export class InboxLiveMarkers {
  constructor(private readonly page: Page) {}

  badge(): Locator { return this.page.getByTestId('main-menu').getByTestId('inbox-menu-badge'); }
  toast(text: string): Locator { return this.page.getByTestId('toasts-item').filter({ hasText: text }); }
}

/** Inbox groups and rules (/inbox/groups). */
export class InboxGroupsPage {
  readonly groups: DataTableControl;
  readonly rules: DataTableControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.groups = new DataTableControl(page, 'inbox-groups-table');
    this.rules = new DataTableControl(page, 'inbox-rules-table');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/inbox/groups`);
    await this.page.getByTestId('inbox-groups-page').waitFor();
  }

  async addGroup(name: string): Promise<void> {
    await this.page.getByTestId('inbox-group-name-input').fill(name);
    await this.page.getByTestId('inbox-group-save').click();
    await this.groups.row(name).waitFor();
  }

  /** A rule filing messages that contain `keyword` into `group`. */
  async addKeywordRule(title: string, keyword: string, group: string): Promise<void> {
    await this.page.getByTestId('rule-title').fill(title);
    await this.page.getByTestId('rule-keyword').fill(keyword);
    await new SelectControl(this.page, this.page, 'rule-group').choose(group, group.slice(0, 3));
    await this.page.getByTestId('rule-save').click();
    await this.rules.row(title).waitFor();
  }
}
