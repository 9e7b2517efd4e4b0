import type { Locator, Page } from 'playwright-core';
import { DataTableControl } from './data-table.js';
import { SelectControl } from './select-control.js';

/** Occasion sends (/sending/occasions, /sending/occasions/:id) and calendar events (/sending/calendar-events). */
export class OccasionsPages {
  readonly occasions: DataTableControl;
  readonly events: DataTableControl;
  readonly line: SelectControl;
  readonly phonebook: SelectControl;
  readonly field: SelectControl;
  readonly event: SelectControl;
  readonly month: SelectControl;

  constructor(private readonly page: Page, private readonly baseUrl: string) {
    this.occasions = new DataTableControl(page, 'occasions-table');
    this.events = new DataTableControl(page, 'calendar-events-table');
    this.line = new SelectControl(page, page, 'occasion-line');
    this.phonebook = new SelectControl(page, page, 'occasion-phonebook');
    this.field = new SelectControl(page, page, 'occasion-field');
    this.event = new SelectControl(page, page, 'occasion-event');
    this.month = new SelectControl(page, page, 'calendar-month');
  }

  async openOccasions(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/sending/occasions`);
    await this.page.getByTestId('occasions-page').waitFor();
  }

  async openOccasion(id: number): Promise<void> {
    await this.page.goto(`${this.baseUrl}/sending/occasions/${id}`);
    await this.page.getByTestId('occasion-form').waitFor();
  }

  async openCalendar(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/sending/calendar-events`);
    await this.page.getByTestId('calendar-events-page').waitFor();
  }

  emptyCreate(): Locator { return this.page.getByTestId('occasion-empty-create'); }
  fieldError(id: string): Locator { return this.page.locator(`#${id}-error`); }
  runs(): Locator { return this.page.getByTestId('occasion-run-row'); }

  async insertPlaceholder(name: string): Promise<void> {
    await this.page.getByTestId(`send-template-field-${name}`).click();
  }

  async save(): Promise<void> {
    await this.page.getByTestId('occasion-save').click();
  }

  /** The calendar's "New event" dialog, filled and saved with the keyboard's Enter. */
  async createEvent(title: string, day: string): Promise<void> {
    await this.page.getByTestId('event-create').click();
    await this.page.getByTestId('event-title').fill(title);
    await this.page.getByTestId('event-day').fill(day);
    await this.page.getByTestId('event-day').press('Enter');
    await this.page.getByTestId('calendar-event-dialog').waitFor({ state: 'hidden' });
  }
}
