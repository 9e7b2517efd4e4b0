import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { onRealtimeEvent } from '../../shared/realtime/realtime';
import { Button } from '../../shared/ui/button';
import { useDigits } from '../../shared/ui/use-digits';
import { CONTACT_EXPORT_EVENT, contactExportsApi, isContactExport, type ContactExport, type ContactSelection } from './contacts-api';

// Pushes carry the progress; a slow poll covers a socket that is down or reconnecting.
const POLL_MS = 3_000;
const finished = (r: ContactExport) => r.status === 'Done' || r.status === 'Failed';

/**
 * Export of a phonebook's contacts: the rows chosen on the page (or, with none chosen, every
 * contact the current filter matches) to xlsx or CSV. The file is made by a background job on the
 * server; its progress comes from `contact-export` pushes, then a download link.
 */
export function ContactExportPanel({ phonebookId, selection, count, chosen }: {
  phonebookId: number;
  /** Contacts/DeleteMany's selection: ids, or selectAll with the list's filter. */
  selection: ContactSelection;
  /** How many contacts the selection holds (as the page counts them). */
  count: number;
  /** Whether rows are chosen (else the whole filter result is exported). */
  chosen: boolean;
}) {
  const { api, apiRoot } = useApp();
  const { t } = useTranslation('contactExport');
  const digits = useDigits();
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx');
  const [request, setRequest] = useState<ContactExport | null>(null);
  const [busy, setBusy] = useState(false);

  // Coming back to the page shows the caller's latest export of this phonebook (still running, or its link).
  useEffect(() => {
    let live = true;
    void contactExportsApi.list(api, { phonebookId }, { quiet: true })
      .then((list) => { if (live && list[0]) setRequest((current) => current ?? list[0]); })
      .catch(() => undefined);
    return () => { live = false; };
  }, [api, phonebookId]);

  const id = request?.id;
  const done = request ? finished(request) : true;
  useEffect(() => {
    if (id === undefined || done) return undefined;
    const off = onRealtimeEvent(CONTACT_EXPORT_EVENT, (p) => { if (isContactExport(p) && p.id === id) setRequest(p); });
    const timer = setInterval(() => { void contactExportsApi.get(api, id, { quiet: true }).then(setRequest).catch(() => undefined); }, POLL_MS);
    return () => { off(); clearInterval(timer); };
  }, [api, id, done]);

  const run = async () => {
    setBusy(true);
    try {
      setRequest(await contactExportsApi.create(api, { phonebookId, format, ...selection }));
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  return (
    <fieldset className="mb-3 flex flex-wrap items-center gap-3 rounded border border-slate-200 p-2 dark:border-slate-700" data-testid="contacts-export">
      <legend className="px-1 text-sm font-medium">{t('title')}</legend>
      <div role="radiogroup" aria-label={t('format')} className="flex items-center gap-3">
        {(['xlsx', 'csv'] as const).map((f) => (
          <label key={f} className="flex items-center gap-1 text-sm">
            <input type="radio" name={`contacts-export-format-${phonebookId}`} value={f} checked={format === f} onChange={() => setFormat(f)} data-testid={`contacts-export-format-${f}`} />
            {t(`formats.${f}`)}
          </label>
        ))}
      </div>
      <span className="text-sm" data-testid="contacts-export-scope">
        {chosen ? t('scopeChosen', { n: digits(count) }) : t('scopeFilter', { n: digits(count) })}
      </span>
      <Button size="sm" variant="secondary" loading={busy} disabled={count === 0 || (!!request && !finished(request))} onClick={() => void run()} data-testid="contacts-export-start">
        {t('start')}
      </Button>
      {request && !finished(request) && (
        <span className="flex items-center gap-2 text-sm" role="status" data-testid="contacts-export-progress" data-percent={request.progressPercent}>
          <progress max={100} value={request.progressPercent} aria-label={t('progress')} />
          {t('percent', { n: digits(request.progressPercent) })}
        </span>
      )}
      {request?.status === 'Done' && request.path && (
        <a className="text-sm text-sky-700 underline dark:text-sky-300" href={`${apiRoot.replace(/\/+$/, '')}/${request.path}`} download data-testid="contacts-export-download">
          {t('download', { n: digits(request.rowCount), format: t(`formats.${request.format}`) })}
        </a>
      )}
      {request?.status === 'Done' && request.numbersHidden && <span className="text-sm" data-testid="contacts-export-masked">{t('masked')}</span>}
      {request?.status === 'Failed' && (
        <span role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="contacts-export-failed">{request.failedReason ?? t('failed')}</span>
      )}
    </fieldset>
  );
}
