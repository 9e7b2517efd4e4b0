import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Online surveys (issue 28; server/modules/engage/CONTEXT.md "Online surveys"): a survey with its
 * public address key, questions (Text | Select) with branching, the options of select questions,
 * responses (one per personal short-link code) and their answers.
 */
export const engageOnlineSurveys: Migration = {
  name: '20261205-0095-engage-online-surveys',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('surveys', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      t.integer('userId').notNullable().references('id').inTable('users');
      // The key of the public address online-survey/{publicId}: random, so open surveys cannot be listed by counting.
      t.string('publicId', 32).notNullable().unique();
      t.string('title', 200).notNullable();
      t.timestamp('startAt', { useTz: true }).notNullable();
      t.timestamp('endAt', { useTz: true }).notNullable();
      t.text('introPage');
      t.text('outroPage');
      t.string('themeColor', 10).notNullable().defaultTo('default');
      t.string('backgroundImageKey', 100);
      t.string('logoKey', 100);
      t.string('redirectUrl', 2000);
      // scrypt hash (identity's PasswordHasher); null = no password.
      t.string('passwordHash', 300);
      // Stored only: no CRM and no spreadsheet is called (engage CONTEXT.md, decision log).
      t.string('crmAccessKey', 500);
      t.string('crmUserName', 200);
      t.boolean('enableSaveResponseInCrm').notNullable().defaultTo(false);
      t.string('crmField', 200);
      t.string('spreadSheetId', 200);
      t.boolean('isActive').notNullable().defaultTo(true);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create index surveys_org on surveys ("organizationId", id)');

    await knex.schema.createTable('survey_questions', (t) => {
      t.increments('id');
      t.integer('surveyId').notNullable().references('id').inTable('surveys').onDelete('CASCADE');
      t.integer('order').notNullable();
      t.text('text').notNullable();
      // Text | Select
      t.string('type', 10).notNullable();
      t.boolean('isRequired').notNullable().defaultTo(false);
      t.integer('minLength');
      t.integer('maxLength');
      t.string('answerPattern', 500);
      // Same-survey ids only (checked by the service); null = the next question in order / the path walked.
      t.integer('nextQuestionId').references('id').inTable('survey_questions').onDelete('SET NULL');
      t.integer('previousQuestionId').references('id').inTable('survey_questions').onDelete('SET NULL');
      t.integer('visitCount').notNullable().defaultTo(0);
    });
    await knex.raw('create index survey_questions_survey on survey_questions ("surveyId", "order", id)');

    await knex.schema.createTable('survey_question_answers', (t) => {
      t.increments('id');
      t.integer('questionId').notNullable().references('id').inTable('survey_questions').onDelete('CASCADE');
      t.integer('order').notNullable();
      t.string('text', 500).notNullable();
      // The branch taken when this option is chosen; null = the question's own next.
      t.integer('nextQuestionId').references('id').inTable('survey_questions').onDelete('SET NULL');
    });
    await knex.raw('create index survey_question_answers_question on survey_question_answers ("questionId", "order")');

    await knex.schema.createTable('survey_responses', (t) => {
      t.bigIncrements('id');
      t.integer('surveyId').notNullable().references('id').inTable('surveys').onDelete('CASCADE');
      // The respondent's handle for the public calls (random, never listed).
      t.string('token', 64).notNullable().unique();
      // The personal short link's code (`sl`) and the receiver it was sent to, when known.
      t.string('sl', 64);
      t.string('receiver', 40);
      t.bigInteger('sendId');
      t.integer('currentQuestionId').references('id').inTable('survey_questions').onDelete('SET NULL');
      // Question ids answered, in the order walked: what "previous" steps back along.
      t.jsonb('path').notNullable().defaultTo('[]');
      t.timestamp('startedAt', { useTz: true }).notNullable();
      t.timestamp('finishedAt', { useTz: true });
      // The Tehran day the response was finished (statistics by Persian year, month, day).
      t.date('finishedDay');
      t.unique(['surveyId', 'sl']);
    });
    await knex.raw('create index survey_responses_day on survey_responses ("surveyId", "finishedDay")');

    await knex.schema.createTable('survey_response_answers', (t) => {
      t.bigIncrements('id');
      t.bigInteger('responseId').notNullable().references('id').inTable('survey_responses').onDelete('CASCADE');
      t.integer('questionId').notNullable().references('id').inTable('survey_questions').onDelete('CASCADE');
      t.integer('optionId').references('id').inTable('survey_question_answers').onDelete('SET NULL');
      // The text typed, or the option's text when chosen (kept if the option is edited later).
      t.text('value').notNullable();
      t.timestamp('answeredAt', { useTz: true }).notNullable();
      t.unique(['responseId', 'questionId']);
    });
    await knex.raw('create index survey_response_answers_question on survey_response_answers ("questionId", "optionId")');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTable('survey_response_answers');
    await knex.schema.dropTable('survey_responses');
    await knex.schema.dropTable('survey_question_answers');
    await knex.schema.dropTable('survey_questions');
    await knex.schema.dropTable('surveys');
  },
};
