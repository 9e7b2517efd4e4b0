import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Alert and notification settings (issue 25; server/modules/alerts/CONTEXT.md): one notification
 * setting per organization (SMS and panel on/off, mobiles), one alert setting per organization and
 * alert type, and the credit notification records that make each alert fire once per crossing.
 */
export const notificationsAlerts: Migration = {
  name: '20261201-0049-notifications-alerts',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('notification_settings', (t) => {
      t.integer('organizationId').primary().references('id').inTable('organizations').onDelete('CASCADE');
      t.boolean('enableSmsNotification').notNullable().defaultTo(false);
      t.boolean('enablePanelNotification').notNullable().defaultTo(true);
      // Normalized 98… numbers.
      t.jsonb('mobiles').notNullable().defaultTo('[]');
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.createTable('alert_settings', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      // LowCredit | OrganizationExpiration | PrivateNumberExpiration
      t.string('alertType', 40).notNullable();
      t.boolean('isEnableSendNotification').notNullable().defaultTo(false);
      t.integer('daysOfSendFrequencyPeriod').notNullable().defaultTo(1);
      // Low | Normal | High
      t.string('importanceLevel', 10).notNullable().defaultTo('Normal');
      t.integer('fromDays');
      t.integer('toDays');
      // LowCredit only: available credit (rials) below which the alert fires.
      t.bigInteger('creditThreshold');
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['organizationId', 'alertType']);
    });
    await knex.schema.createTable('credit_notifications', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
      t.string('alertType', 40).notNullable();
      // What crossed: 0 for the organization itself (credit, expiry), the line's id for a line's expiry.
      t.integer('subjectId').notNullable().defaultTo(0);
      // isSend: told for the current crossing; cleared when the condition is over (re-armed).
      t.boolean('isSend').notNullable().defaultTo(false);
      t.timestamp('lastSendDateTime', { useTz: true });
      t.bigInteger('scheduledMessageId');
      t.integer('sendCount').notNullable().defaultTo(0);
      t.unique(['organizationId', 'alertType', 'subjectId']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('credit_notifications');
    await knex.schema.dropTableIfExists('alert_settings');
    await knex.schema.dropTableIfExists('notification_settings');
  },
};
