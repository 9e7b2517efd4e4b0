import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * OTP formats (spec: priority, smsText, lastModified, OtpStatus): a user's message template with
 * numbered placeholders, usable by the v1 OTP send once confirmed. Deleted formats are kept
 * (`deletedAt`) so audit rows and old sends still name something.
 */
export const developerOtpFormats: Migration = {
  name: '20261125-0022-developer-otp-formats',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('otp_formats', (t) => {
      t.increments('id').primary();
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.string('title', 100).notNullable();
      t.text('smsText').notNullable();
      t.smallint('parameterCount').notNullable();
      t.string('priority', 20).notNullable().defaultTo('High');
      t.string('status', 20).notNullable().defaultTo('WatingForConfirm');
      t.integer('decidedByUserId');
      t.timestamp('decidedAt', { useTz: true });
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
    });
    await knex.raw('create index otp_formats_org_idx on otp_formats ("organizationId", id desc) where "deletedAt" is null');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('otp_formats');
  },
};
