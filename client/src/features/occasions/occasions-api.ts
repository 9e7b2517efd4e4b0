import { gregorianToJalali, localizeDigits, monthNames } from '../../shared/dates/jalali';

import { endpoint } from '../../shared/api/endpoint';
import type {
  CalendarEventAnswer, CalendarEventsPage, OccasionAnswer, OccasionDetail, OccasionListItem, OccasionRunAnswer, OccasionsPage,
} from '../../../../server/shared/engage/occasions.answers';

/** Shapes of `OccasionScheduledMessages/*` and `CalendarEvents/*`: the server's answer contracts (module engage). */
export type Occasion = OccasionListItem;
export type OccasionRun = OccasionRunAnswer;
export type CalendarEvent = CalendarEventAnswer;
export type { OccasionDetail };

/** What the occasion form sends (`Create`; `Update` adds the id). */
export interface OccasionInput {
  title: string;
  privateNumberId: number | null;
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
}

export interface CalendarEventInput {
  title: string;
  titleEn: string | null;
  jalaliYear: number | null;
  jalaliMonth: number;
  /** The form refuses an empty day before sending; the server's schema refuses null. */
  jalaliDay: number | null;
  isHoliday: boolean;
}

export const occasionsApi = {
  list: endpoint.get<OccasionsPage, { pageIndex: number; pageSize: number; search?: string }>('/OccasionScheduledMessages/GetAll'),
  get: endpoint.getById<OccasionDetail>('/OccasionScheduledMessages/Get'),
  create: endpoint.post<OccasionInput, OccasionAnswer>('/OccasionScheduledMessages/Create'),
  update: endpoint.post<OccasionInput & { id: number }, OccasionAnswer>('/OccasionScheduledMessages/Update'),
  changeStatus: endpoint.post<{ id: number; isActive: boolean }, OccasionAnswer>('/OccasionScheduledMessages/ChangeStatus'),
  delete: endpoint.deleteById<{ id: number }>('/OccasionScheduledMessages/Delete'),
};

export const calendarEventsApi = {
  list: endpoint.get<CalendarEventsPage, { month?: number; year?: number }>('/CalendarEvents/GetAll'),
  create: endpoint.post<CalendarEventInput, CalendarEvent>('/CalendarEvents/Create'),
  update: endpoint.post<CalendarEventInput & { id: number }, CalendarEvent>('/CalendarEvents/Update'),
  delete: endpoint.deleteById<{ id: number }>('/CalendarEvents/Delete'),
};

/** The feature's SWR keys, in one place: a save revalidates the occasion keys by `isOccasionKey`. */
export const occasionsKeys = {
  list: (pageIndex: number, pageSize: number, search: string) => ['occasions', pageIndex, pageSize, search] as const,
  one: (id: number) => ['occasion', id] as const,
  isOccasionKey: (key: unknown) => Array.isArray(key) && (key[0] === 'occasions' || key[0] === 'occasion'),
  /** Every event (the form's picker). */
  allEvents: () => ['occasion-events'] as const,
  eventsOfMonth: (month: number, year: number) => ['calendar-events', month, year] as const,
  /** The form's pickers of other features' data. */
  phonebooks: () => ['occasion-phonebooks'] as const,
  customFields: () => ['occasion-custom-fields'] as const,
};

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
