import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { PERIODIC_STATUSES, periodicApi, type PeriodicSend, type PeriodicStatus } from './periodic-api';
import { outboxDetailPath, sendingKeys } from './sending-api';
import { UserText } from '../../shared/ui/user-text';

/** The bulk compose screen with its schedule set to Periodic (send-page reads `kind`). */
const NEW_PERIODIC_PATH = '/sending/bulk?kind=periodic';

/** Periodic send definitions: pattern, next run (Tehran time; Jalali in Persian), occurrences, cancel. */
export function PeriodicSendsPage() {
  const { api } = useApp();
  const { t } = useTranslation('sending');
  const digits = useDigits();
  const navigate = useNavigate();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [status, setStatus] = useState<PeriodicStatus | null>(null);
  const [canceling, setCanceling] = useState<PeriodicSend | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(sendingKeys.periodicSends(pageIndex, pageSize, status), () =>
    periodicApi.list(api, { pageIndex, pageSize, ...(status ? { status } : {}) }));

  const cancel = async () => {
    if (!canceling) return;
    setBusy(true);
    try {
      await periodicApi.cancel(api, { id: canceling.id });
      showToast({ kind: 'success', message: t('periodic.canceled') });
      setCanceling(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<PeriodicSend>[]>(() => {
    const pattern = (p: PeriodicSend) => {
      const time = `${String(p.sendHour).padStart(2, '0')}:${String(p.sendMinute).padStart(2, '0')}`;
      const days = p.daysOfWeek.length === 7 ? '' : ` — ${p.daysOfWeek.map((d) => t(`periodic.weekdays.${d}`)).join('، ')}`;
      return digits(t('periodic.patternText', { n: p.period, unit: t(`periodic.everyUnit.${p.periodType}`), time })) + days;
    };
    return [
      { key: 'id', header: t('periodic.columns.id'), hideable: false, cell: (p) => <span data-testid="periodic-row-id">{digits(p.id)}</span> },
      { key: 'senderNumber', header: t('periodic.columns.senderNumber'), cell: (p) => <span dir="ltr">{digits(p.senderNumber)}</span> },
      { key: 'text', header: t('periodic.columns.text'), cell: (p) => <UserText className="line-clamp-3 max-w-xs whitespace-pre-wrap" title={p.smsText}>{p.smsText}</UserText> },
      { key: 'recipients', header: t('periodic.columns.recipients'), cell: (p) => digits(p.recipientCount) },
      {
        key: 'pattern', header: t('periodic.columns.pattern'), cell: (p) => (
          <span data-testid="periodic-row-pattern">
            {t(`periodic.types.${p.periodType}`)}: {pattern(p)}
            {/* GradualPeriodic: each occurrence goes out in steps. */}
            {p.gradualStepCount && p.gradualIntervalMinutes ? (
              <span className="block text-slate-600 dark:text-slate-300" data-testid="periodic-row-gradual">
                {t('periodic.gradualEach', { size: digits(p.gradualStepCount), minutes: digits(p.gradualIntervalMinutes) })}
              </span>
            ) : null}
          </span>
        ),
      },
      { key: 'nextRun', header: t('periodic.columns.nextRun'), cell: (p) => (p.dateTimeNext ? <DateDisplay value={p.dateTimeNext} data-testid="periodic-row-next" /> : '—') },
      {
        key: 'occurrences', header: t('periodic.columns.occurrences'), cell: (p) => (
          <span data-testid="periodic-row-occurrences">
            {p.maxOccurrences ? t('periodic.occurrencesOf', { done: digits(p.occurrences), max: digits(p.maxOccurrences) }) : digits(p.occurrences)}
            {p.failedOccurrences > 0 && <span className="ms-1 text-red-700">({t('periodic.failed', { n: digits(p.failedOccurrences) })})</span>}
            {p.lastSendId && <Link className="ms-1 text-sky-700 underline" to={outboxDetailPath(p.lastSendId)}>#{digits(p.lastSendId)}</Link>}
          </span>
        ),
      },
      { key: 'status', header: t('periodic.columns.status'), cell: (p) => <span data-testid="periodic-row-status" data-status={p.status}>{t(`periodic.statuses.${p.status}`)}</span> },
      { key: 'user', header: t('periodic.columns.user'), hiddenByDefault: true, cell: (p) => p.userName ?? p.userId },
      {
        key: 'actions', header: t('periodic.columns.actions'), hideable: false, cell: (p) => (p.status === 'Active'
          ? <Button size="sm" variant="danger" data-testid="periodic-cancel" onClick={() => setCanceling(p)}>{t('periodic.cancel')}</Button>
          : null),
      },
    ];
  }, [t, digits]);

  return (
    <section data-testid="periodic-sends-page">
      <PageHeader title={t('periodic.title')} actions={<Button onClick={() => void navigate(NEW_PERIODIC_PATH)} data-testid="periodic-new">{t('periodic.newSend')}</Button>} />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <Select id="periodic-status" data-testid="periodic-status" label={t('periodic.statusFilter')} placeholder={t('periodic.all')} className="w-48"
          items={PERIODIC_STATUSES.map((s) => ({ id: s, title: t(`periodic.statuses.${s}`) }))} value={status ?? ''}
          onChange={(v) => { setStatus(v === null ? null : (v as PeriodicStatus)); setPageIndex(0); }} />
      </div>
      <DataTable columns={columns} rows={data?.items} rowKey={(p) => p.id} loading={isLoading} caption={t('periodic.title')}
        emptyText={status ? t('periodic.emptyFiltered') : t('periodic.empty')} emptyDescription={status ? undefined : t('periodic.emptyHint')}
        emptyAction={status ? undefined : <Button onClick={() => void navigate(NEW_PERIODIC_PATH)} data-testid="periodic-empty-new">{t('periodic.newSend')}</Button>}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="periodic-table" />
      <ConfirmDialog open={!!canceling} busy={busy} danger data-testid="periodic-cancel-dialog"
        title={t('periodic.cancelTitle')} confirmText={t('periodic.cancel')}
        message={canceling ? t('periodic.cancelMessage', { id: digits(canceling.id) }) : null}
        onConfirm={() => void cancel()} onCancel={() => setCanceling(null)} />
    </section>
  );
}
