import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { SearchBox } from '../admin-common/kit';
import { CodeSpans } from '../../shared/ui/rich-text';
import { blacklistKeys, optOutsApi, type OptOutEntry } from './blacklist-api';

/** Numbers that texted an opt-out word to a line of the organization; an administrator may remove one. */
export function OptOutsPage() {
  const { api } = useApp();
  const { t } = useTranslation('blacklist');
  const digits = useDigits();
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [removing, setRemoving] = useState<OptOutEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(blacklistKeys.optOuts(search, pageIndex, pageSize),
    () => optOutsApi.list(api, { pageIndex, pageSize, search: search || undefined }));

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await optOutsApi.delete(api, removing.id);
      showToast({ kind: 'success', message: t('optOuts.removed') });
      setRemoving(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<OptOutEntry>[]>(() => [
    { key: 'mobile', header: t('optOuts.columns.mobile'), hideable: false, cell: (o) => <span dir="ltr" data-testid="opt-out-row-mobile">{digits(o.mobile)}</span> },
    { key: 'line', header: t('optOuts.columns.line'), cell: (o) => <span dir="ltr">{o.receiverNumber ? digits(o.receiverNumber) : '—'}</span> },
    { key: 'text', header: t('optOuts.columns.text'), cell: (o) => <bdi>{o.smsText ?? '—'}</bdi> },
    { key: 'organization', header: t('optOuts.columns.organization'), cell: (o) => o.organizationName ?? '—' },
    { key: 'createdAt', header: t('optOuts.columns.createdAt'), cell: (o) => <DateDisplay value={o.createdAt} /> },
    {
      key: 'actions', header: t('optOuts.columns.actions'), hideable: false,
      cell: (o) => <Button size="sm" variant="danger" onClick={() => setRemoving(o)} data-testid="opt-out-remove">{t('optOuts.remove')}</Button>,
    },
  ], [t, digits]);

  return (
    <section data-testid="opt-outs-page">
      <PageHeader title={t('optOuts.title')} actions={<Link to="/blacklist" className="text-sm underline" data-testid="opt-outs-blacklist-link">{t('title')}</Link>} />
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300"><CodeSpans text={t('optOuts.intro')} /></p>
      <div className="mb-3">
        <SearchBox value={search} idPrefix="opt-outs" onSearch={(term) => { setSearch(term); setPageIndex(0); }} />
      </div>
      <DataTable columns={columns} rows={data?.items} rowKey={(o) => o.id} loading={isLoading} emptyText={search ? t('adminCommon:table.empty') : t('optOuts.empty')}
        caption={t('optOuts.title')} pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="opt-outs-table" />
      <ConfirmDialog open={!!removing} busy={busy} danger title={t('optOuts.removeTitle')} message={removing ? t('optOuts.removeMessage', { mobile: digits(removing.mobile) }) : undefined}
        confirmText={t('optOuts.remove')} onConfirm={() => void remove()} onCancel={() => setRemoving(null)} data-testid="opt-out-remove-dialog" />
    </section>
  );
}
