import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { onRealtimeEvent } from '../../shared/realtime/realtime';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { EmptyState } from '../../shared/ui/empty-state';
import { FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { PageHeader } from '../../shared/ui/page-header';
import { isolateText } from '../../shared/ui/bidi';
import { useDigits } from '../../shared/ui/use-digits';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { errorsOf, type FieldErrors } from '../admin-common/kit';
import { contactsKeys, customFieldsApi, phonebookPath, phonebooksApi } from './contacts-api';
import {
  isFinished, isPhonebookFile, isRunning, isUploadedFile, PHONEBOOK_FILE_EVENT, phonebookFilesApi, uploadPhonebookFile, type PhonebookFile, type UploadedFile,
} from './contact-import-api';
import { ImportMapping } from './contact-import-mapping';

function Progress({ file }: { file: PhonebookFile }) {
  const { t } = useTranslation('contactImport');
  const digits = useDigits();
  const percent = file.progressPercent;
  return (
    <div className="min-w-[10rem]" data-testid="import-progress" data-value={percent} data-status={file.status}>
      <div role="progressbar" aria-label={t('list.columns.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded bg-slate-200 dark:bg-slate-700">
        <div className={`h-full transition-all ${file.status === 'Failed' ? 'bg-red-600' : 'bg-sky-600'}`} style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs" aria-live="polite">
        {t('list.percent', { n: digits(percent) })}
        {' · '}
        {file.totalCount !== null
          ? t('list.processed', { n: digits(file.processedCount), total: digits(file.totalCount) })
          : t('list.processedUnknown', { n: digits(file.processedCount) })}
      </p>
    </div>
  );
}

/**
 * Imports of one phonebook: upload a file (with the upload's own progress), map its columns, and
 * watch each import's progress live (the server pushes it after every batch) with its counts and
 * the rejected-rows file.
 */
export function ContactImportPage() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const { api } = useApp();
  const { t, i18n } = useTranslation('contactImport');
  const digits = useDigits();
  const [file, setFile] = useState<File | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [mapping, setMapping] = useState<UploadedFile | null>(null);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const [deleting, setDeleting] = useState<PhonebookFile | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const valid = Number.isInteger(id) && id > 0;

  const { data: phonebook, error: phonebookError, mutate: refreshPhonebook } = useSWR(valid ? contactsKeys.phonebook(id) : null, () => phonebooksApi.get(api, id));
  const { data: fieldList } = useSWR(phonebook ? contactsKeys.phonebookFields(id) : null,
    () => customFieldsApi.list(api, { phonebookId: id }));
  const { data: page, isLoading, mutate } = useSWR(phonebook?.canManage ? contactsKeys.phonebookFiles(id, pageIndex, pageSize) : null,
    () => phonebookFilesApi.list(api, { phonebookId: id, pageIndex, pageSize }));

  // Each push replaces the import's row at once; an import that ended brings the list and the phonebook's count up to date.
  useEffect(() => onRealtimeEvent(PHONEBOOK_FILE_EVENT, (payload) => {
    if (!isPhonebookFile(payload) || payload.phonebookId !== id) return;
    void mutate((current) => current && ({ ...current, items: current.items.map((f) => (f.id === payload.id ? { ...f, ...payload, failedReason: f.failedReason } : f)) }), { revalidate: false });
    if (isFinished(payload)) {
      void mutate();
      void refreshPhonebook();
      showToast({ kind: payload.status === 'Completed' ? 'success' : 'error', message: t(payload.status === 'Completed' ? 'list.done' : 'list.failed', { name: isolateText(payload.fileName), added: digits(payload.addedCount) }) });
    }
  }), [id, mutate, refreshPhonebook, t, digits]);

  const upload = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) { setErrors({ file: t('chooseFile') }); return; }
    setErrors({});
    setUploadPercent(0);
    try {
      const uploaded = await uploadPhonebookFile(api, id, file, setUploadPercent);
      setMapping(uploaded);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      void mutate();
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setUploadPercent(null);
    }
  };

  const reopen = async (f: PhonebookFile) => {
    try {
      const reopened = await phonebookFilesApi.get(api, f.id);
      // Only a Stored import comes back with its preview (one started meanwhile has none to map).
      if (isUploadedFile(reopened)) setMapping(reopened);
    } catch { /* the error catalogue told the user */ }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await phonebookFilesApi.delete(api, deleting.id);
      if (mapping?.id === deleting.id) setMapping(null);
      setDeleting(null);
      void mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<PhonebookFile>[]>(() => [
    { key: 'fileName', header: t('list.columns.fileName'), hideable: false, cell: (f) => f.fileName },
    {
      key: 'status', header: t('list.columns.status'), hideable: false, cell: (f) => (
        <span data-testid="import-status" data-status={f.status}>
          {t(`status.${f.status}`)}
          {f.failedReason && <span className="block text-xs text-red-700 dark:text-red-300">{f.failedReason}</span>}
        </span>
      ),
    },
    { key: 'progress', header: t('list.columns.progress'), hideable: false, cell: (f) => (f.status === 'Stored' ? t('contacts:common.none') : <Progress file={f} />) },
    { key: 'added', header: t('list.columns.added'), cell: (f) => <span data-testid="import-added" data-value={f.addedCount}>{digits(f.addedCount)}</span> },
    { key: 'updated', header: t('list.columns.updated'), hiddenByDefault: true, cell: (f) => digits(f.updatedCount) },
    { key: 'duplicates', header: t('list.columns.duplicates'), cell: (f) => <span data-testid="import-duplicates" data-value={f.duplicateCount}>{digits(f.duplicateCount)}</span> },
    { key: 'existing', header: t('list.columns.existing'), cell: (f) => <span data-testid="import-existing" data-value={f.existingCount}>{digits(f.existingCount)}</span> },
    {
      key: 'rejected', header: t('list.columns.rejected'), cell: (f) => (
        <span className="flex flex-wrap items-center gap-2" data-testid="import-rejected" data-value={f.rejectedCount}>
          {digits(f.rejectedCount)}
          {f.rejectedFileUrl && (
            <>
              <a className="text-sky-700 underline dark:text-sky-300" href={api.address(f.rejectedFileUrl.replace(/^\/api/, ''))} download data-testid="import-rejected-xlsx">{t('list.rejectedXlsx')}</a>
              <a className="text-sky-700 underline dark:text-sky-300" href={api.address(`${f.rejectedFileUrl.replace(/^\/api/, '')}?format=csv`)} download data-testid="import-rejected-csv">{t('list.rejectedCsv')}</a>
            </>
          )}
        </span>
      ),
    },
    { key: 'created', header: t('list.columns.created'), hiddenByDefault: true, cell: (f) => <DateDisplay value={f.createdAt} mode="dateTime" /> },
    {
      key: 'actions', header: t('list.columns.actions'), hideable: false, cell: (f) => (
        <div className="flex flex-wrap gap-2">
          {f.status === 'Stored' && <Button size="sm" variant="secondary" onClick={() => void reopen(f)} data-testid="import-choose-columns">{t('list.chooseColumns')}</Button>}
          {!isRunning(f) && <Button size="sm" variant="ghost" onClick={() => setDeleting(f)} data-testid="import-delete">{t('list.delete')}</Button>}
        </div>
      ),
    },
  ], [t, digits, i18n.language, api]);

  if (phonebookError || !valid) {
    return <EmptyState title={t('adminCommon:table.empty')} action={<Link to="/phonebooks" className="text-sky-700 underline">{t('contacts:common.back')}</Link>} data-testid="import-phonebook-missing" />;
  }
  if (!phonebook) return <section data-testid="import-loading" aria-busy="true" />;

  return (
    <section data-testid="contact-import-page" data-phonebook-id={phonebook.id}>
      <PageHeader title={t('title')} subtitle={t('subtitle', { title: isolateText(phonebook.title) })}
        breadcrumbs={<Link to={phonebookPath(phonebook.id)} className="underline" data-testid="import-back">{t('back')}</Link>}
        actions={<Link to={phonebookPath(phonebook.id)} className="text-sky-700 underline dark:text-sky-300" data-testid="import-see-contacts">{t('list.seeContacts')}</Link>}
        data-testid="import-header" />
      {!phonebook.canManage ? (
        <EmptyState title={t('contacts:detail.readOnly')} data-testid="import-read-only" />
      ) : (
        <>
          <p className="mb-4 max-w-3xl text-sm text-slate-700 dark:text-slate-300">{t('intro')}</p>
          {!mapping && (
            <form className="mb-6 flex flex-wrap items-end gap-3" onSubmit={(e) => void upload(e)} noValidate data-testid="import-upload-form">
              <FieldFrame id="import-file" label={t('file')} hint={t('fileHint')} errorText={errors.file ?? null}>
                <input ref={fileInput} id="import-file" type="file" data-testid="import-file" className={inputClass(!!errors.file)}
                  accept=".xlsx,.csv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  aria-invalid={errors.file ? true : undefined} aria-describedby={errors.file ? 'import-file-error' : 'import-file-hint'}
                  onChange={(e) => { setFile(e.target.files?.[0] ?? null); setErrors({}); }} />
              </FieldFrame>
              <Button type="submit" loading={uploadPercent !== null} data-testid="import-upload">{t('upload')}</Button>
              {uploadPercent !== null && <span className="text-sm" role="status" data-testid="import-uploading">{t('uploading', { n: digits(uploadPercent) })}</span>}
              {errors[''] && <p role="alert" className="w-full text-sm text-red-700">{errors['']}</p>}
            </form>
          )}
          {mapping && fieldList && (
            <ImportMapping key={mapping.id} file={mapping} fields={fieldList.items}
              onCancel={() => setMapping(null)}
              onStarted={(started) => {
                setMapping(null);
                void mutate((current) => current && ({ ...current, items: current.items.map((f) => (f.id === started.id ? started : f)) }));
              }} />
          )}
          <h2 className="mb-2 text-lg font-semibold">{t('list.title')}</h2>
          <DataTable columns={columns} rows={page?.items} rowKey={(f) => f.id} loading={isLoading}
            emptyText={t('list.empty')} emptyDescription={t('list.emptyText')} caption={t('list.title')}
            pageIndex={pageIndex} pageSize={pageSize} totalCount={page?.totalCount ?? 0} onPageChange={setPageIndex}
            onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="imports-table" />
        </>
      )}
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('list.deleteTitle')}
        message={t('list.deleteMessage', { name: isolateText(deleting?.fileName ?? '') })}
        confirmText={t('list.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="import-delete-dialog" />
    </section>
  );
}
