import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { isolateText } from '../../shared/ui/bidi';
import { useDigits } from '../../shared/ui/use-digits';
import { UserText } from '../../shared/ui/user-text';
import { SearchBox } from '../admin-common/kit';
import { formPath, formsApi, formsKeys, type Form } from './forms-api';

/** The form builder's list: each form with its phonebook, answers and whether it is published. */
export function FormsPage() {
  const { api } = useApp();
  const { t } = useTranslation('forms');
  const digits = useDigits();
  const navigate = useNavigate();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<Form | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(formsKeys.list(pageIndex, pageSize, search), () =>
    formsApi.list(api, { pageIndex, pageSize, ...(search ? { search } : {}) }));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await formsApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('list.deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<Form>[]>(() => [
    { key: 'title', header: t('list.columns.title'), hideable: false, cell: (f) => <Link className="text-sky-700 underline" to={formPath(f.id)} data-testid="form-row-title"><UserText>{f.title}</UserText></Link> },
    { key: 'phonebook', header: t('list.columns.phonebook'), cell: (f) => (f.phonebookName ? <UserText>{f.phonebookName}</UserText> : '—') },
    { key: 'answers', header: t('list.columns.answers'), cell: (f) => <span data-testid="form-row-answers">{digits(f.answersCount)}</span> },
    { key: 'status', header: t('list.columns.status'), cell: (f) => <span data-testid="form-row-status">{t(f.isPublished ? 'list.published' : 'list.draft')}</span> },
    {
      key: 'actions', header: t('list.columns.actions'), hideable: false, cell: (f) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => void navigate(formPath(f.id))} data-testid="form-edit">{t('common.edit')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(f)} data-testid="form-delete">{t('common.delete')}</Button>
        </div>
      ),
    },
  ], [t, digits, navigate]);

  const create = () => void navigate(formPath('new'));
  return (
    <section data-testid="forms-page">
      <PageHeader title={t('list.title')} actions={<Button onClick={create} data-testid="form-create">{t('list.create')}</Button>} />
      <div className="mb-3"><SearchBox value={search} onSearch={(s) => { setSearch(s); setPageIndex(0); }} idPrefix="forms" /></div>
      <DataTable columns={columns} rows={data?.items} rowKey={(f) => f.id} loading={isLoading} caption={t('list.title')}
        emptyText={t('list.empty')} emptyDescription={search ? undefined : t('list.emptyHint')}
        emptyAction={search ? undefined : <Button onClick={create} data-testid="form-empty-create">{t('list.create')}</Button>}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="forms-table" />
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('list.deleteTitle')}
        message={deleting ? t('list.deleteMessage', { title: isolateText(deleting.title) }) : undefined}
        confirmText={t('common.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="form-delete-dialog" />
    </section>
  );
}
