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
import { isolateText } from '../../shared/ui/bidi';
import { ErrorSummary, type FieldErrors } from '../admin-common/kit';
import { VoiceFileUpload } from './voice-file-picker';
import { VOICE_SEND_PATH, voiceApi, voiceKeys, type Media } from './voice-api';

/** The spec's "media list": uploaded voice files with type, size, length and parts; play, upload and delete. */
export function MediaListPage() {
  const { api } = useApp();
  const { t } = useTranslation('voice');
  const digits = useDigits();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [deleting, setDeleting] = useState<Media | null>(null);
  const [playing, setPlaying] = useState<Media | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { data, isLoading, mutate } = useSWR(voiceKeys.media(pageIndex, pageSize), () => voiceApi.media(api, { pageIndex, pageSize }));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await voiceApi.deleteMedia(api, deleting.id);
      showToast({ kind: 'success', message: t('media.deleted') });
      if (playing?.id === deleting.id) setPlaying(null);
      setDeleting(null);
      await mutate();
    } catch { setDeleting(null); /* the error catalogue told the user (e.g. the file is in use) */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<Media>[]>(() => [
    { key: 'title', header: t('media.columns.title'), hideable: false, cell: (m) => m.title },
    { key: 'type', header: t('media.columns.type'), cell: (m) => m.fileType.toUpperCase() },
    { key: 'size', header: t('media.columns.size'), cell: (m) => digits(m.fileSizePerKilobyte) },
    { key: 'duration', header: t('media.columns.duration'), cell: (m) => <span data-testid="media-row-seconds">{digits(m.durationSeconds)}</span> },
    { key: 'parts', header: t('media.columns.parts'), cell: (m) => digits(m.parts) },
    { key: 'createdAt', header: t('media.columns.createdAt'), cell: (m) => <DateDisplay value={m.createdAt} /> },
    {
      key: 'actions', header: t('media.columns.actions'), hideable: false, cell: (m) => (
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" data-testid="media-play" onClick={() => setPlaying(m)}>{t('media.play')}</Button>
          <Button size="sm" variant="danger" data-testid="media-delete" onClick={() => setDeleting(m)}>{t('media.delete')}</Button>
        </div>
      ),
    },
  ], [t, digits]);

  return (
    <section data-testid="media-list-page">
      <PageHeader title={t('media.title')} />
      <div className="mb-4 grid max-w-3xl gap-2">
        <ErrorSummary errors={errors} testId="media-errors" />
        <VoiceFileUpload testId="media-upload" onErrors={setErrors} onUploaded={() => { showToast({ kind: 'success', message: t('media.uploaded') }); setPageIndex(0); void mutate(); }} />
        {errors.voiceFile && <p className="text-sm text-red-700" data-testid="media-upload-error">{errors.voiceFile}</p>}
        <Link className="text-sky-700 underline" to={VOICE_SEND_PATH}>{t('menu.voice')}</Link>
      </div>
      {playing && (
        // The panel's own address of the file (the same one the voice provider fetches).
        <audio controls autoPlay src={api.address(playing.url.replace(/^\/api/, ''))} className="mb-3" data-testid="media-player" aria-label={playing.title} />
      )}
      <DataTable columns={columns} rows={data?.items} rowKey={(m) => m.id} loading={isLoading} emptyText={t('media.empty')} caption={t('media.title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="media-table" />
      <ConfirmDialog open={!!deleting} busy={busy} danger data-testid="media-delete-dialog"
        title={t('media.deleteTitle')} confirmText={t('media.delete')}
        message={deleting ? t('media.deleteMessage', { title: isolateText(deleting.title) }) : null}
        onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </section>
  );
}
