import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { AuthEpoch } from '../../platform/auth-epoch.js';
import type { Principal } from '../../platform/http/context.js';

const TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

interface Entry { principal: Principal; epoch: number; at: number }

/**
 * Principals built for recent requests, so a busy session costs one query per few seconds,
 * not one per call. An entry is trusted only while the auth epoch is unchanged (any change to
 * users, sessions, roles or organizations in this process drops them all) and for at most
 * TTL_MS, which bounds how long another process's change (a logout on another web node) waits.
 */
@injectable()
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();

  constructor(@inject(TYPES.AuthEpoch) private readonly epoch: AuthEpoch) {}

  /** The epoch to pass back to set(): read it before reading the database. */
  mark(): number { return this.epoch.current(); }

  get(sessionId: string, now: number): Principal | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    if (entry.epoch !== this.epoch.current() || now - entry.at > TTL_MS) {
      this.entries.delete(sessionId);
      return null;
    }
    return entry.principal;
  }

  set(sessionId: string, principal: Principal, epochAtRead: number, now: number): void {
    // A change committed while the row was being read makes the row suspect: do not keep it.
    if (epochAtRead !== this.epoch.current()) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(sessionId, { principal, epoch: epochAtRead, at: now });
  }
}
