import { useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { SearchBox } from '../admin-common/kit';
import { newsApi, newsEditPath, newsKeys, type News } from './news-api';

/** The writer's news: every news of the active organization's slice, with its window and audience. */
export function NewsManagePage() {
  const { api } = useApp();
  const { t } = useTranslation('news');
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<News | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading } = useSWR(newsKeys.manage(pageIndex, pageSize, search), () => newsApi.list(api, { pageIndex, pageSize, ...(search ? { search } : {}) }));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await newsApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('list.deleted') });
      setDeleting(null);
      await mutate(newsKeys.isNewsKey);
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<News>[]>(() => [
    { key: 'title', header: t('list.columns.title'), hideable: false, cell: (n) => <Link className="text-sky-700 underline dark:text-sky-300" to={newsEditPath(n.id)} data-testid="news-row-title"><UserText>{n.title}</UserText></Link> },
    { key: 'organization', header: t('list.columns.organization'), cell: (n) => <UserText>{n.organizationName}</UserText> },
    { key: 'period', header: t('list.columns.period'), cell: (n) => <span><DateDisplay value={n.startDate} /> – <DateDisplay value={n.endDate} /></span> },
    { key: 'audience', header: t('list.columns.audience'), cell: (n) => (n.displayForAllSubOrganizations ? t('list.withSubs') : t('list.ownOnly')) },
    { key: 'mustRead', header: t('list.columns.mustRead'), cell: (n) => (n.isRequiredToSeen ? t('list.yes') : t('list.no')) },
    {
      key: 'actions', header: t('list.columns.actions'), hideable: false, cell: (n) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => void navigate(newsEditPath(n.id))} data-testid="news-edit">{t('common.edit')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(n)} data-testid="news-delete">{t('common.delete')}</Button>
        </div>
      ),
    },
  ], [t, navigate]);

  const create = () => void navigate(newsEditPath('new'));
  return (
    <section data-testid="news-manage-page">
      <PageHeader title={t('list.title')} actions={<Button onClick={create} data-testid="news-create">{t('list.create')}</Button>} />
      <div className="mb-3"><SearchBox value={search} onSearch={(s) => { setSearch(s); setPageIndex(0); }} idPrefix="news" /></div>
      <DataTable columns={columns} rows={data?.items} rowKey={(n) => n.id} loading={isLoading} caption={t('list.title')}
        emptyText={t('list.empty')} emptyDescription={search ? undefined : t('list.emptyHint')}
        emptyAction={search ? undefined : <Button onClick={create} data-testid="news-empty-create">{t('list.create')}</Button>}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="news-table" />
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('list.deleteTitle')}
        message={deleting ? t('list.deleteMessage', { title: isolateText(deleting.title) }) : undefined}
        confirmText={t('common.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="news-delete-dialog" />
    </section>
  );
}
