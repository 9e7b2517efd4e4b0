import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { ClusterSignals, ClusterTopic } from '../../../platform/cluster-signals.js';

/** An API token revoked or rotated (its id): heard by every process, as SMPP binds live in any web process. */
const TOKEN_CHANGED: ClusterTopic<number> = {
  name: 'developer.api-token-changed',
  accept: (raw) => (typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0 ? raw : null),
};

/**
 * In-process wake-ups between the writers of the SMPP outbox (receipts listener, account changes)
 * and the SMPP server that hands rows out and holds the binds. A hint only: the server also polls,
 * so rows written by another process are found too. Token changes are the exception: they travel
 * to every process (ClusterSignals), since a bind ended only at the next re-read (30 s), or never
 * for a rotation, is a session the token's owner believes is over.
 */
@injectable()
export class SmppSignal {
  private readonly outboxListeners = new Set<(accounts: Set<number>) => void>();
  private readonly accountListeners = new Set<(accountId: number) => void>();
  private readonly inboundListeners = new Set<() => void>();

  constructor(@inject(TYPES.ClusterSignals) private readonly cluster: ClusterSignals) {}

  onTokenChanged(fn: (tokenId: number) => void): () => void {
    return this.cluster.on(TOKEN_CHANGED, fn);
  }

  /**
   * An API token was revoked or rotated (call after commit): binds of accounts linked to it end,
   * in this process before this returns, in the others as the announcement arrives.
   */
  tokenChanged(tokenId: number): void {
    this.cluster.announce(TOKEN_CHANGED, tokenId);
  }

  onInbound(fn: () => void): () => void {
    this.inboundListeners.add(fn);
    return () => this.inboundListeners.delete(fn);
  }

  inboundStored(): void {
    for (const fn of this.inboundListeners) fn();
  }

  onOutbox(fn: (accounts: Set<number>) => void): () => void {
    this.outboxListeners.add(fn);
    return () => this.outboxListeners.delete(fn);
  }

  outboxChanged(accounts: Set<number>): void {
    for (const fn of this.outboxListeners) fn(accounts);
  }

  onAccountChanged(fn: (accountId: number) => void): () => void {
    this.accountListeners.add(fn);
    return () => this.accountListeners.delete(fn);
  }

  accountChanged(accountId: number): void {
    for (const fn of this.accountListeners) fn(accountId);
  }
}
