import { migratedPgliteImage, migratedTemplate } from './databases.js';

/**
 * `npm test`'s checks step: makes the migrated embedded image and, with DATABASE_URL, the migrated
 * PostgreSQL template once, before any lane starts, so no lane's first set-up hook pays for them
 * (or races another lane to make them).
 */
const t0 = performance.now();
await migratedPgliteImage();
if (process.env.DATABASE_URL) await migratedTemplate(process.env.DATABASE_URL);
process.stdout.write(`migrated embedded image${process.env.DATABASE_URL ? ' and PostgreSQL template' : ''} ready in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
