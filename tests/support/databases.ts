import { createScratchPostgresDatabase, openDatabase, type Database } from '../../server/platform/db.js';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<{ db: Database; dispose(): Promise<void> }>;
}

/** Integration suites run on every backend available: PGlite always, PostgreSQL with DATABASE_URL. */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{
    name: 'pglite',
    async open() {
      const db = await openDatabase({ databaseUrl: null, pgliteDir: null });
      return { db, dispose: () => db.close() };
    },
  }];
  const url = process.env.DATABASE_URL;
  if (url) {
    list.push({
      name: 'postgres',
      async open() {
        const scratch = await createScratchPostgresDatabase(url, 'peyk_it', { unsyncedCommits: true });
        const db = await openDatabase({ databaseUrl: scratch.url, pgliteDir: null });
        return { db, async dispose() { await db.close(); await scratch.drop(); } };
      },
    });
  }
  return list;
}
