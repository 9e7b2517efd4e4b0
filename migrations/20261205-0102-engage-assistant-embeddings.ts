import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * The chat assistant's cache of embedding vectors (semantic match, server/modules/engage/CONTEXT.md
 * "Chat assistant"): one row per (source, model) — an FAQ entry (`faq:<id>`) or a help page's
 * section (`help:<language>/<slug>#<section>`) — with the hash of the text it was made from, so a
 * changed text is embedded again and an unchanged one never is.
 */
export const engageAssistantEmbeddings: Migration = {
  name: '20261205-0102-engage-assistant-embeddings',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('assistant_embeddings', (t) => {
      t.text('sourceKey').notNullable();
      t.string('model', 200).notNullable();
      t.string('contentHash', 64).notNullable();
      t.jsonb('vector').notNullable();
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['sourceKey', 'model']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('assistant_embeddings');
  },
};
