/** The websocket is open while a signed-in layout is shown, and closed when it goes away. */
export function connectRealtime(token: string, onNotification: () => void): () => void {
  let closed = false;
  let close = () => { closed = true; };
  void import('socket.io-client').then(({ io }) => {
    if (closed) return;
    const socket = io({ auth: { token }, transports: ['websocket'] });
    socket.on('notification', onNotification);
    close = () => socket.close();
  });
  return () => close();
}
