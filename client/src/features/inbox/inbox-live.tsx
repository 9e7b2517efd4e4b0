import { useEffect } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { onRealtimeEvent } from '../../shared/realtime/realtime';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { useDigits } from '../../shared/ui/use-digits';
import { INBOX_MESSAGE_EVENT, inboxApi, inboxKeys, type InboxMessage } from './inbox-api';

const isInboxMessage = (value: unknown): value is InboxMessage =>
  !!value && typeof value === 'object' && typeof (value as InboxMessage).id === 'number' && typeof (value as InboxMessage).smsText === 'string';

/** A burst (a bulk send answered) becomes one toast counting them, not one per message. */
const TOAST_GATHER_MS = 800;

/**
 * The Inbox menu entry's unread badge, rendered only for users who hold the inbox's claim (the
 * menu filters by it; the server pushes `inbox-message` only to those who may read it). It also
 * announces new messages with a toast anywhere in the panel and refreshes the count live.
 */
export function InboxMenuBadge() {
  const { api } = useApp();
  const { t } = useTranslation('inbox');
  const digits = useDigits();
  const { data, mutate } = useSWR(inboxKeys.unread(), () => inboxApi.unreadCount(api, undefined, { quiet: true }), { shouldRetryOnError: false });

  useEffect(() => {
    let pending: InboxMessage[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const arrived = pending;
      pending = [];
      void mutate();
      if (arrived.length === 1) {
        const [m] = arrived;
        // The sender in the panel's digits; the text is the sender's own (user text).
        showToast({ kind: 'info', title: t('toast.title', { from: digits(m.senderMobile) }), message: m.inboxGroupName ? `[${m.inboxGroupName}] ${m.smsText}` : m.smsText, userText: true });
      } else if (arrived.length > 1) {
        showToast({ kind: 'info', title: t('toast.manyTitle'), message: t('toast.many', { n: digits(arrived.length) }) });
      }
    };
    const off = onRealtimeEvent(INBOX_MESSAGE_EVENT, (payload) => {
      if (!isInboxMessage(payload)) return;
      pending.push(payload);
      timer ??= setTimeout(flush, TOAST_GATHER_MS);
    });
    return () => { off(); if (timer) clearTimeout(timer); };
  }, [mutate, t, digits]);

  const n = data?.unreadCount ?? 0;
  if (n === 0) return null;
  return (
    <span className="ms-2 inline-block min-w-[1.25rem] rounded-full bg-sky-600 px-1.5 text-center text-xs font-semibold text-white" data-testid="inbox-menu-badge"
      aria-label={t('unreadCount', { n: digits(n) })}>{digits(n > 999 ? '999+' : n)}</span>
  );
}
