import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { useCurrentUser } from '../../shared/auth/current-user';
import useSWR from 'swr';
import { formatDateTime } from '../../shared/dates/jalali';
import { MY_CREDIT_KEY, type MyCredit } from '../financial/financial-api';
import { Amount } from '../financial/money';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { FirstRunChecklist } from './first-run-checklist';
import { DashboardCharts } from './dashboard-charts';
import { LatestNews } from '../news/latest-news';
import { ClicksDashboardCard } from '../short-links/clicks-dashboard-card';

/** Organization info for now; the spec's charts arrive with the send engine and reports. */
export function DashboardPage() {
  const { t } = useTranslation('account');
  const { store } = useApp();
  const language = useAppState(store, (s) => s.language);
  const { data: user } = useCurrentUser();
  // A 403 of the credit path is silent (error catalogue): no data, so the card stays hidden.
  const { data: credit } = useSWR<MyCredit>(user ? MY_CREDIT_KEY : null, { shouldRetryOnError: false });
  if (!user) return <p>{t('common:common.loading')}</p>;
  return (
    <section data-testid="dashboard-page">
      <h1 className="mb-2 text-xl font-bold">{t('dashboard.title')}</h1>
      <p className="mb-4 text-slate-600 dark:text-slate-300">{t('dashboard.welcome', { name: isolateText(user.fullName) })}</p>
      {/* The installation's own first steps: only for the system administrator, not while impersonating someone. */}
      {user.scope === 'superAdmin' && !user.isImpersonating && <FirstRunChecklist user={user} />}
      <dl className="grid max-w-3xl grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="rounded border bg-white p-4 dark:bg-slate-800"><dt className="text-sm text-slate-500 dark:text-slate-400">{t('dashboard.organization')}</dt><dd data-testid="dashboard-organization" className="text-lg"><UserText>{user.organizationName}</UserText></dd></div>
        {credit && (
          <div className="rounded border bg-white p-4 dark:bg-slate-800" data-testid="dashboard-balance-card"><dt className="text-sm text-slate-500 dark:text-slate-400">{t('dashboard.balance')}</dt>
            <dd className="text-lg"><Amount value={credit.organization.credit} testId="dashboard-balance" /></dd></div>
        )}
        <div className="rounded border bg-white p-4 dark:bg-slate-800"><dt className="text-sm text-slate-500 dark:text-slate-400">{t('dashboard.lastLogin')}</dt>
          <dd data-testid="dashboard-last-login">{user.lastLoginAt ? <time dateTime={user.lastLoginAt}>{formatDateTime(user.lastLoginAt, language)}</time> : '—'}</dd></div>
        <div className="rounded border bg-white p-4 dark:bg-slate-800"><dt className="text-sm text-slate-500 dark:text-slate-400">{t('dashboard.lastLoginIp')}</dt><dd dir="ltr" className="text-start">{user.lastLoginIp ?? '—'}</dd></div>
        <ClicksDashboardCard />
      </dl>
      <LatestNews />
      <DashboardCharts />
    </section>
  );
}
