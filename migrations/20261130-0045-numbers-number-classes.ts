import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Number classes (issue 24; server/modules/numbers/CONTEXT.md "Number classes"): the operators'
 * published classes of sender numbers as an administrator enters them, installation-wide, and the
 * last check of each line against them. A check row keeps the class titles it found, so a line
 * still reads after a class is deleted, until its next check.
 */
export const numbersNumberClasses: Migration = {
  name: '20261130-0045-numbers-number-classes',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('number_classes', (t) => {
      t.increments('id');
      t.string('title', 100).notNullable();
      // {MCI?: string, Irancell?: string, Rightel?: string}: each operator's own name or code of the class.
      t.jsonb('operatorClasses').notNullable().defaultTo('{}');
      // Normalized pattern texts: '3000' (prefix) or '10001000-10001999' (range).
      t.jsonb('patterns').notNullable().defaultTo('[]');
      t.string('description', 500);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.createTable('private_number_class_checks', (t) => {
      t.integer('privateNumberId').primary().references('id').inTable('private_numbers').onDelete('CASCADE');
      t.timestamp('checkTime', { useTz: true }).notNullable();
      // [{operator, numberClassId, title, operatorClass}]; empty = checked, no class.
      t.jsonb('classes').notNullable().defaultTo('[]');
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTable('private_number_class_checks');
    await knex.schema.dropTable('number_classes');
  },
};
