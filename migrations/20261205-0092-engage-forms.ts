import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * The form builder (issue 28; server/modules/engage/CONTEXT.md "Forms"): a form of ordered fields
 * with the spec's custom-field rules, published at the outer route `form/{id}`; each public
 * submission is one `form_answers` row (values by field id), the contact it wrote in the form's
 * phonebook and the thank-you send it paid for. `(formId, submissionKey)` is unique: a retried
 * submission finds its first answer and is neither stored nor sent twice.
 */
export const engageForms: Migration = {
  name: '20261205-0092-engage-forms',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('forms', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      // The owner: the thank-you is sent as this user (line, credit); plain users see their own forms.
      t.integer('userId').notNullable().references('id').inTable('users');
      t.string('title', 200).notNullable();
      t.text('description');
      t.string('theme', 20).notNullable().defaultTo('default');
      t.integer('phonebookId').references('id').inTable('phonebooks').onDelete('SET NULL');
      t.boolean('isPublished').notNullable().defaultTo(false);
      // The thank-you SMS: a dynamic template or a text, from a private number; none when no line.
      t.integer('privateNumberId').references('id').inTable('private_numbers').onDelete('SET NULL');
      t.integer('dynamicTemplateId').references('id').inTable('dynamic_templates').onDelete('SET NULL');
      t.text('thankYouSmsText');
      // Shown on the public page after a submission.
      t.text('thankYouText');
      t.integer('answersCount').notNullable().defaultTo(0);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
    });
    await knex.raw('create index forms_org on forms ("organizationId", id desc) where "deletedAt" is null');

    await knex.schema.createTable('form_fields', (t) => {
      t.increments('id');
      t.integer('formId').notNullable().references('id').inTable('forms').onDelete('CASCADE');
      t.integer('sortOrder').notNullable();
      t.string('label', 200).notNullable();
      // The English label; null shows `label` in both languages.
      t.string('labelEn', 200);
      // The spec's CustomFieldTypes plus Mobile and File.
      t.string('fieldType', 20).notNullable();
      t.boolean('isRequired').notNullable().defaultTo(false);
      t.double('minValue');
      t.double('maxValue');
      t.integer('minLength');
      t.integer('maxLength');
      t.string('regexValidation', 500);
      t.double('maxFileSizeByMegabyte');
      // Where the value lands in the phonebook: a contact's own field or a custom field (by id).
      t.string('contactField', 40);
      t.integer('customFieldId');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create index form_fields_form on form_fields ("formId", "sortOrder")');

    await knex.schema.createTable('form_answers', (t) => {
      t.bigIncrements('id');
      t.integer('formId').notNullable().references('id').inTable('forms').onDelete('CASCADE');
      t.integer('organizationId').notNullable();
      // Chosen by the page per submission: a retry carries the same key.
      t.string('submissionKey', 64).notNullable();
      t.jsonb('values').notNullable();
      t.string('mobile', 40);
      t.integer('contactId');
      t.boolean('contactCreated').notNullable().defaultTo(false);
      // Why no contact was written though the form has a phonebook (its contact limit, the phonebook gone).
      t.string('contactFailure', 60);
      // The short link the visitor came from (`sl=<code>`), for attribution.
      t.string('shortLinkCode', 40);
      t.bigInteger('sendId');
      // Why no thank-you went (no line, refused: the failure code); null when sent or none asked.
      t.string('sendFailure', 60);
      t.string('ip', 64);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['formId', 'submissionKey']);
    });
    await knex.raw('create index form_answers_form on form_answers ("formId", id desc)');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('form_answers');
    await knex.schema.dropTableIfExists('form_fields');
    await knex.schema.dropTableIfExists('forms');
  },
};
