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
 * This checkout's mark in template names: a hash of its folder. Two checkouts (the main one and
 * a worktree) testing against one PostgreSQL server at once, each with its own migrations, each
 * keep their own template.
 */
export function checkoutTag(rootDir: string = ROOT_DIR): string {
  return createHash('sha256').update(rootDir).digest('hex').slice(0, 8);
}

/** A template's note (its database comment): when a run last used it. */
const USED = 'peyk-template-used:';

/** A checkout's template unused this long is another checkout's leftover (a removed worktree), not a run's. */
export const TEMPLATE_IDLE_HOURS = 24;

/**
 * Which templates a run may drop: this checkout's of other migrations (its migrations changed),
 * and any checkout's whose last use is more than `TEMPLATE_IDLE_HOURS` ago. Never one being built
 * (`…_b_…`: a run still starting), never another checkout's in use, never a template without a
 * note of use (one named by an older version of this file, `peyk_tpl_<key>`: its checkout may be
 * testing with it now).
 */
export function staleTemplates(templates: { datname: string; note: string | null }[], own: { tag: string; key: string }, now: Date): string[] {
  const mine = `peyk_tpl_${own.tag}_`;
  return templates.filter(({ datname, note }) => {
    if (!datname.startsWith('peyk_tpl_') || datname.includes('_b_') || datname === `${mine}${own.key}`) return false;
    if (datname.startsWith(mine)) return true;
    const used = note?.startsWith(USED) ? Date.parse(note.slice(USED.length)) : Number.NaN;
    return Number.isFinite(used) && now.getTime() - used > TEMPLATE_IDLE_HOURS * 3_600_000;
  }).map((t) => t.datname);
}

/**
 * A PostgreSQL database with every migration applied, made once per checkout and migrations key
 * and kept (`peyk_tpl_<checkout>_<key>`), which scratch databases copy: `create database …
 * template` takes a fifth of a second where migrating an empty one took one and a half. Built
 * under a private name and renamed when complete, so a lane never copies a half-migrated template;
 * two lanes racing both build and the second rename loses harmlessly. Each run notes its use on
 * the template; stale ones (`staleTemplates`) are dropped.
 */
export function migratedTemplate(baseUrl: string): Promise<string> {
  templateName ??= (async () => {
    const own = { tag: checkoutTag(), key: migrationsKey() };
    const name = `peyk_tpl_${own.tag}_${own.key}`;
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
      const now = new Date();
      // A comment touches no data and takes no connection to the template, so copies go on.
      await admin.query(`comment on database "${name}" is '${USED}${now.toISOString()}'`).catch(() => undefined);
      const all = await admin.query(`select datname, shobj_description(oid, 'pg_database') as note from pg_database where datname like 'peyk\\_tpl\\_%'`);
      for (const stale of staleTemplates(all.rows as { datname: string; note: string | null }[], own, now)) {
        // Only templates nobody copies at this moment (no force).
        await admin.query(`drop database if exists "${stale}"`).catch(() => undefined);
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
    // 3D000: the template is gone (a run of this checkout over other migrations, or a checkout on
    // an older version of this file, dropped it as stale between two copies): build it again, once.
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
