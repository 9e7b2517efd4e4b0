import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import type { Clock } from '../../platform/clock.js';
import type { KeyValueStore } from '../../platform/kv.js';
import { AppError } from '../../platform/http/errors.js';

/** What an admitted sign-in holds: its slot, and the counts it took. */
export interface LoginPass {
  /** Gives the slot back; calling it twice is harmless. */
  release(): void;
  /** The attempt proved its password: it gives back what it counted, so only unproven attempts use the budgets. */
  refund(): Promise<void>;
}

interface Counted {
  keys: string[];
  ttl: number;
}

/** Refusals held back at once; past this they are answered without the pause (each holds a socket and a timer). */
const MAX_HELD_REFUSALS = 2_000;

/**
 * What a sign-in passes before anything costly: one counter per client address and one per user
 * name in the key-value store (shared by every web process when Redis is configured), then a slot
 * among the sign-ins this process checks at once. A flood is answered 429 from the counters and
 * the slots, so it reaches neither the database (on the embedded one every query runs on the event
 * loop) nor scrypt (libuv's four threads, shared with fs, dns and zlib). The captcha and lockout
 * rules come after and are unchanged.
 */
@injectable()
export class LoginGuard {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private held = 0;

  constructor(
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.KeyValueStore) private readonly kv: KeyValueStore,
  ) {}

  async admit(ip: string, userName: string): Promise<LoginPass> {
    let counted: Counted | null = null;
    try {
      counted = await this.count(ip, userName);
      const release = await this.enter();
      return { release, refund: () => this.giveBack(counted!) };
    } catch (err) {
      // Busy is this process's state, not the caller's doing: it costs the caller no budget.
      if (counted) await this.giveBack(counted);
      await this.pause();
      throw err;
    }
  }

  private async giveBack(counted: Counted): Promise<void> {
    await Promise.all(counted.keys.map((key) => this.kv.incrBy(key, -1, counted.ttl)));
  }

  /**
   * A refusal is answered after `loginRefusalDelayMs`: a client that retries as soon as it is
   * answered (a flood on a few connections) then sends a few requests a second per connection
   * instead of thousands, and even cheap 429s stop crowding the event loop. A person who hit a
   * limit waits a moment longer for the same answer.
   */
  private async pause(): Promise<void> {
    const ms = this.config.auth.loginRefusalDelayMs;
    if (ms <= 0 || this.held >= MAX_HELD_REFUSALS) return;
    this.held++;
    try {
      await new Promise((resolve) => setTimeout(resolve, ms));
    } finally {
      this.held--;
    }
  }

  /**
   * Fixed windows: INCR then compare is exact across processes (the store is the one counter).
   * Between an INCR and a give-back a concurrent attempt may see one more than is real: the error
   * can only refuse, never admit, too many.
   */
  private async count(ip: string, userName: string): Promise<Counted> {
    const { loginAttemptsPerIp, loginAttemptsPerUserName, loginAttemptWindowSeconds } = this.config.auth;
    const span = loginAttemptWindowSeconds * 1000;
    const now = this.clock.now().getTime();
    const index = Math.floor(now / span);
    const endsAt = (index + 1) * span;
    // A second beyond the window's end, so a clock slightly behind another process's still finds it.
    const ttl = endsAt - now + 1_000;
    const counted: Counted = { keys: [], ttl };
    const refuse = async () => {
      // What the attempt took from a budget it passed goes back: an attempt refused for its name
      // does not use its address's budget (nor the other way round, as the address comes first).
      await this.giveBack(counted);
      const seconds = Math.max(1, Math.ceil((endsAt - now) / 1000));
      return new AppError(429, 'account.tooManyAttempts', { seconds }, [], { retryAfterSeconds: seconds }, { 'Retry-After': String(seconds) });
    };
    const ipKey = `login:rate:ip:${index}:${ip}`;
    if (loginAttemptsPerIp > 0) {
      if ((await this.kv.incr(ipKey, ttl)) > loginAttemptsPerIp) throw await refuse();
      counted.keys.push(ipKey);
    }
    // The name as sign-in looks it up: trimmed, case-insensitive (user names are unique that way).
    const nameKey = `login:rate:user:${index}:${userName.trim().toLowerCase()}`;
    if (loginAttemptsPerUserName > 0) {
      if ((await this.kv.incr(nameKey, ttl)) > loginAttemptsPerUserName) throw await refuse();
      counted.keys.push(nameKey);
    }
    return counted;
  }

  /**
   * At most `loginConcurrency` sign-ins run their queries and scrypt at once, `loginQueue` more wait
   * in arrival order, and the rest are refused at once: a burst then holds a bounded share of the
   * event loop and the threadpool, and other requests interleave with it.
   */
  private enter(): Promise<() => void> {
    const { loginConcurrency, loginQueue } = this.config.auth;
    if (this.inFlight < loginConcurrency) {
      this.inFlight++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= loginQueue) {
      return Promise.reject(new AppError(429, 'account.signInBusy', {}, [], { retryAfterSeconds: 1 }, { 'Retry-After': '1' }));
    }
    return new Promise((resolve) => this.waiting.push(() => resolve(this.releaser())));
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the next waiter, so in-flight never exceeds the limit.
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight--;
    };
  }
}
