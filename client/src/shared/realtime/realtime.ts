/** A feature's handler of one server push (e.g. `send-progress` on the outbox screens). */
export type RealtimeHandler = (payload: unknown) => void;

// Screens subscribe here instead of opening sockets of their own: one connection per tab, opened
// and closed by the layout, and a screen shown before the socket connects still gets its events.
const handlers = new Map<string, Set<RealtimeHandler>>();

/**
 * A local event (never sent by the server) raised each time the socket connects or reconnects:
 * pushes emitted before that were never received, so a screen that keeps a list current by pushes
 * fetches it again then.
 */
export const REALTIME_CONNECTED = 'realtime:connected';

/** Listens to a server event on the layout's socket; returns the unsubscribe function. */
export function onRealtimeEvent(event: string, handler: RealtimeHandler): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler);
  return () => { set.delete(handler); };
}

/** The websocket is open while a signed-in layout is shown, and closed when it goes away. */
export function connectRealtime(token: string, onNotification: () => void): () => void {
  let closed = false;
  let close = () => { closed = true; };
  void import('socket.io-client').then(({ io }) => {
    if (closed) return;
    const socket = io({ auth: { token }, transports: ['websocket'] });
    socket.on('notification', onNotification);
    socket.on('connect', () => {
      for (const handler of handlers.get(REALTIME_CONNECTED) ?? []) handler(undefined);
    });
    socket.onAny((event: string, payload: unknown) => {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    });
    close = () => socket.close();
  });
  return () => close();
}
