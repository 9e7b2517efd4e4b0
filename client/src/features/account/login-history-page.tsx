import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { DateDisplay } from '../../shared/dates/date-display';
import { useApp } from '../../shared/app/app-context';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';

import { accountApi, accountKeys, type HistoryRow } from './account-api';

export function LoginHistoryPage() {
  const { api } = useApp();
  const { t } = useTranslation('account');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const { data, isLoading } = useSWR(accountKeys.loginHistory(pageIndex, pageSize), () => accountApi.loginHistory(api, { pageIndex, pageSize }));
  const columns = useMemo<DataTableColumn<HistoryRow>[]>(() => [
    { key: 'at', header: t('history.at'), cell: (h) => <DateDisplay value={h.at} /> },
    { key: 'ip', header: t('history.ip'), cell: (h) => <span dir="ltr">{h.ip}</span> },
    { key: 'userAgent', header: t('history.userAgent'), cell: (h) => <span dir="ltr" className="block max-w-xs truncate" title={h.userAgent ?? ''}>{h.userAgent}</span> },
    {
      key: 'result', header: t('history.result'), cell: (h) => (
        <span data-testid="login-history-result" data-result={h.result} className={h.result === 'Success' ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}>
          {t(`history.results.${h.result}`, { defaultValue: t('history.results.other') })}
        </span>
      ),
    },
  ], [t]);
  return (
    <section data-testid="login-history-page">
      <PageHeader title={t('history.title')} />
      <DataTable columns={columns} rows={data?.items} rowKey={(h) => h.id} loading={isLoading} emptyText={t('history.empty')} caption={t('history.title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="login-history-table" />
    </section>
  );
}
