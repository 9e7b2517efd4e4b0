import { gregorianToJalali, localizeDigits } from '../../shared/dates/jalali';
import { endpoint } from '../../shared/api/endpoint';
import type {
  ClicksDashboardAnswer, SendClicksAnswer, ShortLinkAnswer, ShortLinkDetailAnswer, ShortLinksPageAnswer,
} from '../../../../server/shared/engage/short-links';

/** Shapes of `ShortLinks/*`: the server's answer contracts (module engage, issue 28). */
export type ShortLink = ShortLinkAnswer;
export type { ShortLinkDetailAnswer as ShortLinkDetail, SendClicksAnswer as SendClicks, ClicksDashboardAnswer as ClicksDashboard };

export const shortLinksApi = {
  list: endpoint.get<ShortLinksPageAnswer, { pageIndex: number; pageSize: number; search?: string }>('/ShortLinks/GetAll'),
  get: endpoint.getById<ShortLinkDetailAnswer>('/ShortLinks/Get'),
  create: endpoint.post<{ mainUrl: string; title: string | null }, ShortLinkAnswer>('/ShortLinks/Create'),
  delete: endpoint.deleteById<{ id: number }>('/ShortLinks/Delete'),
  sendClicks: endpoint.get<SendClicksAnswer, { sendId: number; pageIndex: number; pageSize: number }>('/ShortLinks/GetSendClicks'),
  dashboard: endpoint.get<ClicksDashboardAnswer>('/ShortLinks/GetDashboard'),
};

export const shortLinksKeys = {
  list: (pageIndex: number, pageSize: number, search: string) => ['short-links', pageIndex, pageSize, search] as const,
  one: (id: number) => ['short-link', id] as const,
  sendClicks: (sendId: number, pageIndex: number, pageSize: number) => ['short-link-send-clicks', sendId, pageIndex, pageSize] as const,
  dashboard: () => ['short-links-dashboard'] as const,
};

export const SHORT_LINKS_PATH = '/services/short-links';
export const shortLinkPath = (id: number) => `${SHORT_LINKS_PATH}/${id}`;

/** A Tehran day `YYYY-MM-DD` as its Jalali date in Persian (۱۴۰۵/۰۹/۰۸), or Gregorian in English. */
export function dayText(day: string, language: string): string {
  if (!language.startsWith('fa')) return day;
  const [year, month, date] = day.split('-').map(Number);
  const j = gregorianToJalali({ year, month, day: date });
  return localizeDigits(`${j.year}/${String(j.month).padStart(2, '0')}/${String(j.day).padStart(2, '0')}`, language);
}
