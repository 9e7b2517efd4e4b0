import { createScratchPostgresDatabase, openDatabase, type Database } from '../../server/platform/db.js';
import { migrations } from '../../migrations/index.js';

type Migration = (typeof migrations)[number];

/** The backends a migration test runs on: the embedded one always, PostgreSQL when DATABASE_URL names it. */
export const MIGRATION_BACKENDS: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh database (a scratch PostgreSQL database or an in-memory embedded one) migrated by the
 * list up to, not including, `stop`; with `skipOnly` every migration but `stop` runs (a test loads
 * rows, then runs that one migration over them).
 */
export async function openDatabaseBefore(backend: 'pglite' | 'postgres', stop: Migration, skipOnly = false): Promise<{ db: Database; dispose(): Promise<void> }> {
  let drop = async () => {};
  let url: string | null = null;
  if (backend === 'postgres') {
    const scratch = await createScratchPostgresDatabase(process.env.DATABASE_URL as string, 'peyk_it');
    url = scratch.url;
    drop = scratch.drop;
  }
  const db = await openDatabase({ databaseUrl: url, pgliteDir: null, migrate: false });
  for (const m of migrations) {
    if (m === stop) {
      if (skipOnly) continue;
      break;
    }
    await m.up(db.knex);
  }
  return { db, async dispose() { await db.close(); await drop(); } };
}
