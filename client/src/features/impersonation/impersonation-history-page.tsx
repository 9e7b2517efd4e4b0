import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { impersonationApi, impersonationKeys, type ImpersonationRow } from './impersonation-api';

export function ImpersonationHistoryPage() {
  const { api } = useApp();
  const { t } = useTranslation('impersonation');
  const { t: tc } = useTranslation('adminCommon');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const { data, isLoading } = useSWR(impersonationKeys.history(pageIndex, pageSize), () => impersonationApi.history(api, { pageIndex, pageSize }));
  const columns = useMemo<DataTableColumn<ImpersonationRow>[]>(() => [
    { key: 'impersonator', header: t('columns.impersonator'), cell: (h) => h.impersonatorName },
    { key: 'user', header: t('columns.user'), cell: (h) => h.impersonatedUserName },
    { key: 'organization', header: t('columns.organization'), cell: (h) => h.impersonatedOrganizationName },
    { key: 'startedAt', header: t('columns.startedAt'), cell: (h) => <DateDisplay value={h.startedAt} /> },
    { key: 'endedAt', header: t('columns.endedAt'), cell: (h) => <DateDisplay value={h.endedAt} fallback={t('ongoing')} /> },
  ], [t]);
  return (
    <section data-testid="impersonations-page">
      <PageHeader title={t('title')} />
      <DataTable columns={columns} rows={data?.items} rowKey={(h) => h.id} loading={isLoading} emptyText={tc('table.empty')} caption={t('title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="impersonations-table" />
    </section>
  );
}
