import { useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { FileInput } from '../../shared/ui/form/file-input';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { isolateText } from '../../shared/ui/bidi';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { precheckImageFile, uploadImageFile, voiceApi, voiceKeys, type MediaImage } from './voice-api';

/** The media library's images (png/jpg, at most 1 MB): upload with progress, preview, open, copy the address, delete. */
export function MediaImagesPage() {
  const { api } = useApp();
  const { t } = useTranslation('voice');
  const digits = useDigits();
  const input = useRef<HTMLInputElement>(null);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [deleting, setDeleting] = useState<MediaImage | null>(null);
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { data, isLoading, mutate } = useSWR(voiceKeys.images(pageIndex, pageSize), () => voiceApi.images(api, { pageIndex, pageSize }));
  const addressOf = (m: MediaImage) => api.address(m.url.replace(/^\/api/, ''));

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const local = precheckImageFile(file);
    const clear = () => { if (input.current) input.current.value = ''; };
    if (local) { setErrors({ file: t(`images.${local}`) }); clear(); return; }
    setErrors({});
    setFileName(file.name);
    setPercent(0);
    try {
      await uploadImageFile(api, file, setPercent);
      showToast({ kind: 'success', message: t('images.uploaded') });
      setPageIndex(0);
      await mutate();
    } catch (e) { setErrors(errorsOf(e)); } finally { setPercent(null); setFileName(null); clear(); }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await voiceApi.deleteMedia(api, deleting.id);
      showToast({ kind: 'success', message: t('images.deleted') });
      setDeleting(null);
      await mutate();
    } catch { setDeleting(null); /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const copy = async (m: MediaImage) => {
    try { await navigator.clipboard.writeText(new URL(addressOf(m), window.location.href).href); showToast({ kind: 'success', message: t('images.copied') }); } catch { /* no clipboard: the Open link still shows it */ }
  };

  const columns = useMemo<DataTableColumn<MediaImage>[]>(() => [
    { key: 'preview', header: t('images.columns.preview'), hideable: false, cell: (m) => <img src={addressOf(m)} alt={m.title} className="h-12 w-20 rounded object-contain" data-testid="image-row-preview" /> },
    { key: 'title', header: t('images.columns.title'), cell: (m) => <UserText>{m.title}</UserText> },
    { key: 'type', header: t('images.columns.type'), cell: (m) => (m.fileType === 'jpg' ? 'JPEG' : 'PNG') },
    { key: 'size', header: t('images.columns.size'), cell: (m) => digits(m.fileSizePerKilobyte) },
    { key: 'dimensions', header: t('images.columns.dimensions'), cell: (m) => <span dir="ltr" data-testid="image-row-dimensions">{t('images.dimensions', { width: digits(m.width), height: digits(m.height) })}</span> },
    { key: 'createdAt', header: t('images.columns.createdAt'), cell: (m) => <DateDisplay value={m.createdAt} /> },
    {
      key: 'actions', header: t('images.columns.actions'), hideable: false, cell: (m) => (
        <div className="flex flex-wrap gap-2">
          <a className="rounded border border-slate-300 px-2 py-1 text-sm text-sky-700 underline" href={addressOf(m)} target="_blank" rel="noreferrer" data-testid="image-open">{t('images.open')}</a>
          <Button size="sm" variant="secondary" data-testid="image-copy" onClick={() => void copy(m)}>{t('images.copy')}</Button>
          <Button size="sm" variant="danger" data-testid="image-delete" onClick={() => setDeleting(m)}>{t('media.delete')}</Button>
        </div>
      ),
    },
  // addressOf and copy read only `api` and `t`.
  ], [t, digits, api]);

  return (
    <section data-testid="media-images-page">
      <PageHeader title={t('images.title')} />
      <p className="mb-3 max-w-3xl text-sm text-slate-600 dark:text-slate-300">{t('images.intro')}</p>
      <div className="mb-4 grid max-w-3xl gap-2">
        <ErrorSummary errors={errors} testId="image-errors" />
        <FileInput ref={input} id="image-upload" data-testid="image-upload" label={t('images.upload')} accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          disabled={percent !== null} fileName={fileName} onFile={(file) => void upload(file)} errorId={errors.file ? 'image-upload-error' : undefined} />
        {percent !== null && (
          <div role="status" data-testid="image-upload-progress">
            <progress max={100} value={percent} className="w-64" aria-label={t('uploading', { percent: digits(percent) })} />
            <span className="ms-2 text-sm">{t('uploading', { percent: digits(percent) })}</span>
          </div>
        )}
        {errors.file && <p id="image-upload-error" role="alert" className="text-sm text-red-700" data-testid="image-upload-error">{errors.file}</p>}
      </div>
      <DataTable columns={columns} rows={data?.items} rowKey={(m) => m.id} loading={isLoading} caption={t('images.title')}
        emptyText={t('images.empty')} emptyDescription={t('images.emptyHint')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="images-table" />
      <ConfirmDialog open={!!deleting} busy={busy} danger data-testid="image-delete-dialog"
        title={t('images.deleteTitle')} confirmText={t('media.delete')}
        message={deleting ? t('images.deleteMessage', { title: isolateText(deleting.title) }) : null}
        onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </section>
  );
}
