import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from './tokens.js';
import type { Tx } from './unit-of-work.js';

/** The one platform-level repository: main settings are read by every module, owned by none. */
@injectable()
export class SettingsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async all(tx?: Tx): Promise<Map<string, string | null>> {
    const rows = await (tx ?? this.knex)('main_settings').select('key', 'value');
    return new Map(rows.map((r: { key: string; value: string | null }) => [r.key, r.value]));
  }

  async upsert(tx: Tx, key: string, value: string | null, userId: number): Promise<void> {
    await tx('main_settings').insert({ key, value, updatedBy: userId, updatedAt: tx.fn.now() }).onConflict('key').merge(['value', 'updatedBy', 'updatedAt']);
  }
}
