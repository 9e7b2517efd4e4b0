import { useCallback, useEffect, useState } from 'react';
import type { SendProgress } from '../sending/sending-api';
import { useSendProgress } from './use-send-progress';

/** An API answer with the moment (this browser's clock) its request was made. */
export interface Fetched<T> {
  value: T;
  askedAt: number;
}

/** Runs `load` and answers its value with when it was asked. */
export async function fetched<T>(load: () => Promise<T>): Promise<Fetched<T>> {
  const askedAt = Date.now();
  return { value: await load(), askedAt };
}

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
 * `send-progress` pushes laid over the fetched answers, never written into SWR's cache: SWR drops a
 * fetch that a cache change overlapped, and a send handing out pushes a few times a second, so on
 * a busy server (an answer slower than the pushes) the outbox read empty and a send's page kept
 * loading until the send ended. A change applies to answers asked before it arrived; an answer
 * asked after it already has it (a push leaves after its commit), and it is forgotten then.
 * `only` keeps one send's pushes (a send's page); `onPush` sees each push kept (e.g. to fetch a page
 * a send may leave).
 */
export function useLiveSends(latestAskedAt: number | undefined, options: { only?: number; onPush?: (progress: SendProgress) => void } = {}): LiveSends {
  const [changes, setChanges] = useState<ReadonlyMap<number, { change: Change; at: number }>>(new Map());
  const note = useCallback((change: Change) => {
    const at = Date.now();
    // The latest replaces the one before: a push carries the whole progress, an action's answer the whole send.
    setChanges((m) => new Map(m).set(change.id, { change, at }));
  }, []);
  useSendProgress((p) => {
    if (options.only !== undefined && p.id !== options.only) return;
    options.onPush?.(p);
    note(p);
  });
  // A newer answer has every change that came before it was asked.
  useEffect(() => {
    if (latestAskedAt === undefined) return;
    setChanges((m) => {
      const kept = [...m].filter(([, c]) => c.at >= latestAskedAt);
      return kept.length === m.size ? m : new Map(kept);
    });
  }, [latestAskedAt]);
  const live = useCallback(<S extends { id: number }>(send: S, askedAt: number): S => {
    const c = changes.get(send.id);
    return c && c.at >= askedAt ? { ...send, ...(c.change as Partial<S>) } : send;
  }, [changes]);
  return { live, note };
}
