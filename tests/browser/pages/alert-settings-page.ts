import type { Locator, Page } from 'playwright-core';

/** Alert and notification settings (/settings/alerts) and the header's notification bell. */
export class AlertSettingsPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/settings/alerts`);
    await this.form().waitFor();
  }

  form(): Locator { return this.page.getByTestId('alert-settings-form'); }
  smsToggle(): Locator { return this.page.getByTestId('alerts-sms'); }
  mobiles(): Locator { return this.page.getByTestId('alerts-mobiles'); }
  enabled(alertType: string): Locator { return this.page.getByTestId(`alert-${alertType}-enabled`); }
  threshold(): Locator { return this.page.getByTestId('alert-LowCredit-threshold'); }
  fromDays(alertType: string): Locator { return this.page.getByTestId(`alert-${alertType}-from`); }
  toDays(alertType: string): Locator { return this.page.getByTestId(`alert-${alertType}-to`); }
  /** The error shown under a field (FieldFrame: `<id>-error`). */
  errorUnder(field: Locator): Promise<string> {
    return field.getAttribute('id').then((id) => this.page.locator(`[id="${id}-error"]`).innerText());
  }
  async save(): Promise<void> { await this.page.getByTestId('alert-settings-save').click(); }

  bell(): Locator { return this.page.getByTestId('notifications'); }
  unread(): Locator { return this.page.getByTestId('notifications-unread'); }
}
