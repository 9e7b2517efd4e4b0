import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { KeyValueStore } from '../../../platform/kv.js';

/** How far ahead a chunk may book a window before it is told to wait and try again (bounded search). */
const MAX_WINDOWS_AHEAD = 120;

/**
 * Keeps every sender agent under its messages-per-second across all dispatching processes.
 * Each agent has one counter per wall-clock second in the shared key-value store (Redis when
 * configured, so web and worker processes on several machines agree). A chunk books room in the
 * first second that still has it and waits for that second to begin: the sum over one second never
 * exceeds the agent's rate, whichever process sent it. Unused room is not carried over (an operator's
 * throttle counts per second, not on average).
 */
@injectable()
export class AgentPaceService {
  /** The first second each agent may still have room in, as last seen by this process (a search hint only). */
  private hint = new Map<number, number>();

  constructor(@inject(TYPES.KeyValueStore) private readonly kv: KeyValueStore) {}

  /**
   * Books `count` messages (at most `perSecond`) for the agent and resolves, with the booked
   * wall-clock second, when they may be sent. `now` is injectable for tests.
   */
  async acquire(agentId: number, count: number, perSecond: number, now: () => number = Date.now): Promise<number> {
    if (count <= 0) return Math.floor(now() / 1000);
    if (count > perSecond) throw new Error(`a chunk of ${count} cannot fit a rate of ${perSecond} per second`);
    for (;;) {
      const current = Math.floor(now() / 1000);
      let second = Math.max(current, this.hint.get(agentId) ?? current);
      const last = current + MAX_WINDOWS_AHEAD;
      for (; second <= last; second++) {
        const key = `pace:${agentId}:${second}`;
        const used = await this.kv.incrBy(key, count, (second - current + 5) * 1000);
        if (used <= perSecond) break;
        // Full: give the booking back so a smaller chunk can still use the remainder.
        await this.kv.incrBy(key, -count);
      }
      if (second > last) {
        this.hint.set(agentId, last);
        await sleep(1000);
        continue;
      }
      this.hint.set(agentId, second);
      // A timer may fire a millisecond before the wall clock shows the second (timers run on the
      // monotonic clock): wait again until it does, or the chunk leaves in the second before.
      for (let wait = second * 1000 - now(); wait > 0; wait = second * 1000 - now()) await sleep(wait);
      return second;
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
