import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { formatDateTime } from '../../shared/dates/jalali';
import { accountApi, accountKeys } from './account-api';

export function SessionsPage() {
  const { t } = useTranslation('account');
  const { api, store } = useApp();
  const language = useAppState(store, (s) => s.language);
  const { data, mutate, isLoading } = useSWR(accountKeys.sessions(), () => accountApi.sessions(api));
  const revoke = async (id: string) => {
    await accountApi.revokeSession(api, id);
    await mutate();
  };
  return (
    <section data-testid="sessions-page">
      <h1 className="mb-4 text-xl font-bold">{t('sessions.title')}</h1>
      {isLoading && <p>{t('common:common.loading')}</p>}
      {data && data.length === 0 && <p>{t('sessions.empty')}</p>}
      {data && data.length > 0 && (
        // A wide table scrolls inside its own box on a phone, never the page.
        <div className="overflow-x-auto rounded border">
        <table className="min-w-full bg-white text-sm dark:bg-slate-800">
          <thead><tr className="text-start">
            <th className="p-2 text-start">{t('sessions.createdAt')}</th><th className="p-2 text-start">{t('sessions.lastRefreshedAt')}</th>
            <th className="p-2 text-start">{t('sessions.ip')}</th><th className="p-2 text-start">{t('sessions.userAgent')}</th><th className="p-2" />
          </tr></thead>
          <tbody>
            {data.map((s) => (
              <tr key={s.id} className="border-t" data-testid="session-row">
                <td className="p-2">{formatDateTime(s.createdAt, language)}</td>
                <td className="p-2">{formatDateTime(s.lastRefreshedAt, language)}</td>
                <td className="p-2" dir="ltr">{s.ip}</td>
                <td className="max-w-xs truncate p-2" dir="ltr" title={s.userAgent ?? ''}>{s.userAgent}</td>
                <td className="p-2">{s.isCurrent ? <span className="text-green-700">{t('sessions.current')}</span>
                  : <button type="button" className="rounded border px-2 py-1" onClick={() => void revoke(s.id)}>{t('sessions.revoke')}</button>}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
    </section>
  );
}
