import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createScratchPostgresDatabase, openDatabase, type Database } from '../../server/platform/db.js';
import { fileURLToPath } from 'node:url';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<{ db: Database; dispose(): Promise<void> }>;
}

/**
 * The migrations' identity: every file of `migrations/` by name and content, and the embedded
 * database's version (its image format). A template or an image made from other migrations is
 * never used (a changed migration makes a new one). Read once per process: the migrations do not
 * change under a running suite.
 */
let key: string | null = null;
function migrationsKey(): string {
  if (key) return key;
  const dir = path.join(ROOT_DIR, 'migrations');
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(ROOT_DIR, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  for (const file of readdirSync(dir).sort()) hash.update(file).update('\0').update(readFileSync(path.join(dir, file))).update('\0');
  key = hash.digest('hex').slice(0, 16);
  return key;
}

let templateName: Promise<string> | null = null;

/**
 * A PostgreSQL database with every migration applied, made once per migrations key and kept
 * (`peyk_tpl_<key>`), which scratch databases copy: `create database … template` takes a fifth of a
 * second where migrating an empty one took one and a half. Built under a private name and renamed
 * when complete, so a lane never copies a half-migrated template; two lanes racing both build and
 * the second rename loses harmlessly. Templates of other keys are dropped.
 */
export function migratedTemplate(baseUrl: string): Promise<string> {
  templateName ??= (async () => {
    const name = `peyk_tpl_${migrationsKey()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        const build = await createScratchPostgresDatabase(baseUrl, `${name}_b`);
        const db = await openDatabase({ databaseUrl: build.url, pgliteDir: null });
        await db.close();
        const buildName = new URL(build.url).pathname.slice(1);
        try {
          await admin.query(`alter database "${buildName}" rename to "${name}"`);
        } catch (err) {
          if ((err as { code?: string }).code !== '42P04') throw err; // another lane's is there: use that one
          await build.drop();
        }
      }
      // A template being built (`…_b_…`, of any key) belongs to a run still starting: dropping it
      // under that run failed its first test (seen with two checkouts testing at once).
      const stale = await admin.query(`select datname from pg_database where datname like 'peyk\\_tpl\\_%' and datname <> $1 and datname not like 'peyk\\_tpl\\_%\\_b\\_%'`, [name]);
      for (const row of stale.rows as { datname: string }[]) {
        // Only templates nobody copies at this moment (no force): another run may still use its own.
        await admin.query(`drop database if exists "${row.datname}"`).catch(() => undefined);
      }
    } finally {
      await admin.end();
    }
    return name;
  })();
  templateName.catch(() => { templateName = null; });
  return templateName;
}

/** A scratch PostgreSQL database for a test, copied from the migrated template; dropped by `drop`. */
export async function scratchPostgres(baseUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  try {
    return await createScratchPostgresDatabase(baseUrl, prefix, { unsyncedCommits: true, template: await migratedTemplate(baseUrl) });
  } catch (err) {
    // 3D000: the template is gone. A run over other migrations (another checkout against the same
    // server) dropped it as stale between two copies: build it again, once.
    if ((err as { code?: string }).code !== '3D000') throw err;
    templateName = null;
    return createScratchPostgresDatabase(baseUrl, prefix, { unsyncedCommits: true, template: await migratedTemplate(baseUrl) });
  }
}

let image: Promise<Blob> | null = null;

/**
 * An image of an embedded database with every migration applied: initdb and the migrations take
 * about 6 s on this machine, loading the image 2 s. Made once per migrations key and shared by the
 * suite's processes through a file in the temporary folder (written under a private name, then
 * renamed, so no process reads half a file).
 */
export function migratedPgliteImage(): Promise<Blob> {
  image ??= (async () => {
    const file = path.join(os.tmpdir(), `peyk-pglite-${migrationsKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const db = await openDatabase({ databaseUrl: null, pgliteDir: null });
    const blob = await db.dumpImage!();
    await db.close();
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    renameSync(partial, file);
    return blob;
  })();
  image.catch(() => { image = null; });
  return image;
}

/** Integration suites run on every backend available: PGlite always, PostgreSQL with DATABASE_URL. */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{
    name: 'pglite',
    async open() {
      const db = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteImage: await migratedPgliteImage() });
      return { db, dispose: () => db.close() };
    },
  }];
  const url = process.env.DATABASE_URL;
  if (url) {
    list.push({
      name: 'postgres',
      async open() {
        const scratch = await scratchPostgres(url, 'peyk_it');
        const db = await openDatabase({ databaseUrl: scratch.url, pgliteDir: null });
        return { db, async dispose() { await db.close(); await scratch.drop(); } };
      },
    });
  }
  return list;
}
