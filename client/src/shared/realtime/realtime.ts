/** A feature's handler of one server push (e.g. `send-progress` on the outbox screens). */
export type RealtimeHandler = (payload: unknown) => void;

// Screens subscribe here instead of opening sockets of their own: one connection per tab, opened
// and closed by the layout, and a screen shown before the socket connects still gets its events.
const handlers = new Map<string, Set<RealtimeHandler>>();

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
    socket.onAny((event: string, payload: unknown) => {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    });
    close = () => socket.close();
  });
  return () => close();
}
