import type { Knex } from 'knex';

/** An open transaction, passed from a service to every repository call inside it. */
export type Tx = Knex.Transaction;

const pendingHooks = new WeakMap<Tx, (() => void)[]>();

/**
 * Runs `hook` once the transaction commits (never if it rolls back). Caches are dropped here, not
 * inside the transaction, so no reader can refill them with data that is about to change.
 */
export function afterCommit(tx: Tx, hook: () => void): void {
  const hooks = pendingHooks.get(tx);
  if (hooks) hooks.push(hook);
  else hook();
}

/**
 * Runs work in a savepoint of `tx`. Hooks registered inside it wait for the outer commit, and are
 * dropped if the savepoint itself rolls back (its changes never happened).
 */
export async function savepoint<T>(tx: Tx, work: (sp: Tx) => Promise<T>): Promise<T> {
  const own: (() => void)[] = [];
  const result = await tx.transaction((sp) => {
    pendingHooks.set(sp, own);
    return work(sp);
  });
  for (const hook of own) afterCommit(tx, hook);
  return result;
}

/**
 * Runs work in one transaction. On PGlite there is exactly one connection, so every query inside
 * must use the given handle: a query on the outer pool would wait for the transaction forever.
 */
export class UnitOfWork {
  constructor(private readonly knex: Knex) {}

  async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const hooks: (() => void)[] = [];
    const result = await this.knex.transaction((tx) => {
      pendingHooks.set(tx, hooks);
      return work(tx);
    });
    for (const hook of hooks) hook();
    return result;
  }
}

/** PostgreSQL's unique_violation (23505): a row another writer stored first, not a failure of ours. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
