import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { onRealtimeEvent } from '../../shared/realtime/realtime';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { FileInput } from '../../shared/ui/form/file-input';
import { TextField } from '../../shared/ui/form/text-field';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { UserText } from '../../shared/ui/user-text';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { CLUB_FILE_EVENT, clubApi, clubKeys, isClubFileRunning, uploadClubFile, type ClubFile } from './club-api';

/** Club files: the upload and each file's progress (smartSmsClubTitle, progressPercent, failedReason, totalCount, status), live over the socket. */
export function ClubFilesPage() {
  const { api } = useApp();
  const { t } = useTranslation('club');
  const digits = useDigits();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | undefined>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement | null>(null);
  const { data, isLoading, mutate } = useSWR(clubKeys.files(pageIndex, pageSize), () => clubApi.files(api, { pageIndex, pageSize }), {
    // While a file is read, the list is asked again now and then too (the socket may be down).
    refreshInterval: (latest) => (latest?.items.some(isClubFileRunning) ? 3000 : 0),
  });
  useEffect(() => onRealtimeEvent(CLUB_FILE_EVENT, () => { void mutate(); }), [mutate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const required: FieldErrors = {};
    if (!title.trim()) required.smartSmsClubTitle = t('required');
    if (!file) required.file = t('files.chooseFile');
    if (Object.keys(required).length > 0) { setErrors(required); return; }
    setBusy(true);
    setErrors({});
    try {
      await uploadClubFile(api, title.trim(), file as File);
      showToast({ kind: 'success', message: t('files.uploaded') });
      setTitle('');
      setFile(undefined);
      if (fileRef.current) fileRef.current.value = '';
      setPageIndex(0);
      await mutate();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<ClubFile>[]>(() => [
    { key: 'title', header: t('files.columns.title'), hideable: false, cell: (f) => <UserText>{f.smartSmsClubTitle}</UserText> },
    { key: 'fileName', header: t('files.columns.fileName'), cell: (f) => <bdi>{f.fileName}</bdi> },
    { key: 'status', header: t('files.columns.status'), cell: (f) => <span data-testid="club-file-status" data-status={f.status}>{t(`files.statuses.${f.status}`)}</span> },
    {
      key: 'progress', header: t('files.columns.progress'),
      cell: (f) => (
        <span className="flex items-center gap-2">
          <progress max={100} value={f.progressPercent} aria-label={t('files.columns.progress')} className="h-2 w-24" />
          <span data-testid="club-file-progress">{t('files.progress', { percent: digits(f.progressPercent) })}</span>
        </span>
      ),
    },
    { key: 'totalCount', header: t('files.columns.totalCount'), cell: (f) => digits(f.totalCount) },
    { key: 'addedCount', header: t('files.columns.addedCount'), cell: (f) => <span data-testid="club-file-added">{digits(f.addedCount)}</span> },
    { key: 'wrongCount', header: t('files.columns.wrongCount'), cell: (f) => digits(f.wrongCount) },
    { key: 'failedReason', header: t('files.columns.failedReason'), cell: (f) => f.failedReason ?? t('none') },
    { key: 'createdAt', header: t('files.columns.createdAt'), cell: (f) => <DateDisplay value={f.createdAt} /> },
  ], [t, digits]);

  return (
    <section data-testid="club-files-page">
      <PageHeader title={t('files.title')} />
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('files.intro')}</p>
      <form noValidate onSubmit={(e) => void submit(e)} className="mb-4 grid max-w-2xl gap-3">
        <ErrorSummary errors={errors} testId="club-file-errors" />
        <TextField id="club-file-title" data-testid="club-file-title" label={t('files.smartSmsClubTitle')} value={title} maxLength={200} required error={errors.smartSmsClubTitle}
          onChange={(e) => setTitle(e.target.value)} />
        <FileInput id="club-file" ref={fileRef} label={t('files.file')} accept=".xlsx,.csv" onFile={setFile} fileName={file?.name ?? null}
          errorId={errors.file ? 'club-file-error' : undefined} data-testid="club-file-input" />
        {errors.file && <p id="club-file-error" className="text-sm text-red-700 dark:text-red-300">{errors.file}</p>}
        <div><Button type="submit" loading={busy} data-testid="club-file-upload">{t('files.upload')}</Button></div>
      </form>
      <DataTable columns={columns} rows={data?.items} rowKey={(f) => f.id} loading={isLoading} emptyText={t('files.empty')} caption={t('files.title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="club-files-table" />
    </section>
  );
}
