import { useCallback, useEffect, useState } from 'react';

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

/** What a screen learned after an answer was asked: a push, or an action's answer, of one item. */
export type Change = { id: number };

/** What the screen has that is newer than the answers: each item's latest change and when it came. */
export interface LiveChanges<C extends Change> {
  /** An item as fetched, with its change that came after the answer was asked laid over it. */
  live<S extends { id: number }>(item: S, askedAt: number): S;
  /** The changes that came after `askedAt`, newest first (items an answer asked then cannot hold yet). */
  since(askedAt: number): C[];
  /** A change the screen learned (a push, an action's answer): laid over answers asked before now. */
  note(change: C): void;
}

/**
 * Live changes laid over fetched answers at render, never written into SWR's cache: SWR throws away
 * a fetch that a cache write overlapped, so pushes arriving faster than a (slow) answer left the
 * list empty or stale (found on the outbox, then on the inbox). A change applies to answers asked
 * before it arrived; an answer asked after it already has it (the server pushes after its commit),
 * and the change is forgotten then. The latest change of an item replaces the one before (a push
 * carries the whole item or the whole of what changed).
 */
export function useLiveChanges<C extends Change>(latestAskedAt: number | undefined): LiveChanges<C> {
  const [changes, setChanges] = useState<ReadonlyMap<number, { change: C; at: number }>>(new Map());
  const note = useCallback((change: C) => {
    const at = Date.now();
    setChanges((m) => new Map(m).set(change.id, { change, at }));
  }, []);
  // A newer answer has every change that came before it was asked.
  useEffect(() => {
    if (latestAskedAt === undefined) return;
    setChanges((m) => {
      const kept = [...m].filter(([, c]) => c.at >= latestAskedAt);
      return kept.length === m.size ? m : new Map(kept);
    });
  }, [latestAskedAt]);
  const live = useCallback(<S extends { id: number }>(item: S, askedAt: number): S => {
    const c = changes.get(item.id);
    return c && c.at >= askedAt ? { ...item, ...(c.change as unknown as Partial<S>) } : item;
  }, [changes]);
  const since = useCallback((askedAt: number): C[] =>
    [...changes.values()].filter((c) => c.at >= askedAt).sort((a, b) => b.at - a.at || b.change.id - a.change.id).map((c) => c.change), [changes]);
  return { live, since, note };
}
