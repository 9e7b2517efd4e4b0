import type { Knex } from 'knex';

/**
 * What one migration file exports. Its own file, apart from the runner in migrations.ts: the
 * runner imports the list of migrations, so migrations naming their type there would be a cycle.
 */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}
