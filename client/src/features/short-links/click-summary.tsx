import { useTranslation } from 'react-i18next';
import { useDigits } from '../../shared/ui/use-digits';
import type { ClickSummaryAnswer } from '../../../../server/shared/engage/short-links';
import { dayText } from './short-links-api';

/** Clicks counted: total, unique receivers, by device and by day (Jalali in Persian). */
export function ClickSummary({ summary, testId }: { summary: ClickSummaryAnswer; testId: string }) {
  const { t, i18n } = useTranslation('shortLinks');
  const digits = useDigits();
  const max = Math.max(1, ...summary.byDay.map((d) => d.clicks));
  return (
    <div data-testid={testId}>
      <dl className="mb-4 grid max-w-xl grid-cols-2 gap-3">
        <div className="rounded border bg-white p-3 dark:bg-slate-800"><dt className="text-sm text-slate-500 dark:text-slate-400">{t('detail.total')}</dt>
          <dd className="text-lg font-semibold" data-testid={`${testId}-total`} data-value={summary.totalClicks}>{digits(summary.totalClicks)}</dd></div>
        <div className="rounded border bg-white p-3 dark:bg-slate-800"><dt className="text-sm text-slate-500 dark:text-slate-400">{t('detail.receivers')}</dt>
          <dd className="text-lg font-semibold" data-testid={`${testId}-receivers`}>{digits(summary.uniqueReceivers)}</dd></div>
      </dl>
      {summary.totalClicks === 0 ? <p className="text-slate-600 dark:text-slate-300">{t('detail.noClicks')} {t('detail.pending')}</p> : (
        <div className="grid gap-4 md:grid-cols-2">
          <section>
            <h3 className="mb-2 font-semibold">{t('detail.byDevice')}</h3>
            <ul className="grid gap-1" data-testid={`${testId}-devices`}>
              {summary.byDevice.map((d) => (
                <li key={d.device} className="flex justify-between rounded bg-slate-100 px-2 py-1 text-sm dark:bg-slate-800" data-device={d.device}>
                  <span>{t(`devices.${d.device}`, { defaultValue: d.device })}</span><strong>{digits(d.clicks)}</strong>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h3 className="mb-2 font-semibold">{t('detail.byDay')}</h3>
            <table className="w-full text-sm" data-testid={`${testId}-days`}>
              <caption className="sr-only">{t('detail.byDay')}</caption>
              <thead><tr><th className="text-start">{t('detail.day')}</th><th className="text-start">{t('detail.clicks')}</th></tr></thead>
              <tbody>
                {summary.byDay.map((d) => (
                  <tr key={d.day}>
                    <td>{dayText(d.day, i18n.language)}</td>
                    <td>
                      <span className="me-2 inline-block h-2 rounded bg-sky-600 align-middle" style={{ width: `${Math.round((d.clicks / max) * 120)}px` }} aria-hidden="true" />
                      {digits(d.clicks)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
      )}
    </div>
  );
}
