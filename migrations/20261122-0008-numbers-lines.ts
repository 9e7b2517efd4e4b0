import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Sender agents (a gateway plugin with its options), private numbers (lines) on them, the
 * assignment of lines to users with send limits and their counters, and the blacklists.
 */
export const numbersLines: Migration = {
  name: '20261122-0008-numbers-lines',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('sender_agents', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.string('title', 200).notNullable();
      t.string('pluginName', 100).notNullable();
      t.jsonb('options').notNullable().defaultTo('{}'); // secrets included (never answered)
      t.string('defaultNumber', 20);
      t.string('type', 10).notNullable().defaultTo('SMS');
      t.string('startTime', 5);
      t.string('endTime', 5);
      t.boolean('sendSmsAlert').notNullable().defaultTo(false);
      t.boolean('isSendActive').notNullable().defaultTo(true);
      t.boolean('isReceiveActive').notNullable().defaultTo(false);
      t.boolean('isSendBulkActive').notNullable().defaultTo(true);
      t.boolean('sendBulkIsAutomatic').notNullable().defaultTo(false);
      t.boolean('checkMessageId').notNullable().defaultTo(false);
      t.boolean('isSendSmartActive').notNullable().defaultTo(false);
      t.boolean('isActiveAllTime').notNullable().defaultTo(true);
      t.string('sendLink', 500);
      t.string('receiveLink', 500);
      t.string('deliveryLink', 500);
      t.string('domain', 200);
      t.bigInteger('internalCredit');
      t.bigInteger('externalCredit');
      t.integer('queueLength');
      t.boolean('routeActive').notNullable().defaultTo(false);
      t.boolean('isP2p').notNullable().defaultTo(false);
      t.boolean('isSmpp').notNullable().defaultTo(false);
      t.boolean('isBts').notNullable().defaultTo(false);
      t.integer('udhLen');
      t.integer('receiveInboxType');
      t.integer('maxPerSecond').notNullable().defaultTo(1000);
      t.boolean('isActive').notNullable().defaultTo(true);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.index(['organizationId']);
    });
    await knex.schema.createTable('private_numbers', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.string('number', 20).notNullable();
      t.string('useForm', 12).notNullable().defaultTo('OneNumber');
      t.string('mask', 11);
      t.string('rangeStart', 20);
      t.string('rangeEnd', 20);
      t.string('numberType', 20).notNullable().defaultTo('Public');
      t.string('typePrivateNumber', 20).notNullable().defaultTo('Bulk');
      t.integer('smsSenderAgentId').notNullable().references('id').inTable('sender_agents');
      t.integer('priority').notNullable().defaultTo(0);
      t.boolean('deliveryBase').notNullable().defaultTo(false);
      t.boolean('deliveryLevel1').notNullable().defaultTo(false);
      t.boolean('deliveryLevel2').notNullable().defaultTo(false);
      t.boolean('checkFilter').notNullable().defaultTo(false);
      t.integer('tryCount').notNullable().defaultTo(0);
      t.timestamp('expireTime', { useTz: true });
      t.boolean('sendToBlackList').notNullable().defaultTo(false);
      t.string('refundDeliveryStatusId', 40);
      t.string('tag', 100);
      t.boolean('hasSla').notNullable().defaultTo(false);
      t.boolean('isActive').notNullable().defaultTo(true);
      for (const flag of LINE_FLAGS) t.boolean(flag).notNullable().defaultTo(false);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.index(['organizationId']);
      t.index(['smsSenderAgentId']);
    });
    await knex.raw(`create unique index private_numbers_live_number on private_numbers (number) where "deletedAt" is null`);
    await knex.schema.createTable('private_number_assignments', (t) => {
      t.increments('id');
      t.integer('privateNumberId').notNullable().references('id').inTable('private_numbers');
      t.integer('userId').notNullable();
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.jsonb('sendTypesList').notNullable().defaultTo('[]');
      t.boolean('canSeeReceivedSms').notNullable().defaultTo(false);
      t.integer('dailySendLimit');
      t.integer('monthlySendLimit');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['privateNumberId', 'userId']);
      t.index(['userId']);
    });
    await knex.schema.createTable('private_number_usage', (t) => {
      t.integer('privateNumberId').notNullable();
      t.integer('userId').notNullable();
      t.string('period', 12).notNullable(); // 'd:2026-11-22' or 'm:2026-11', Tehran calendar
      t.bigInteger('count').notNullable().defaultTo(0);
      t.primary(['privateNumberId', 'userId', 'period']);
    });
    await knex.raw(`alter table private_number_usage add constraint private_number_usage_count check ("count" >= 0)`);
    await knex.schema.createTable('blacklist_numbers', (t) => {
      t.increments('id');
      t.integer('organizationId').references('id').inTable('organizations'); // null: the general list
      t.string('mobile', 20).notNullable();
      t.string('description', 500);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['mobile']);
    });
    await knex.raw(`create unique index blacklist_numbers_owner_mobile on blacklist_numbers ((coalesce("organizationId", 0)), mobile)`);
  },
  async down(knex: Knex): Promise<void> {
    for (const table of ['blacklist_numbers', 'private_number_usage', 'private_number_assignments', 'private_numbers', 'sender_agents']) await knex.schema.dropTableIfExists(table);
  },
};

/** Capability flags of a line (all false unless set). */
const LINE_FLAGS = [
  'isPublic', 'isGeneralBlackList', 'isAutomaticBulk', 'isAutomaticGroup', 'confirmP2pAndDynamic', 'isSendBulk', 'isSendGender',
  'isSendGroup', 'isSendPhonebook', 'isSendApiP2P', 'isSendApiSingle', 'isSendDynamic', 'isSendOtp', 'isSendP2P', 'isSendClub',
  'isSendSingle', 'isSendDevice', 'isSendSmart', 'isCanSendFlashSms', 'isCanSendSmartWithoutConfirmation', 'isSendOccasionPhonebook',
  'isNeedToSendConfirmationMessage', 'isSendPrivateNumberExpirationMessage', 'isPostpaid',
] as const;
