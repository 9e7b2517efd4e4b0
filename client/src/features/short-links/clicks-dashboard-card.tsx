import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useDigits } from '../../shared/ui/use-digits';
import { shortLinksApi, shortLinksKeys } from './short-links-api';

/** The dashboard's clicks figure: today's clicks (Tehran day) and the last 30 days of the caller's slice. */
export function ClicksDashboardCard() {
  const { api } = useApp();
  const { t } = useTranslation('shortLinks');
  const digits = useDigits();
  const { data } = useSWR(shortLinksKeys.dashboard(), () => shortLinksApi.dashboard(api, undefined, { quiet: true }), { shouldRetryOnError: false });
  if (!data) return null;
  return (
    <div className="rounded border bg-white p-4 dark:bg-slate-800" data-testid="dashboard-clicks-card">
      <dt className="text-sm text-slate-500 dark:text-slate-400">{t('dashboard.title')}</dt>
      <dd className="text-lg" data-testid="dashboard-clicks-today" data-value={data.todayClicks}>{t('dashboard.today', { clicks: digits(data.todayClicks), receivers: digits(data.todayReceivers) })}</dd>
      <dd className="text-sm text-slate-600 dark:text-slate-300">{t('dashboard.month', { clicks: digits(data.last30DaysClicks) })}</dd>
    </div>
  );
}
