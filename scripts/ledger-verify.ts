/**
 * Proves the ledger: for every credit account, balance = sum of its entries and held = sum of its
 * open holds, and every entry's currentCredit is the running sum of its account. Reads
 * DATABASE_URL, or the embedded database in the data dir (PEYK_DATA_DIR / config) — stop the
 * server first when it runs embedded: PGlite allows one process. Prints every mismatch; exit 1 on any.
 *
 *   npm run ledger-verify
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRepoRoot, loadConfig } from '../server/platform/config.js';
import { openDatabase } from '../server/platform/db.js';
import { LedgerRepository } from '../server/modules/billing/index.js';

async function main(): Promise<number> {
  const root = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));
  const config = loadConfig(process.env, root);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'pglite'), migrate: false });
  try {
    const { rows } = await db.knex.raw(`select to_regclass('credit_ledger') as t`);
    if (!rows[0]?.t) {
      process.stdout.write(`ledger-verify (${db.kind}): no ledger in this database (not migrated yet); nothing to verify\n`);
      return 0;
    }
    const started = Date.now();
    const result = await new LedgerRepository(db.knex).verify();
    const ms = Date.now() - started;
    for (const m of result.mismatches) {
      process.stdout.write(`MISMATCH account ${m.accountId} (organization ${m.organizationId}${m.userId ? `, user ${m.userId}` : ''}): balance ${m.balance} vs entries ${m.ledgerSum}; held ${m.held} vs open holds ${m.openHolds}\n`);
    }
    for (const e of result.brokenEntries) {
      process.stdout.write(`BROKEN entry ${e.id} of account ${e.accountId}: currentCredit ${e.currentCredit} vs running sum ${e.runningSum}\n`);
    }
    const bad = result.mismatches.length + result.brokenEntries.length;
    process.stdout.write(`ledger-verify (${db.kind}): ${result.accounts} accounts, ${result.entries} entries, ${bad === 0 ? 'all balanced' : `${bad} problem(s)`} in ${ms} ms\n`);
    return bad === 0 ? 0 : 1;
  } finally {
    await db.close();
  }
}

main().then((code) => process.exit(code), (err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(2);
});
