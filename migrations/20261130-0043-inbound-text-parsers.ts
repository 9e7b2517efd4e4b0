import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Text parsers (issue 24; server/modules/inbound/CONTEXT.md "Text parsers"): a rule on a line that
 * answers, forwards, calls a URL or files the sender in a phonebook when an inbound text matches.
 * `text_parser_hits` remembers what the parsers did for each (line, sender) for a short window: the
 * loop guard counts it (at most N actions per window) and reads its texts (our own reply coming back).
 */
export const inboundTextParsers: Migration = {
  name: '20261130-0043-inbound-text-parsers',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('text_parsers', (t) => {
      t.increments('id').primary();
      t.integer('organizationId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.string('title', 200).notNullable();
      t.integer('privateNumberId').notNullable().references('id').inTable('private_numbers').onDelete('CASCADE');
      t.boolean('isActive').notNullable().defaultTo(true);
      t.boolean('isChildrenChange').notNullable().defaultTo(false);
      t.string('senderConditionType', 20).notNullable().defaultTo('Any');
      t.string('senderConditionValue', 100);
      t.integer('senderPhonebookId').references('id').inTable('phonebooks').onDelete('SET NULL');
      t.string('ifConditionType', 20).notNullable().defaultTo('Any');
      t.string('ifConditionValue', 500);
      t.string('thenConditionType', 30).notNullable();
      t.text('thenConditionValue');
      t.string('mobileNumber', 20);
      t.string('email', 200);
      t.integer('matchingDynamicTemplateId');
      t.integer('noMatchingDynamicTemplateId');
      t.string('ipAndPort', 500);
      t.string('sentDelayType', 20).notNullable().defaultTo('None');
      t.integer('sentDelayValue').notNullable().defaultTo(0);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create index text_parsers_org_idx on text_parsers ("organizationId", id desc)');
    await knex.raw('create index text_parsers_line_idx on text_parsers ("privateNumberId") where "isActive"');

    await knex.schema.createTable('text_parser_hits', (t) => {
      t.bigIncrements('id');
      t.integer('privateNumberId').notNullable();
      t.string('mobile', 40).notNullable();
      t.integer('textParserId').notNullable();
      // What was sent to the sender (a reply), null for actions that send nothing to them.
      t.text('replyText');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create index text_parser_hits_pair_idx on text_parser_hits ("privateNumberId", mobile, "createdAt")');
    await knex.raw('create index text_parser_hits_created_idx on text_parser_hits ("createdAt")');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('text_parser_hits');
    await knex.schema.dropTableIfExists('text_parsers');
  },
};
