import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Polls and competitions (issue 24; server/modules/inbound/CONTEXT.md "Polls"): a question on a
 * line with keyword options, one counted answer per number (unique), and at most one draw whose
 * seed and winners are kept so it can be replayed.
 */
export const inboundPolls: Migration = {
  name: '20261130-0042-inbound-polls',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('polls', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      // The owner: replies are sent as this user; plain users see only their own polls.
      t.integer('userId').notNullable().references('id').inTable('users');
      t.string('type', 20).notNullable();
      t.string('title', 200).notNullable();
      t.integer('privateNumberId').notNullable().references('id').inTable('private_numbers');
      t.integer('senderPhonebookId').references('id').inTable('phonebooks').onDelete('SET NULL');
      t.boolean('isJustTrueAnswer').notNullable().defaultTo(false);
      t.boolean('isMainQuestion').notNullable().defaultTo(false);
      t.timestamp('startAt', { useTz: true }).notNullable();
      t.timestamp('endAt', { useTz: true }).notNullable();
      // First | Last: which answer of a number counts.
      t.string('countedAnswer', 10).notNullable().defaultTo('First');
      t.text('replyText');
      t.integer('winnersCount');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create index polls_line_open on polls ("privateNumberId", "endAt")');
    await knex.raw('create index polls_org on polls ("organizationId", id)');

    await knex.schema.createTable('poll_options', (t) => {
      t.increments('id');
      t.integer('pollId').notNullable().references('id').inTable('polls').onDelete('CASCADE');
      t.integer('sortOrder').notNullable();
      t.string('optionTitle', 200).notNullable();
      t.string('answerValue', 100).notNullable();
      // answerValue folded (digits, case, Persian letter variants): what an inbound text is compared with.
      t.string('answerKey', 100).notNullable();
      t.boolean('isCorrect').notNullable().defaultTo(false);
      t.unique(['pollId', 'answerKey']);
    });

    await knex.schema.createTable('poll_answers', (t) => {
      t.bigIncrements('id');
      t.integer('pollId').notNullable().references('id').inTable('polls').onDelete('CASCADE');
      t.integer('optionId').notNullable().references('id').inTable('poll_options').onDelete('CASCADE');
      t.string('mobile', 40).notNullable();
      t.bigInteger('inboxMessageId').references('id').inTable('inbox_messages').onDelete('SET NULL');
      t.timestamp('answeredAt', { useTz: true }).notNullable();
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['pollId', 'mobile']);
    });
    await knex.raw('create index poll_answers_option on poll_answers ("pollId", "optionId")');

    await knex.schema.createTable('poll_draws', (t) => {
      t.increments('id');
      // One draw per poll (decided): a second would let the owner draw until a friend wins.
      t.integer('pollId').notNullable().unique().references('id').inTable('polls').onDelete('CASCADE');
      t.integer('userId').references('id').inTable('users').onDelete('SET NULL');
      t.string('seed', 64).notNullable();
      t.integer('winnersCount').notNullable();
      t.integer('participantsCount').notNullable();
      // [{mobile, optionId, answeredAt}] in drawn order.
      t.jsonb('winners').notNullable();
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTable('poll_draws');
    await knex.schema.dropTable('poll_answers');
    await knex.schema.dropTable('poll_options');
    await knex.schema.dropTable('polls');
  },
};
