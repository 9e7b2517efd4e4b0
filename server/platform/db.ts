import path from 'node:path';
import { mkdirSync } from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { runMigrations } from './migrations.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  knex: Knex;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** The embedded database's whole data directory as an image (`pgliteImage` reopens it); PGlite only. */
  dumpImage?(): Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Folder for the embedded database; null keeps PGlite in memory (tests). */
  pgliteDir: string | null;
  poolMax?: number;
  /**
   * How long a query waits for a pooled connection (PostgreSQL; default 30 s). Only a test that
   * queues a thousand transactions on purpose on a loaded runner needs more.
   */
  acquireTimeoutMs?: number;
  /** Run the migrations on open (default); read-only tools such as ledger-verify pass false. */
  migrate?: boolean;
  /**
   * An in-memory embedded database starts from this data directory image (`dumpImage`) instead of
   * an empty cluster: tests open hundreds of databases, and an image of the migrated schema loads in
   * a third of the time initdb and the migrations take. The migrations still run (and find nothing to do).
   */
  pgliteImage?: Blob;
}

// int8 and numeric come back as strings by default; counts are cast to int in SQL instead, and
// money (bigint rials) stays a string on purpose so no amount ever passes through a float.
let typesConfigured = false;
function configurePgTypes(): void {
  if (typesConfigured) return;
  typesConfigured = true;
  // timestamptz and date stay as JS Date / string: drivers agree on those.
  pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v);
}

/**
 * PGlite's own parsers answer an int8 as a number below 2^53 and a BigInt above it (which JSON
 * cannot carry), and a date as a Date at UTC midnight; pg answers both as text. The embedded
 * database answers as pg does, so a repository meets one shape: ids and counts are converted where
 * money is, and no code path works on one backend only (int8 = 20, date = 1082).
 */
const PGLITE_AS_PG: Record<number, (value: string) => unknown> = { 20: (v) => v, 1082: (v) => v };

/**
 * knex-pglite names a command after knex's method, and knex calls a delete `del`: the pg dialect
 * then answers PGlite's result object where pg answers the count. Renaming the method here makes
 * every `delete()`/`del()` answer the count on both clients (tests/contract/database-adapters).
 */
class PeykPgLiteClient extends (ClientPgLite as unknown as { new (config: unknown): { processResponse(obj: unknown, runner: unknown): unknown; _query(connection: unknown, obj: unknown): Promise<unknown> } }) {
  /**
   * PGlite runs each statement inside this thread and answers through microtasks only: a loop of
   * queries never lets timers, sockets or signals in (a runaway sweep froze HTTP, SMPP and SIGTERM
   * alike). One macrotask turn before each statement keeps the process responsive, whatever loops.
   */
  override async _query(connection: unknown, obj: unknown): Promise<unknown> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return super._query(connection, obj);
  }

  override processResponse(obj: unknown, runner: unknown): unknown {
    const o = obj as { method?: string };
    return super.processResponse(o.method === 'del' ? { ...o, method: 'delete' } : o, runner);
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  configurePgTypes();
  let knex: Knex;
  let kind: DatabaseKind;
  if (options.databaseUrl) {
    kind = 'postgres';
    knex = knexFactory({
      client: 'pg',
      connection: options.databaseUrl,
      pool: { min: 0, max: options.poolMax ?? 10 },
      acquireConnectionTimeout: options.acquireTimeoutMs ?? 30_000,
    });
  } else {
    kind = 'pglite';
    if (options.pgliteDir) mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
    const settings = { parsers: PGLITE_AS_PG, ...(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {}) };
    const connection: Record<string, unknown> = { pglite: options.pgliteDir ? new PGlite(options.pgliteDir, settings) : new PGlite(settings) };
    knex = knexFactory({ client: PeykPgLiteClient as unknown as typeof knexFactory.Client, dialect: 'postgres', connection });
  }
  await knex.raw('select 1');
  if (options.migrate !== false) await runMigrations(knex);
  const database: Database = { knex, kind, close: () => knex.destroy() };
  if (kind === 'pglite') {
    database.dumpImage = async () => {
      const client = knex.client as unknown as { pglite: PGlite };
      return client.pglite.dumpDataDir('none') as Promise<Blob>;
    };
  }
  return database;
}

/** A fresh PostgreSQL database for one test run, dropped by the returned function. */
export async function createScratchPostgresDatabase(
  baseUrl: string,
  prefix: string,
  options: { unsyncedCommits?: boolean; template?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  // A template (a database nobody is connected to) is copied whole: tests clone one migrated schema.
  await admin.query(`create database "${name}"${options.template ? ` template "${options.template}"` : ''}`);
  // For test databases only: a commit does not wait for its WAL flush. What other sessions see is
  // unchanged (only a crash of PostgreSQL itself could lose the last commits), and a suite of many
  // small transactions on a busy disk stops waiting on fsync.
  if (options.unsyncedCommits) await admin.query(`alter database "${name}" set synchronous_commit = off`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/**
 * The number of rows a write touched, whatever shape the client answered it in: a count (knex's
 * update/delete), a pg `Result` or a PGlite result (raw queries, inserts without `returning`), or the
 * rows of a `returning`. Anything else throws: a loop that reads a count must never read NaN or an
 * object (a sweep once spun forever on `{command:'DEL', affectedRows: 0}`).
 */
export function affectedRows(result: unknown): number {
  if (typeof result === 'number' && Number.isInteger(result) && result >= 0) return result;
  if (Array.isArray(result)) return result.length;
  if (result !== null && typeof result === 'object') {
    const r = result as { rowCount?: unknown; affectedRows?: unknown };
    if (typeof r.rowCount === 'number') return r.rowCount;
    if (typeof r.affectedRows === 'number') return r.affectedRows;
  }
  throw new TypeError(`not an affected-row count: ${JSON.stringify(result)?.slice(0, 200)}`);
}
