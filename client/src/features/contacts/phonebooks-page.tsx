import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { cx } from '../../shared/ui/class-names';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageHeader } from '../../shared/ui/page-header';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { SearchBox } from '../admin-common/kit';
import { contactsKeys, phonebookPath, phonebooksApi, type Phonebook } from './contacts-api';
import { PhonebookDialog } from './phonebook-dialog';

export function KindBadge({ phonebook }: { phonebook: Phonebook }) {
  const { t } = useTranslation('contacts');
  const kind = phonebook.fromParent ? 'parent' : phonebook.isPublic ? 'public' : 'private';
  const tone = kind === 'private' ? 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200' : 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200';
  return (<>
    <span className={cx('inline-block rounded-full px-2 py-0.5 text-xs font-medium', tone)} data-testid="phonebook-kind" data-kind={kind}>{t(`phonebooks.kinds.${kind}`)}</span>
    {/* The members of a safe-list (whitemessage): people join and leave it by text, so it is said where it is seen. */}
    {phonebook.whiteMessageId !== null && (
      <Link to="/facility/safe-lists" title={t('phonebooks.safeListHint')} data-testid="phonebook-safe-list"
        className="ms-1 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 underline dark:bg-emerald-900/40 dark:text-emerald-200">
        {t('phonebooks.safeList')}
      </Link>
    )}
  </>);
}

/** The phonebooks the caller sees (their organization's, and allowed parents' public ones), with an empty state that says where to start. */
export function PhonebooksPage() {
  const { api } = useApp();
  const { t } = useTranslation('contacts');
  const digits = useDigits();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [dialog, setDialog] = useState<{ editing: Phonebook | null } | null>(null);
  const [deleting, setDeleting] = useState<Phonebook | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(contactsKeys.phonebooks(search, pageIndex, pageSize), () =>
    phonebooksApi.list(api, { pageIndex, pageSize, search: search || undefined }));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await phonebooksApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('phonebooks.deleted') });
      setDeleting(null);
      if (data && data.items.length === 1 && pageIndex > 0) setPageIndex(pageIndex - 1);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<Phonebook>[]>(() => [
    {
      key: 'title', header: t('phonebooks.columns.title'), hideable: false,
      cell: (p) => <Link to={phonebookPath(p.id)} className="text-sky-700 underline dark:text-sky-300" data-testid="phonebook-link"><UserText>{p.title}</UserText></Link>,
    },
    {
      key: 'kind', header: t('phonebooks.columns.kind'),
      cell: (p) => (
        <span className="flex flex-wrap gap-1">
          <KindBadge phonebook={p} />
          {p.numbersHidden && <span className="text-xs text-slate-600 dark:text-slate-300">{t('phonebooks.numbersHidden')}</span>}
          {!p.canManage && <span className="text-xs text-slate-600 dark:text-slate-300">{t('phonebooks.readOnly')}</span>}
        </span>
      ),
    },
    { key: 'contacts', header: t('phonebooks.columns.contacts'), cell: (p) => <span data-testid="phonebook-count">{digits(p.contactsCount)}</span> },
    { key: 'owner', header: t('phonebooks.columns.owner'), cell: (p) => p.userName ?? t('common.none') },
    { key: 'organization', header: t('phonebooks.columns.organization'), hiddenByDefault: true, cell: (p) => p.organizationName },
    { key: 'created', header: t('phonebooks.columns.created'), hiddenByDefault: true, cell: (p) => <DateDisplay value={p.createdAt} mode="date" /> },
    {
      key: 'actions', header: t('phonebooks.columns.actions'), hideable: false,
      cell: (p) => (p.canManage ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setDialog({ editing: p })} data-testid="phonebook-edit">{t('common.edit')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(p)} data-testid="phonebook-delete">{t('common.delete')}</Button>
        </div>
      ) : null),
    },
  ], [t, digits]);

  const usage = data && (data.maxPhonebook
    ? t('phonebooks.usage', { n: digits(data.phonebookCount), max: digits(data.maxPhonebook) })
    : t('phonebooks.usageUnlimited', { n: digits(data.phonebookCount) }));
  const nothingYet = !isLoading && data && data.totalCount === 0 && !search;

  return (
    <section data-testid="phonebooks-page">
      <PageHeader title={t('phonebooks.title')} subtitle={usage || undefined} actions={(
        <>
          <Button onClick={() => setDialog({ editing: null })} data-testid="phonebook-create">{t('phonebooks.create')}</Button>
          <Link to="/phonebooks/custom-fields" className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50 dark:border-gray-600 dark:hover:bg-gray-800"
            data-testid="phonebooks-custom-fields">{t('phonebooks.customFields')}</Link>
        </>
      )} />
      {nothingYet ? (
        <EmptyState title={t('phonebooks.emptyTitle')} description={t('phonebooks.emptyText')} data-testid="phonebooks-empty"
          icon={<span>☎</span>}
          action={(
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={() => setDialog({ editing: null })} data-testid="phonebooks-empty-create">{t('phonebooks.emptyAction')}</Button>
              <Link to="/phonebooks/custom-fields" className="rounded-md px-4 py-2 text-sm font-medium text-sky-700 underline dark:text-sky-300">{t('phonebooks.emptyFields')}</Link>
            </div>
          )} />
      ) : (
        <>
          <div className="mb-3"><SearchBox value={search} idPrefix="phonebooks" onSearch={(term) => { setSearch(term); setPageIndex(0); }} /></div>
          <DataTable columns={columns} rows={data?.items} rowKey={(p) => p.id} loading={isLoading} emptyText={t('adminCommon:table.empty')} caption={t('phonebooks.title')}
            pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
            onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="phonebooks-table" />
        </>
      )}
      {dialog && (
        <PhonebookDialog editing={dialog.editing} onClose={() => setDialog(null)} onSaved={(saved) => {
          const created = !dialog.editing;
          setDialog(null);
          showToast({ kind: 'success', message: t('phonebooks.saved') });
          void mutate();
          // A new phonebook is empty: its page is where the next step (adding contacts) happens.
          if (created) navigate(phonebookPath(saved.id));
        }} />
      )}
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('phonebooks.deleteTitle')}
        message={deleting ? t('phonebooks.deleteMessage', { title: isolateText(deleting.title), n: digits(deleting.contactsCount) }) : undefined}
        confirmText={t('common.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="phonebook-delete-dialog" />
    </section>
  );
}
