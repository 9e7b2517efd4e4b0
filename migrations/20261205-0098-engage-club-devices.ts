import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Customer club (issue 28; server/modules/engage/CONTEXT.md "Customer club"): a store's devices
 * (the spec's Customer club device, a club request decided from above through the approvals
 * workflow), the club's members per organization (points, totals, first/last seen) and every
 * purchase a device posted — unique per (device, purchase id), which makes a repeated post a no-op.
 */
export const engageClubDevices: Migration = {
  name: '20261205-0098-engage-club-devices',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('club_devices', (t) => {
      t.increments('id').primary();
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.string('deviceId', 100).notNullable();
      t.string('webhookUrl', 2000);
      t.jsonb('phonebookIdList').notNullable();
      t.string('delayType', 10).notNullable().defaultTo('Minute');
      t.integer('delayValue').notNullable().defaultTo(0);
      t.boolean('isShowDetail').notNullable().defaultTo(false);
      t.string('messageText', 1000);
      t.integer('privateNumberId').references('id').inTable('private_numbers').onDelete('SET NULL');
      t.integer('rialsPerPoint');
      t.string('secret', 100).notNullable();
      t.string('status', 20).notNullable().defaultTo('WatingForConfirm');
      t.integer('decidedByUserId');
      t.timestamp('decidedAt', { useTz: true });
      t.string('rejectComment', 500);
      t.string('lastFailureCode', 60);
      t.timestamp('lastPurchaseAt', { useTz: true });
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
    });
    await knex.raw('create unique index club_devices_device_uq on club_devices ("organizationId", lower("deviceId")) where "deletedAt" is null');
    await knex.raw('create index club_devices_org_idx on club_devices ("organizationId", id desc) where "deletedAt" is null');
    await knex.schema.createTable('club_members', (t) => {
      t.bigIncrements('id').primary();
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.string('mobile', 40).notNullable();
      t.string('name', 100);
      t.bigInteger('points').notNullable().defaultTo(0);
      t.bigInteger('totalAmount').notNullable().defaultTo(0);
      t.integer('purchaseCount').notNullable().defaultTo(0);
      t.timestamp('firstSeenAt', { useTz: true }).notNullable();
      t.timestamp('lastSeenAt', { useTz: true }).notNullable();
      t.integer('lastDeviceId').references('id').inTable('club_devices').onDelete('SET NULL');
      t.unique(['organizationId', 'mobile']);
      t.index(['organizationId', 'points']);
    });
    await knex.schema.createTable('club_purchases', (t) => {
      t.bigIncrements('id').primary();
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('deviceId').references('id').inTable('club_devices').onDelete('SET NULL');
      t.integer('clubFileId');
      t.string('purchaseId', 100).notNullable();
      t.string('mobile', 40).notNullable();
      t.bigInteger('amount').notNullable();
      t.bigInteger('points').notNullable().defaultTo(0);
      t.integer('port');
      t.timestamp('purchasedAt', { useTz: true }).notNullable();
      t.timestamp('receivedAt', { useTz: true }).notNullable();
      t.integer('sendId');
      t.string('messageFailureCode', 60);
    });
    // A device's purchase id is taken once: the repeated post of the same purchase finds this row.
    // Nulls are distinct: a file's rows (no device) never meet here.
    await knex.raw('create unique index club_purchases_device_uq on club_purchases ("deviceId", "purchaseId")');
    await knex.raw('create index club_purchases_member_idx on club_purchases ("organizationId", mobile, id desc)');
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('club_purchases');
    await knex.schema.dropTableIfExists('club_members');
    await knex.schema.dropTableIfExists('club_devices');
  },
};
