import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { DateDisplay } from '../../shared/dates/date-display';
import { useDigits } from '../../shared/ui/use-digits';
import { UserText } from '../../shared/ui/user-text';
import { ErrorSummary, SearchBox, errorsOf, type FieldErrors } from '../admin-common/kit';
import { outboxDetailPath } from '../sending/sending-api';
import { shortLinkPath, shortLinksApi, shortLinksKeys, type ShortLink } from './short-links-api';

function CreateDialog({ onClose, onCreated }: { onClose(): void; onCreated(link: ShortLink): void }) {
  const { api } = useApp();
  const { t } = useTranslation('shortLinks');
  const [mainUrl, setMainUrl] = useState('');
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!mainUrl.trim()) {
      setErrors({ mainUrl: t('common.required') });
      return;
    }
    setBusy(true);
    try {
      onCreated(await shortLinksApi.create(api, { mainUrl: mainUrl.trim(), title: title.trim() || null }, { quiet: true }));
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };
  return (
    <ModalDialog open onClose={onClose} title={t('form.title')} data-testid="short-link-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="short-link-errors" />
        <div className="mb-4 grid gap-3">
          <TextField id="short-link-main-url" data-testid="short-link-main-url" label={t('form.mainUrl')} hint={t('form.mainUrlHint')} value={mainUrl} dir="ltr" inputMode="url"
            maxLength={2000} required error={errors.mainUrl} onChange={(e) => setMainUrl(e.target.value)} />
          <TextField id="short-link-title" data-testid="short-link-title" label={t('form.name')} value={title} dir="auto" maxLength={100}
            error={errors.title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="short-link-save">{t('common.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The spec's "short links" screen: links made by hand and one per send, with their clicks. */
export function ShortLinksPage() {
  const { api } = useApp();
  const { t } = useTranslation('shortLinks');
  const digits = useDigits();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ShortLink | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(shortLinksKeys.list(pageIndex, pageSize, search), () =>
    shortLinksApi.list(api, { pageIndex, pageSize, ...(search ? { search } : {}) }));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await shortLinksApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('list.deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };
  const copy = (link: ShortLink) => {
    void navigator.clipboard?.writeText(link.shortUrl).then(() => showToast({ kind: 'success', message: t('common.copied') }), () => undefined);
  };

  const columns = useMemo<DataTableColumn<ShortLink>[]>(() => [
    {
      key: 'shortUrl', header: t('list.columns.shortUrl'), hideable: false,
      cell: (l) => <Link className="text-sky-700 underline" to={shortLinkPath(l.id)} dir="ltr" data-testid="short-link-row-url">{l.shortUrl}</Link>,
    },
    { key: 'mainUrl', header: t('list.columns.mainUrl'), cell: (l) => <span dir="ltr" className="break-all">{l.mainUrl}</span> },
    { key: 'title', header: t('list.columns.title'), cell: (l) => (l.title ? <UserText>{l.title}</UserText> : '—') },
    {
      key: 'origin', header: t('list.columns.origin'),
      cell: (l) => (l.sendId ? <Link className="text-sky-700 underline" to={outboxDetailPath(l.sendId)}>{t('list.ofSend', { id: digits(l.sendId) })}</Link> : t('list.byHand')),
    },
    { key: 'clicks', header: t('list.columns.clicks'), cell: (l) => <span data-testid="short-link-row-clicks" data-value={l.clicks}>{digits(l.clicks)}</span> },
    { key: 'createdAt', header: t('list.columns.createdAt'), cell: (l) => <DateDisplay value={l.createdAt} /> },
    {
      key: 'actions', header: t('list.columns.actions'), hideable: false, cell: (l) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => copy(l)} data-testid="short-link-copy">{t('common.copy')}</Button>
          {!l.sendId && <Button size="sm" variant="danger" onClick={() => setDeleting(l)} data-testid="short-link-delete">{t('common.delete')}</Button>}
        </div>
      ),
    },
  ], [t, digits]);

  return (
    <section data-testid="short-links-page">
      <PageHeader title={t('list.title')} actions={<Button onClick={() => setCreating(true)} data-testid="short-link-create">{t('list.create')}</Button>} />
      <div className="mb-3"><SearchBox value={search} onSearch={(s) => { setSearch(s); setPageIndex(0); }} idPrefix="short-links" /></div>
      <DataTable columns={columns} rows={data?.items} rowKey={(l) => l.id} loading={isLoading} caption={t('list.title')}
        emptyText={t('list.empty')} emptyDescription={search ? undefined : t('list.emptyHint')}
        emptyAction={search ? undefined : <Button onClick={() => setCreating(true)} data-testid="short-link-empty-create">{t('list.create')}</Button>}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="short-links-table" />
      {creating && (
        <CreateDialog onClose={() => setCreating(false)} onCreated={() => {
          setCreating(false);
          showToast({ kind: 'success', message: t('list.created') });
          setPageIndex(0);
          void mutate();
        }} />
      )}
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('list.deleteTitle')}
        message={deleting ? t('list.deleteMessage', { code: deleting.code }) : undefined}
        confirmText={t('common.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="short-link-delete-dialog" />
    </section>
  );
}
