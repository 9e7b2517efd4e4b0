import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Smart requests (issue 26, server/modules/targeting/CONTEXT.md "Smart requests"): who, where and
 * when a customer wants reached through an operator's BTS system, the panel's own stage, the
 * operator's SmartSmsStatus and counts, the approval state (approvals workflow) and the money held
 * and settled (the billing hold's reference is `smart:<id>`).
 */
export const targetingSmartRequests: Migration = {
  name: '20261202-0062-targeting-smart-requests',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('targeting_smart_requests', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.string('requestKind', 10).notNullable().defaultTo('Single');
      t.integer('groupId');
      t.string('requestName', 100).notNullable();
      t.text('text').notNullable();
      t.integer('senderAgentId').notNullable().references('id').inTable('sender_agents');
      t.string('operator', 10).notNullable();
      t.jsonb('areas').notNullable().defaultTo('[]');
      t.boolean('residenceState').notNullable().defaultTo(true);
      t.boolean('joberState').notNullable().defaultTo(false);
      t.boolean('travellerState').notNullable().defaultTo(false);
      t.jsonb('provinces').notNullable().defaultTo('[]');
      t.integer('ageFrom');
      t.integer('ageTo');
      t.string('gender', 10).notNullable().defaultTo('All');
      t.string('deviceType', 100);
      t.string('brand', 100);
      t.string('model', 100);
      t.jsonb('mobilePrefix').notNullable().defaultTo('[]');
      t.jsonb('cellList').notNullable().defaultTo('[]');
      t.string('smartRequestType', 20).notNullable().defaultTo('Area');
      t.string('operationType', 100);
      t.jsonb('periodicSmartSms');
      t.integer('grayListExpireHour');
      t.string('sentDelayType', 10).notNullable().defaultTo('None');
      t.integer('sentDelayValue').notNullable().defaultTo(0);
      t.string('sendCountType', 12).notNullable().defaultTo('Count');
      t.integer('countToSend');
      t.integer('percentageToSend');
      t.integer('maxSendCount');
      t.integer('maxDailySendCount');
      t.timestamp('startDatetime', { useTz: true }).notNullable();
      t.timestamp('endDatetime', { useTz: true }).notNullable();
      t.string('stage', 20).notNullable();
      t.string('status', 15).notNullable().defaultTo('Stored');
      t.timestamp('statusDatetime', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.string('externalId', 200);
      t.integer('requestedCount').notNullable().defaultTo(0);
      t.integer('foundCount').notNullable().defaultTo(0);
      t.integer('sentCount').notNullable().defaultTo(0);
      t.integer('deliveredCount').notNullable().defaultTo(0);
      t.integer('partsCount').notNullable().defaultTo(1);
      t.bigInteger('unitPrice').notNullable().defaultTo(0);
      t.bigInteger('heldAmount').notNullable().defaultTo(0);
      t.bigInteger('settledAmount').notNullable().defaultTo(0);
      t.string('failedReason', 500);
      t.jsonb('responseData');
      t.jsonb('locations').notNullable().defaultTo('[]');
      // The approvals workflow's state (WatingForConfirm / Confirmed / Rejected).
      t.string('approvalStatus', 20).notNullable();
      t.integer('decidedByUserId');
      t.timestamp('decidedAt', { useTz: true });
      t.string('rejectReason', 500);
      t.timestamp('submitAfter', { useTz: true });
      t.timestamp('submittedAt', { useTz: true });
      t.timestamp('lastPolledAt', { useTz: true });
      t.timestamp('endedAt', { useTz: true });
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['organizationId', 'id']);
    });
    // The jobs' work lists: confirmed requests due for the BTS, and requests the operator still works on.
    await knex.raw(`create index targeting_smart_requests_open on targeting_smart_requests (stage, "submitAfter") where stage in ('Queued', 'Submitted')`);
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('targeting_smart_requests');
  },
};
