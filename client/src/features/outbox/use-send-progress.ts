import { useEffect, useRef } from 'react';
import { onRealtimeEvent } from '../../shared/realtime/realtime';
import { SEND_PROGRESS_EVENT, type SendProgress } from '../sending/sending-api';

function isProgress(value: unknown): value is SendProgress {
  return !!value && typeof value === 'object' && typeof (value as SendProgress).id === 'number';
}

/** Calls `handler` with every `send-progress` push of the layout's socket while the screen is shown. */
export function useSendProgress(handler: (progress: SendProgress) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onRealtimeEvent(SEND_PROGRESS_EVENT, (payload) => { if (isProgress(payload)) latest.current(payload); }), []);
}
