import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';

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
