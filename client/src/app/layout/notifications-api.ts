import { endpoint } from '../../shared/api/endpoint';
import type { LatestNotificationsAnswer, MarkedNotificationsAnswer } from '../../../../server/shared/notifications/notifications.answers';

/** `Notifications/*`: the header bell's answers, the server's contracts (module notifications). */
export type LatestNotifications = LatestNotificationsAnswer;

export const notificationsApi = {
  latest: endpoint.get<LatestNotificationsAnswer, { limit?: number }>('/Notifications/GetLatest'),
  markAsRead: endpoint.post<{ ids?: number[]; all?: boolean }, MarkedNotificationsAnswer>('/Notifications/MarkAsRead'),
};

/**
 * The bell's SWR key. Its value is the path it had when the default fetcher read it: a realtime
 * push revalidates the bell by this key (main-layout).
 */
export const notificationsKeys = {
  latest: () => '/Notifications/GetLatest',
};
