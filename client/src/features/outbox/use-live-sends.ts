import type { SendProgress } from '../sending/sending-api';
import { useLiveChanges } from '../../shared/live/use-live-changes';
import { useSendProgress } from './use-send-progress';

/** A push (the send's whole progress) or an action's answer (the whole send). */
type Change = { id: number };

/** What the screen has that is newer than the answers: each send's latest change and when it came. */
export interface LiveSends {
  /** A send as fetched, with what changed after the answer was asked laid over it. */
  live<S extends { id: number }>(send: S, askedAt: number): S;
  /** A change the screen learned itself (an action's answer): laid over answers asked before now. */
  note(change: Change): void;
}

/**
 * `send-progress` pushes laid over the fetched answers (`useLiveChanges`), never written into SWR's
 * cache: a send hands out pushes a few times a second, so on a busy server (an answer slower than
 * the pushes) the outbox read empty and a send's page kept loading until the send ended.
 * `only` keeps one send's pushes (a send's page); `onPush` sees each push kept (e.g. to fetch a page
 * a send may leave).
 */
export function useLiveSends(latestAskedAt: number | undefined, options: { only?: number; onPush?: (progress: SendProgress) => void } = {}): LiveSends {
  const { live, note } = useLiveChanges<Change>(latestAskedAt);
  useSendProgress((p) => {
    if (options.only !== undefined && p.id !== options.only) return;
    options.onPush?.(p);
    note(p);
  });
  return { live, note };
}
