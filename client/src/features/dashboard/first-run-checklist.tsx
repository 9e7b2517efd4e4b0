import { useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import type { CurrentUser } from '../../shared/auth/current-user';
import { Button } from '../../shared/ui/button';
import { cx } from '../../shared/ui/class-names';
import { useDigits } from '../../shared/ui/use-digits';
import { outboxDetailPath } from '../sending/sending-api';
import { dismissFirstRun, FIRST_RUN_PATHS, firstRunApi, firstRunDismissed } from './first-run-api';
import { dashboardKeys } from './dashboard-api';
import { TestMessageDialog } from './test-message-dialog';

/**
 * The system administrator's first steps on a new installation, each linked to its screen and
 * ticked from the server's real data; a test message goes out from the root organization right
 * here. Dismissible once every step is done.
 */
export function FirstRunChecklist({ user }: { user: CurrentUser }) {
  const { api } = useApp();
  const { t } = useTranslation('dashboard');
  const digits = useDigits();
  const [dismissed, setDismissed] = useState(() => firstRunDismissed(user.id));
  const [testing, setTesting] = useState(false);
  const [sentId, setSentId] = useState<number | null>(null);
  // After a test message the list asks again until the operator has accepted it.
  const { data, mutate } = useSWR(dismissed ? null : dashboardKeys.firstRunChecklist(), () => firstRunApi.checklist(api), {
    refreshInterval: (latest) => (sentId !== null && !latest?.items.find((i) => i.key === 'testMessage')?.done ? 1500 : 0),
  });
  if (dismissed || !data) return null;
  const done = data.items.filter((i) => i.done).length;
  return (
    <section aria-labelledby="first-run-title" className="mb-6 max-w-3xl rounded border bg-white p-4 dark:bg-slate-800" data-testid="first-run">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="first-run-title" className="text-lg font-semibold">{t('firstRun.title')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="first-run-progress">
          {t('firstRun.progress', { done: digits(done), total: digits(data.items.length) })}
        </p>
      </div>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('firstRun.intro')}</p>
      <ol className="grid gap-2">
        {data.items.map(({ key, done: stepDone }) => (
          <li key={key} className="flex items-start gap-3" data-testid={`first-run-${key}`} data-done={stepDone ? 'true' : 'false'}>
            <span aria-hidden="true" className={cx('mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border text-xs',
              stepDone ? 'border-green-700 bg-green-700 text-white' : 'border-slate-500 text-transparent')}>✓</span>
            <div className="min-w-0 flex-1">
              <Link to={FIRST_RUN_PATHS[key]} className="font-medium text-sky-700 underline dark:text-sky-300" data-testid={`first-run-${key}-link`}>
                {t(`firstRun.steps.${key}.title`)}
              </Link>
              <span className="sr-only"> — {t(stepDone ? 'firstRun.done' : 'firstRun.todo')}</span>
              <p className="text-sm text-slate-600 dark:text-slate-300">{t(`firstRun.steps.${key}.hint`)}</p>
              {key === 'testMessage' && (
                <div className="mt-1 flex flex-wrap items-center gap-3">
                  <Button size="sm" variant="secondary" onClick={() => setTesting(true)} data-testid="first-run-test-open">{t('firstRun.sendTest')}</Button>
                  {sentId !== null && <Link className="text-sm text-sky-700 underline dark:text-sky-300" to={outboxDetailPath(sentId)} data-testid="first-run-test-sent">{t('firstRun.viewSent')}</Link>}
                </div>
              )}
            </div>
          </li>
        ))}
      </ol>
      {data.allDone && (
        <div className="mt-3 flex justify-end">
          <Button variant="secondary" size="sm" data-testid="first-run-dismiss" onClick={() => { dismissFirstRun(user.id); setDismissed(true); }}>{t('firstRun.dismiss')}</Button>
        </div>
      )}
      {testing && (
        <TestMessageDialog rootOrganizationId={user.organizationId} mobile={user.mobile} onClose={() => setTesting(false)}
          onSent={(send) => { setTesting(false); setSentId(send.id); void mutate(); }} />
      )}
    </section>
  );
}
