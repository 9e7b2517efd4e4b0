import { useMemo, useState } from 'react';
import useSWR from 'swr';
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
import { useDigits } from '../../shared/ui/use-digits';
import { UserText } from '../../shared/ui/user-text';
import { SearchBox } from '../admin-common/kit';
import { pollEditPath, pollPath, pollsApi, pollsKeys, type Poll } from './polls-api';

/** Polls and competitions: the list, with their period, participants and state. */
export function PollsPage() {
  const { api } = useApp();
  const { t } = useTranslation('polls');
  const digits = useDigits();
  const navigate = useNavigate();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<Poll | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(pollsKeys.list(pageIndex, pageSize, search), () =>
    pollsApi.list(api, { pageIndex, pageSize, ...(search ? { search } : {}) }));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await pollsApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('list.deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<Poll>[]>(() => [
    { key: 'title', header: t('list.columns.title'), hideable: false, cell: (p) => <Link className="text-sky-700 underline" to={pollPath(p.id)} data-testid="poll-row-title"><UserText>{p.title}</UserText></Link> },
    { key: 'type', header: t('list.columns.type'), cell: (p) => t(`types.${p.type}`) },
    { key: 'line', header: t('list.columns.line'), cell: (p) => <span dir="ltr">{digits(p.senderNumber ?? '')}</span> },
    { key: 'period', header: t('list.columns.period'), cell: (p) => <span><DateDisplay value={p.startAt} /> – <DateDisplay value={p.endAt} /></span> },
    { key: 'participants', header: t('list.columns.participants'), cell: (p) => <span data-testid="poll-row-participants">{digits(p.participantsCount)}</span> },
    { key: 'status', header: t('list.columns.status'), cell: (p) => <span data-testid="poll-row-status">{t(`statuses.${p.status}`)}</span> },
    {
      key: 'actions', header: t('list.columns.actions'), hideable: false, cell: (p) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => void navigate(pollEditPath(p.id))} data-testid="poll-edit">{t('common.edit')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(p)} data-testid="poll-delete">{t('common.delete')}</Button>
        </div>
      ),
    },
  ], [t, digits, navigate]);

  const create = () => void navigate(pollEditPath('new'));
  return (
    <section data-testid="polls-page">
      <PageHeader title={t('list.title')} actions={<Button onClick={create} data-testid="poll-create">{t('list.create')}</Button>} />
      <div className="mb-3"><SearchBox value={search} onSearch={(s) => { setSearch(s); setPageIndex(0); }} idPrefix="polls" /></div>
      <DataTable columns={columns} rows={data?.items} rowKey={(p) => p.id} loading={isLoading} caption={t('list.title')}
        emptyText={t('list.empty')} emptyDescription={search ? undefined : t('list.emptyHint')}
        emptyAction={search ? undefined : <Button onClick={create} data-testid="poll-empty-create">{t('list.create')}</Button>}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="polls-table" />
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('list.deleteTitle')}
        message={deleting ? t('list.deleteMessage', { title: isolateText(deleting.title) }) : undefined}
        confirmText={t('common.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="poll-delete-dialog" />
    </section>
  );
}
