import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { DateDisplay } from '../../shared/dates/date-display';
import { isolateText } from '../../shared/ui/bidi';
import { newsApi, newsKeys } from './news-api';

/**
 * Holds the panel while a must-read news is not acknowledged: a modal that neither Escape nor the
 * backdrop closes, one news at a time, oldest first. Asked again on every load, so a reload brings
 * it back until the server has the acknowledgement.
 */
export function MustReadNews() {
  const { api } = useApp();
  const { t } = useTranslation('news');
  const { mutate } = useSWRConfig();
  const { data, mutate: refresh } = useSWR(newsKeys.mustRead(), () => newsApi.mustRead(api, undefined, { quiet: true }), { shouldRetryOnError: false });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const news = data?.[0];
  if (!news) return null;

  const acknowledge = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await newsApi.acknowledge(api, news.id, { quiet: true });
      await refresh();
      void mutate(newsKeys.isNewsKey);
    } catch { setFailed(true); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={() => { /* only the acknowledgement closes it */ }} title={t('dialog.title', { title: isolateText(news.title) })}
      closeOnBackdrop={false} hideCloseButton role="alertdialog" size="md" data-testid="must-read-dialog"
      footer={<Button onClick={() => void acknowledge()} loading={busy} data-testid="must-read-acknowledge">{t('dialog.acknowledge')}</Button>}>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">{t('dialog.intro')}</p>
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-300"><DateDisplay value={news.startDate} mode="date" /> · {t('reader.from', { organization: isolateText(news.organizationName) })}</p>
      <p className="whitespace-pre-wrap" dir="auto" data-testid="must-read-text">{news.text}</p>
      {data.length > 1 && <p className="mt-2 text-sm">{t('dialog.remaining', { count: data.length - 1 })}</p>}
      {failed && <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">{t('dialog.failed')}</p>}
    </ModalDialog>
  );
}
