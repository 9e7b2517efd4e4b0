import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useApp } from '../../shared/app/app-context';
import { useDigits } from '../../shared/ui/use-digits';
import { notificationsApi, notificationsKeys } from './notifications-api';

export const NOTIFICATIONS_KEY = notificationsKeys.latest();
export const POLL_MS = 26_000;

/** Unread count, fetched every 26 s with a visible countdown (25 → 0), and at once on a push. */
export function NotificationBell() {
  const { t } = useTranslation('layout');
  const { api } = useApp();
  const digits = useDigits();
  const { data } = useSWR(NOTIFICATIONS_KEY, () => notificationsApi.latest(api), { refreshInterval: POLL_MS, dedupingInterval: 1000 });
  const [seconds, setSeconds] = useState(POLL_MS / 1000 - 1);
  const [open, setOpen] = useState(false);
  useEffect(() => { setSeconds(POLL_MS / 1000 - 1); }, [data]);
  useEffect(() => {
    const timer = window.setInterval(() => setSeconds((s) => (s > 0 ? s - 1 : 0)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="relative">
      <button type="button" data-testid="notifications" aria-expanded={open} className="rounded border px-2 py-1 text-sm"
        title={t('header.nextCheck', { seconds })} onClick={() => setOpen(!open)}>
        {t('header.notifications')} <span data-testid="notifications-unread" data-count={data?.unreadCount ?? 0} className="rounded-full bg-sky-700 px-2 text-white">{digits(data?.unreadCount ?? 0)}</span>
      </button>
      <span className="sr-only" data-testid="notifications-countdown" data-count={seconds}>{digits(seconds)}</span>
      {open && (
        <div className="absolute end-0 z-30 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded border bg-white p-2 shadow dark:bg-slate-800">
          <p className="mb-1 text-xs text-slate-500">{t('header.nextCheck', { seconds })}</p>
          {(data?.items ?? []).length === 0 && <p className="text-sm">{t('header.noNotifications')}</p>}
          {(data?.items ?? []).map((n) => (
            <div key={n.id} className={`border-t py-1 text-sm ${n.isRead ? 'text-slate-500' : ''}`}><div className="font-semibold" dir="auto">{n.title}</div><div dir="auto">{n.body}</div></div>
          ))}
        </div>
      )}
    </div>
  );
}
