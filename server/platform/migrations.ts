import type { Knex } from 'knex';
import { migrations } from '../../migrations/index.js';
import type { Migration } from './migration.js';

export type { Migration } from './migration.js';

// An explicit list instead of a folder scan: the same code runs from .ts under tsx and from .js
// after tsc, and the order is reviewed in one place.
class ListMigrationSource implements Knex.MigrationSource<Migration> {
  constructor(private readonly list: Migration[]) {}
  async getMigrations(): Promise<Migration[]> { return this.list; }
  getMigrationName(m: Migration): string { return m.name; }
  async getMigration(m: Migration): Promise<Knex.Migration> { return { up: m.up, down: m.down }; }
}

export async function runMigrations(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource: new ListMigrationSource(migrations), tableName: 'knex_migrations' });
}
