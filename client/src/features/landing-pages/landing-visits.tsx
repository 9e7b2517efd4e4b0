import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { gregorianToJalali, localizeDigits } from '../../shared/dates/jalali';
import { Spinner } from '../../shared/ui/spinner';
import { useDigits } from '../../shared/ui/use-digits';
import { BarChart } from '../dashboard/tremor-charts';
import { landingPagesApi, landingPagesKeys } from './landing-pages-api';

const DAYS = 30;

/** A Tehran day (`YYYY-MM-DD`) as the reader's calendar writes it: Jalali `MM/DD` in Persian, the day itself in English. */
function dayLabel(day: string, language: string): string {
  if (!language.startsWith('fa')) return day.slice(5);
  const [year, month, date] = day.split('-').map(Number);
  const j = gregorianToJalali({ year, month, day: date });
  return localizeDigits(`${String(j.month).padStart(2, '0')}/${String(j.day).padStart(2, '0')}`, language);
}

/** Visits per Tehran day of one page (the last 30 days), as a chart with its table for screen readers. */
export function LandingVisits({ id }: { id: number }) {
  const { api } = useApp();
  const { t, i18n } = useTranslation('landingPages');
  const digits = useDigits();
  const { data, isLoading } = useSWR(landingPagesKeys.visits(id, DAYS), () => landingPagesApi.visits(api, id, { days: DAYS }));
  const series = t('visits.series');
  const chartData = (data?.days ?? []).map((d) => ({ day: dayLabel(d.day, i18n.language), [series]: d.visits }));
  return (
    <section className="mt-6 rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="landing-visits">
      <h2 className="text-sm font-semibold">{t('visits.title')}</h2>
      {isLoading && <Spinner />}
      {data && (
        <>
          <p className="mb-2 text-sm" data-testid="landing-visits-total" data-total={data.total}>{t('visits.total', { n: digits(data.total) })}</p>
          {data.total === 0 && <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="landing-visits-none">{t('visits.none')}</p>}
          <div dir="ltr">
            <BarChart className="h-56" data={chartData} index="day" categories={[series]} colors={['blue']} showLegend={false} allowDecimals={false}
              valueFormatter={(n: number) => digits(n)} data-testid="landing-visits-chart" />
          </div>
          <table className="sr-only">
            <caption>{t('visits.title')}</caption>
            <thead><tr><th>{t('visits.day')}</th><th>{t('visits.count')}</th></tr></thead>
            <tbody>{data.days.filter((d) => d.visits > 0).map((d) => <tr key={d.day}><td>{dayLabel(d.day, i18n.language)}</td><td>{digits(d.visits)}</td></tr>)}</tbody>
          </table>
        </>
      )}
    </section>
  );
}
