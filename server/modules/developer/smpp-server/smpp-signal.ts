import { injectable } from 'inversify';

/**
 * In-process wake-ups between the writers of the SMPP outbox (receipts listener, account changes,
 * API token revocations) and the SMPP server that hands rows out and holds the binds. A hint only: the server also polls, so rows written by
 * another process are found too.
 */
@injectable()
export class SmppSignal {
  private readonly outboxListeners = new Set<(accounts: Set<number>) => void>();
  private readonly accountListeners = new Set<(accountId: number) => void>();
  private readonly inboundListeners = new Set<() => void>();
  private readonly tokenListeners = new Set<(tokenId: number) => void>();

  onTokenChanged(fn: (tokenId: number) => void): () => void {
    this.tokenListeners.add(fn);
    return () => this.tokenListeners.delete(fn);
  }

  /** An API token was revoked or rotated (after commit): binds of accounts linked to it end. */
  tokenChanged(tokenId: number): void {
    for (const fn of this.tokenListeners) fn(tokenId);
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
