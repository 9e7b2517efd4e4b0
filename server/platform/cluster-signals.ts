import { randomUUID } from 'node:crypto';
import type { RealtimeBus } from './realtime-bus.js';

/** A named announcement and how a payload that came over the wire is checked (null: dropped). */
export interface ClusterTopic<T> {
  readonly name: string;
  accept(raw: unknown): T | null;
}

interface Envelope { topic: string; payload: unknown; origin: string }

function parse(message: string): Envelope | null {
  try {
    const m = JSON.parse(message) as Envelope;
    return m && typeof m === 'object' && typeof m.topic === 'string' && typeof m.origin === 'string' ? m : null;
  } catch {
    return null;
  }
}

/**
 * Announcements every process of one installation must hear at once, such as an API token revoked
 * while SMPP binds authorised by it live in several web processes. `announce` runs this process's
 * handlers synchronously (nothing awaits between a commit and its effect here, with or without
 * Redis) and, when a bus is in use (REDIS_URL), publishes to the other processes, which run theirs
 * as the message arrives. Across processes it is best effort like any pub/sub: a handler's owner
 * keeps a slower path (a periodic re-read) for a message lost while Redis was away.
 */
export class ClusterSignals {
  private bus: RealtimeBus | null = null;
  private readonly handlers = new Map<string, Set<(raw: unknown) => void>>();
  /** Names this process on what it publishes: its own echo from the bus was handled already. */
  private readonly origin = randomUUID();

  constructor(private readonly onError: (err: unknown, topic: string) => void = () => undefined) {}

  async useBus(bus: RealtimeBus): Promise<void> {
    await bus.subscribe((message) => {
      const m = parse(message);
      if (m && m.origin !== this.origin) this.deliver(m.topic, m.payload);
    });
    this.bus = bus;
  }

  on<T>(topic: ClusterTopic<T>, handler: (payload: T) => void): () => void {
    const wrapped = (raw: unknown) => {
      const payload = topic.accept(raw);
      if (payload !== null) handler(payload);
    };
    let set = this.handlers.get(topic.name);
    if (!set) this.handlers.set(topic.name, (set = new Set()));
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  announce<T>(topic: ClusterTopic<T>, payload: T): void {
    this.deliver(topic.name, payload);
    this.bus?.publish(JSON.stringify({ topic: topic.name, payload, origin: this.origin } satisfies Envelope)).catch((err) => this.onError(err, topic.name));
  }

  private deliver(name: string, raw: unknown): void {
    // One handler's fault must not keep the others (or the announcer's commit hook) from running.
    for (const fn of this.handlers.get(name) ?? []) {
      try {
        fn(raw);
      } catch (err) {
        this.onError(err, name);
      }
    }
  }

  async close(): Promise<void> {
    const bus = this.bus;
    this.bus = null;
    if (bus) await bus.close();
  }
}
