import { gregorianToJalali, localizeDigits, monthNames } from '../../shared/dates/jalali';

/** Shapes of `OccasionScheduledMessages/*` and `CalendarEvents/*` (server module `occasions`). */
export interface Occasion {
  id: number;
  title: string;
  privateNumberId: number;
  senderNumber?: string | null;
  userName?: string | null;
  phonebookIds: number[];
  dynamicTemplateTitle: string;
  smsBody: string;
  sendHour: number;
  howManyDaysSendItBeforeDueDate: number;
  calenderEvent: boolean;
  calendarEvents: number[];
  calenderOrganizationEvents: number[];
  phonebookCustomFieldNameEn: string | null;
  toConsiderYear: boolean;
  isActive: boolean;
  lastRunDay: string | null;
  lastSendId: number | null;
  lastFailureCode: string | null;
}

export interface OccasionRun {
  runDay: string;
  sendId: number | null;
  recipientCount: number;
  failureCode: string | null;
  queueStatus: string | null;
  status: string | null;
  totalPrice: string | null;
}

export interface CalendarEvent {
  id: number;
  organizationId: number | null;
  title: string;
  titleEn: string | null;
  jalaliYear: number | null;
  jalaliMonth: number;
  jalaliDay: number;
  isHoliday: boolean;
  isSystem: boolean;
}

export const OCCASIONS_PATH = '/sending/occasions';
export const CALENDAR_EVENTS_PATH = '/sending/calendar-events';
export const occasionPath = (id: number | 'new') => `${OCCASIONS_PATH}/${id}`;

/** A Tehran day `YYYY-MM-DD` (a run's day) as its Jalali date, e.g. ۱۴۰۶/۰۶/۳۱ in Persian. */
export function jalaliDayText(day: string, language: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const j = gregorianToJalali({ year, month, day: date });
  return localizeDigits(`${j.year}/${String(j.month).padStart(2, '0')}/${String(j.day).padStart(2, '0')}`, language);
}

/** An event's date: "13 Farvardin" (yearly) or "4 Tir 1405" (dated). */
export function eventDateText(e: Pick<CalendarEvent, 'jalaliYear' | 'jalaliMonth' | 'jalaliDay'>, language: string): string {
  const month = monthNames('solar', language)[e.jalaliMonth - 1];
  return localizeDigits(`${e.jalaliDay} ${month}${e.jalaliYear ? ` ${e.jalaliYear}` : ''}`, language);
}

/** The event's title in the reader's language (official events carry both). */
export const eventTitle = (e: Pick<CalendarEvent, 'title' | 'titleEn'>, language: string): string =>
  (language.startsWith('fa') ? e.title : e.titleEn || e.title);
