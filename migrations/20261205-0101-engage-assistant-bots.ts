import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * The chat assistant's bots and FAQ entries (engage, part assistant; server/modules/engage/CONTEXT.md
 * "Chat assistant"). The spec's Bot: botId, fuzzy and semantic match.
 * - `assistant_bots`: one per organization at most (`organizationId` null = the installation's
 *   default bot, seeded here and edited by the system administrator), its title, fuzzy match on/off
 *   with its threshold, semantic match on/off with its threshold.
 * - `assistant_faq_entries`: question, answer, language (fa | en), keywords, active; the bot's
 *   organization copied on the row so tenancy filters it like any other row.
 */
export const engageAssistantBots: Migration = {
  name: '20261205-0101-engage-assistant-bots',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('assistant_bots', (t) => {
      t.increments('id').primary();
      t.integer('organizationId').references('id').inTable('organizations');
      t.string('title', 200).notNullable();
      t.boolean('fuzzyMatch').notNullable().defaultTo(true);
      t.double('fuzzyThreshold').notNullable().defaultTo(0.5);
      t.boolean('semanticMatch').notNullable().defaultTo(false);
      t.double('semanticThreshold').notNullable().defaultTo(0.8);
      t.boolean('isActive').notNullable().defaultTo(true);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
    });
    // One bot per organization, and one default bot (organizationId null) for the installation.
    await knex.raw('create unique index assistant_bots_org_uq on assistant_bots ("organizationId") where "deletedAt" is null and "organizationId" is not null');
    await knex.raw('create unique index assistant_bots_default_uq on assistant_bots ((1)) where "deletedAt" is null and "organizationId" is null');
    await knex.schema.createTable('assistant_faq_entries', (t) => {
      t.increments('id').primary();
      t.integer('botId').notNullable().references('id').inTable('assistant_bots');
      t.integer('organizationId').references('id').inTable('organizations');
      t.integer('userId').references('id').inTable('users');
      t.text('question').notNullable();
      t.text('answer').notNullable();
      t.string('language', 5).notNullable();
      t.jsonb('keywords').notNullable().defaultTo('[]');
      t.boolean('isActive').notNullable().defaultTo(true);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
    });
    await knex.raw('create index assistant_faq_bot_idx on assistant_faq_entries ("botId", language, id) where "deletedAt" is null');
    await knex('assistant_bots').insert({ organizationId: null, title: 'Peyk' });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('assistant_faq_entries');
    await knex.schema.dropTableIfExists('assistant_bots');
  },
};
