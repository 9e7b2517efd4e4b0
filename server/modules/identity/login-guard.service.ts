import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import type { Clock } from '../../platform/clock.js';
import type { KeyValueStore } from '../../platform/kv.js';
import { AppError } from '../../platform/http/errors.js';

/** Gives the sign-in's slot back; calling it twice is harmless. */
export type LoginRelease = () => void;

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

  constructor(
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.KeyValueStore) private readonly kv: KeyValueStore,
  ) {}

  async admit(ip: string, userName: string): Promise<LoginRelease> {
    await this.count(ip, userName);
    return this.enter();
  }

  /**
   * Fixed windows: INCR then compare is exact across processes. The address is counted first and
   * an attempt refused for its address does not count against the name, so one address cannot
   * spend more of a name's budget than its own.
   */
  private async count(ip: string, userName: string): Promise<void> {
    const { loginAttemptsPerIp, loginAttemptsPerUserName, loginAttemptWindowSeconds } = this.config.auth;
    const span = loginAttemptWindowSeconds * 1000;
    const now = this.clock.now().getTime();
    const index = Math.floor(now / span);
    const endsAt = (index + 1) * span;
    // A second beyond the window's end, so a clock slightly behind another process's still finds it.
    const ttl = endsAt - now + 1_000;
    const refuse = () => {
      const seconds = Math.max(1, Math.ceil((endsAt - now) / 1000));
      return new AppError(429, 'account.tooManyAttempts', { seconds }, [], { retryAfterSeconds: seconds }, { 'Retry-After': String(seconds) });
    };
    if (loginAttemptsPerIp > 0 && (await this.kv.incr(`login:rate:ip:${index}:${ip}`, ttl)) > loginAttemptsPerIp) throw refuse();
    // The name as sign-in looks it up: trimmed, case-insensitive (user names are unique that way).
    const name = userName.trim().toLowerCase();
    if (loginAttemptsPerUserName > 0 && (await this.kv.incr(`login:rate:user:${index}:${name}`, ttl)) > loginAttemptsPerUserName) throw refuse();
  }

  /**
   * At most `loginConcurrency` sign-ins run their queries and scrypt at once, `loginQueue` more wait
   * in arrival order, and the rest are refused at once: a burst then holds a bounded share of the
   * event loop and the threadpool, and other requests interleave with it.
   */
  private enter(): Promise<LoginRelease> {
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

  private releaser(): LoginRelease {
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
