import { inject, injectable } from 'inversify';
import type { Request } from 'express';
import { TYPES } from '../../platform/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { KeyValueStore } from '../../platform/kv.js';
import type { RequestContext } from '../../platform/http/context.js';
import { AppError, forbidden } from '../../platform/http/errors.js';
import type { ApiTokenRow } from './api-tokens.repository.js';
import { ApiRulesRepository, type PeriodType, type RateRuleRow } from './api-rules.repository.js';
import { callerAddress, ipMatches, parseIpEntry, type IpEntry } from './ip-address.js';

/** How long a process trusts its copy of a token's safe IPs and rules; another process's change shows within this. */
export const GUARD_CACHE_MS = 5_000;
const GUARD_CACHE_MAX = 20_000;

/** The header a caller names its own client with (client rules). */
export const CLIENT_ID_HEADER = 'x-client-id';

const UNIT_MS: Record<PeriodType, number> = { Second: 1_000, Minute: 60_000, Hour: 3_600_000, Daily: 86_400_000 };

export function windowMs(rule: Pick<RateRuleRow, 'period' | 'periodType'>): number {
  return rule.period * UNIT_MS[rule.periodType];
}

interface GuardState {
  safeIps: IpEntry[];
  rules: RateRuleRow[];
}

/** The caller's client id as the rate keys and the call log carry it: trimmed, bounded, or null. */
export function clientIdOf(req: Request): string | null {
  const value = (req.get(CLIENT_ID_HEADER) ?? '').trim().slice(0, 100);
  return value || null;
}

/** The v1 endpoint a rule names: the route's pattern under /v1/, e.g. `messages/send`, `messages/:id`. */
export function endpointOf(req: Request): string {
  const path = typeof req.route?.path === 'string' ? req.route.path : req.path;
  return path.replace(/^\/v1\//, '');
}

/**
 * What a token allows beyond its secret, checked on every v1 call after the token is known:
 * the caller's address against the confirmed safe IPs (and the token's own `ip`), then every rate
 * rule that applies. Rules come from a per-process cache (GUARD_CACHE_MS), so the hot path costs
 * one key-value increment per applicable rule and no database query.
 */
@injectable()
export class ApiGuardService {
  private readonly cache = new Map<number, { at: number; state: GuardState }>();
  private readonly loading = new Map<number, Promise<GuardState>>();

  constructor(
    @inject(ApiRulesRepository) private readonly repo: ApiRulesRepository,
    @inject(TYPES.KeyValueStore) private readonly kv: KeyValueStore,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  /** Drops this process's copy at once (a change made here); other processes follow within GUARD_CACHE_MS. */
  invalidate(tokenId: number): void {
    this.cache.delete(tokenId);
    // A load already under way read the old rows: it must not refill the cache.
    this.loading.delete(tokenId);
  }

  async check(req: Request, ctx: RequestContext, token: ApiTokenRow): Promise<void> {
    const state = await this.stateOf(token.id);
    const caller = callerAddress(ctx.ip);
    // Confirmed safe IPs always apply: an administrator confirmed them, and a flag the creation form
    // sets by default must not silently void that. `isIgnoreCheckIp` leaves out only the token's own
    // `ip` (its creation form's address); when false, that address alone restricts the token too.
    const own = !token.isIgnoreCheckIp && token.ip ? parseIpEntry(token.ip) : null;
    const allowed = own && 'entry' in own ? [...state.safeIps, own.entry] : state.safeIps;
    if (allowed.length && !allowed.some((entry) => ipMatches(entry, caller))) throw forbidden('developer.ipNotAllowed');
    if (state.rules.length) await this.checkRates(req, ctx, caller, state.rules);
  }

  private async checkRates(req: Request, ctx: RequestContext, caller: string, rules: RateRuleRow[]): Promise<void> {
    const endpoint = endpointOf(req);
    const clientId = clientIdOf(req);
    const applicable = rules.filter((r) =>
      (r.endpoint === '*' || r.endpoint === endpoint)
      && (r.ip === null || r.ip === caller)
      && (r.ruleType === 'Ip' || r.clientId === null || r.clientId === clientId));
    if (!applicable.length) return;
    const now = this.clock.now().getTime();
    // Fixed windows: INCR then compare is exact across processes (the store is the one counter), so
    // under any concurrency at most (and, unrefused elsewhere, exactly) `limit` calls of a window pass.
    const counts = await Promise.all(applicable.map((rule) => {
      const span = windowMs(rule);
      const index = Math.floor(now / span);
      const who = `${rule.ip === null ? caller : ''}|${rule.ruleType === 'Client' ? clientId ?? '' : ''}`;
      const key = `developer:rate:${rule.id}:${index}:${who}`;
      const ttl = (index + 1) * span - now + 1_000;
      return this.kv.incr(key, ttl).then((count) => ({ rule, key, ttl, count, endsAt: (index + 1) * span }));
    }));
    const over = counts.filter((c) => c.count > c.rule.limit);
    if (!over.length) return;
    // A refused call gives back what it took from the rules it passed: one rule's refusal must not
    // eat another rule's quota. Between the INCR and this give-back a concurrent call may see one
    // more than is real and be refused: the error can only ever refuse, never admit, too many.
    const passed = counts.filter((c) => c.count <= c.rule.limit);
    if (passed.length) await Promise.all(passed.map((c) => this.kv.incrBy(c.key, -1, c.ttl)));
    const wait = Math.max(...over.map((c) => c.endsAt - now));
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    req.res?.setHeader('Retry-After', String(seconds));
    const first = over[0]!.rule;
    throw new AppError(429, 'developer.rateLimited', { limit: first.limit, period: first.period, periodType: first.periodType, seconds });
  }

  private async stateOf(tokenId: number): Promise<GuardState> {
    const hit = this.cache.get(tokenId);
    if (hit && performance.now() - hit.at < GUARD_CACHE_MS) return hit.state;
    // One load per token at a time: a burst of calls after expiry shares it.
    const pending = this.loading.get(tokenId);
    if (pending) return pending;
    const load: Promise<GuardState> = this.load(tokenId).then((state) => {
      if (this.loading.get(tokenId) === load) this.remember(tokenId, state);
      return state;
    }).finally(() => {
      if (this.loading.get(tokenId) === load) this.loading.delete(tokenId);
    });
    this.loading.set(tokenId, load);
    return load;
  }

  private remember(tokenId: number, state: GuardState): void {
    this.cache.delete(tokenId);
    if (this.cache.size >= GUARD_CACHE_MAX) this.cache.delete(this.cache.keys().next().value as number);
    this.cache.set(tokenId, { at: performance.now(), state });
  }

  private async load(tokenId: number): Promise<GuardState> {
    const raw = await this.repo.guardState(tokenId);
    const safeIps: IpEntry[] = [];
    for (const text of raw.safeIps) {
      const parsed = parseIpEntry(text);
      if ('entry' in parsed) safeIps.push(parsed.entry);
    }
    return { safeIps, rules: raw.rules };
  }
}
