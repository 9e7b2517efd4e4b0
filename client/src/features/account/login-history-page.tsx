import { useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { formatDateTime } from '../../shared/dates/jalali';
import type { Page } from '../../shared/api/api-client';

interface HistoryRow { id: number; at: string; ip: string | null; userAgent: string | null; result: string }
const PAGE_SIZE = 20;

export function LoginHistoryPage() {
  const { t } = useTranslation('account');
  const { store } = useApp();
  const language = useAppState(store, (s) => s.language);
  const [pageIndex, setPageIndex] = useState(0);
  const { data, isLoading } = useSWR<Page<HistoryRow>>(`/Account/GetLoginHistory?pageIndex=${pageIndex}&pageSize=${PAGE_SIZE}`);
  const pages = Math.max(1, Math.ceil((data?.totalCount ?? 0) / PAGE_SIZE));
  return (
    <section data-testid="login-history-page">
      <h1 className="mb-4 text-xl font-bold">{t('history.title')}</h1>
      {isLoading && <p>{t('common:common.loading')}</p>}
      {data && data.items.length === 0 && <p>{t('history.empty')}</p>}
      {data && data.items.length > 0 && (
        <>
          <table className="w-full rounded border bg-white text-sm dark:bg-slate-800">
            <thead><tr>
              <th className="p-2 text-start">{t('history.at')}</th><th className="p-2 text-start">{t('history.ip')}</th>
              <th className="p-2 text-start">{t('history.userAgent')}</th><th className="p-2 text-start">{t('history.result')}</th>
            </tr></thead>
            <tbody>
              {data.items.map((h) => (
                <tr key={h.id} className="border-t" data-testid="login-history-row">
                  <td className="p-2">{formatDateTime(h.at, language)}</td><td className="p-2" dir="ltr">{h.ip}</td>
                  <td className="max-w-xs truncate p-2" dir="ltr">{h.userAgent}</td><td className="p-2">{h.result}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-3 flex items-center gap-3 text-sm">
            <button type="button" className="rounded border px-2 py-1 disabled:opacity-50" disabled={pageIndex === 0} onClick={() => setPageIndex(pageIndex - 1)}>{t('paging.previous')}</button>
            <span>{t('paging.page', { page: pageIndex + 1, pages })}</span>
            <button type="button" className="rounded border px-2 py-1 disabled:opacity-50" disabled={pageIndex + 1 >= pages} onClick={() => setPageIndex(pageIndex + 1)}>{t('paging.next')}</button>
          </div>
        </>
      )}
    </section>
  );
}
