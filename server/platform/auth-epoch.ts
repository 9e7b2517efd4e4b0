import { afterCommit, type Tx } from './unit-of-work.js';

/**
 * A counter that moves whenever anything a signed-in principal is built from changes (users,
 * sessions, roles, organizations). Principal caches keep an entry only while the counter is where
 * it was when the entry was read, so a change is seen by the very next request of this process.
 */
export class AuthEpoch {
  private value = 0;

  current(): number { return this.value; }

  bump(): void { this.value += 1; }

  bumpAfterCommit(tx: Tx): void { afterCommit(tx, () => this.bump()); }
}
