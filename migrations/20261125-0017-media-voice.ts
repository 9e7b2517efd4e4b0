import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Uploaded media (voice files: MP3/WAV, at most 5 MB, kept in the row as bytea so every web
 * process serves it without a shared disk) and what a voice send carries on its send row.
 */
export const mediaVoice: Migration = {
  name: '20261125-0017-media-voice',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('media', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.string('title', 200).notNullable();
      t.string('fileType', 10).notNullable();
      t.string('contentType', 50).notNullable();
      t.integer('fileSizePerKilobyte').notNullable();
      t.integer('sizeBytes').notNullable();
      // Exact playing time read from the file, and the whole seconds a send is priced at.
      t.decimal('durationExact', 12, 3).notNullable();
      t.integer('durationSeconds').notNullable();
      // The public address's secret part (/api/Media/File/{token}): 32 random bytes, base64url.
      t.string('token', 64).notNullable().unique();
      t.binary('content').notNullable();
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.index(['organizationId', 'id']);
    });
    await knex.schema.alterTable('sends', (t) => {
      t.string('sendingMethod', 10);
      t.integer('voiceMediaId').references('id').inTable('media');
      t.text('voiceText');
      t.integer('voiceSeconds');
      t.index(['voiceMediaId']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable('sends', (t) => {
      t.dropIndex(['voiceMediaId']);
      t.dropColumn('voiceSeconds');
      t.dropColumn('voiceText');
      t.dropColumn('voiceMediaId');
      t.dropColumn('sendingMethod');
    });
    await knex.schema.dropTableIfExists('media');
  },
};
