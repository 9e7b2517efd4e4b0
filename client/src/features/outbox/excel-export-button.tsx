import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { onRealtimeEvent } from '../../shared/realtime/realtime';
import { Button } from '../../shared/ui/button';
import { useDigits } from '../../shared/ui/use-digits';
import { EXCEL_REQUEST_EVENT, getExcelRequest, isExcelRequest, type ExcelRequest } from './outbox-search-api';

// Pushes carry the progress; a slow poll covers a socket that is down or reconnecting.
const POLL_MS = 3_000;
const finished = (r: ExcelRequest) => r.status === 'Done' || r.status === 'Failed';

/**
 * Starts an Excel export (a background job on the server) and follows it: progress from the
 * `excel-request` pushes, then a download link, or the job's errors.
 */
export function ExcelExportButton({ start, testId }: { start: () => Promise<ExcelRequest>; testId: string }) {
  const { api, apiRoot } = useApp();
  const { t } = useTranslation('outbox');
  const digits = useDigits();
  const [request, setRequest] = useState<ExcelRequest | null>(null);
  const [busy, setBusy] = useState(false);

  const id = request?.id;
  const done = request ? finished(request) : true;
  useEffect(() => {
    if (id === undefined || done) return undefined;
    const off = onRealtimeEvent(EXCEL_REQUEST_EVENT, (p) => { if (isExcelRequest(p) && p.id === id) setRequest(p); });
    const timer = setInterval(() => { void getExcelRequest(api, id).then(setRequest).catch(() => undefined); }, POLL_MS);
    return () => { off(); clearInterval(timer); };
  }, [api, id, done]);

  const run = async () => {
    setBusy(true);
    try { setRequest(await start()); } finally { setBusy(false); }
  };

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid={testId}>
      <Button size="sm" variant="secondary" loading={busy} disabled={!!request && !finished(request)} onClick={() => void run()} data-testid={`${testId}-start`}>
        {t('export.button')}
      </Button>
      {request && !finished(request) && (
        <span className="flex items-center gap-2 text-sm" role="status" data-testid={`${testId}-progress`} data-percent={request.progressPercent}>
          <progress max={100} value={request.progressPercent} aria-label={t('export.progress')} />
          {t('export.percent', { n: digits(request.progressPercent) })}
        </span>
      )}
      {request?.status === 'Done' && request.path && (
        <a className="text-sm text-sky-700 underline" href={`${apiRoot.replace(/\/+$/, '')}/${request.path}`} download data-testid={`${testId}-download`}>
          {t('export.download', { n: digits(request.rowCount) })}
        </a>
      )}
      {request?.status === 'Failed' && (
        <span role="alert" className="text-sm text-red-700" data-testid={`${testId}-failed`}>{t('export.failed')}</span>
      )}
    </div>
  );
}
