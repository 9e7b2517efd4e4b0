import { endpoint } from '../../shared/api/endpoint';
import type { AcknowledgeNewsAnswer, LatestNewsPage, NewsAnswer, NewsPage, ReaderNews } from '../../../../server/shared/insight/news.answers';

/** Shapes of `News/*`: the server's answer contracts (module insight, "News"). */
export type News = NewsAnswer;
export type { LatestNewsPage, NewsPage, ReaderNews };

/** What the news form sends (`Create`; `Update` adds the id). */
export interface NewsInput {
  title: string;
  text: string;
  displayForAllSubOrganizations: boolean;
  customerDomainName: string | null;
  startDate: string | null;
  endDate: string | null;
  isRequiredToSeen: boolean;
}

export const newsApi = {
  list: endpoint.get<NewsPage, { pageIndex: number; pageSize: number; search?: string }>('/News/GetAll'),
  get: endpoint.getById<News>('/News/Get'),
  create: endpoint.post<NewsInput, News>('/News/Create'),
  update: endpoint.post<NewsInput & { id: number }, News>('/News/Update'),
  delete: endpoint.deleteById<{ id: number }>('/News/Delete'),
  latest: endpoint.get<LatestNewsPage, { pageIndex: number; pageSize: number }>('/News/GetLatest'),
  mustRead: endpoint.get<ReaderNews[]>('/News/GetMustRead'),
  acknowledge: endpoint.postById<AcknowledgeNewsAnswer>('/News/Acknowledge'),
};

export const newsKeys = {
  manage: (pageIndex: number, pageSize: number, search: string) => ['news-manage', pageIndex, pageSize, search] as const,
  one: (id: number) => ['news', id] as const,
  latest: (pageIndex: number, pageSize: number) => ['news-latest', pageIndex, pageSize] as const,
  mustRead: () => ['news-must-read'] as const,
  /** Every news key: a write changes what writers and readers see. */
  isNewsKey: (key: unknown) => Array.isArray(key) && typeof key[0] === 'string' && (key[0] as string).startsWith('news'),
};

export const NEWS_PATH = '/news';
export const NEWS_MANAGE_PATH = '/news/manage';
export const newsEditPath = (id: number | 'new') => `${NEWS_MANAGE_PATH}/${id}`;
