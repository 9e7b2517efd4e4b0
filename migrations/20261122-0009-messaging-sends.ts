import type { Knex } from 'knex';

/**
 * The send engine's record: one `sends` row per scheduled message (the outbox) and one
 * `send_recipients` row per receiver. The database is the truth a restarted worker resumes from,
 * so every state a receiver can be in is a column value, never only a queue entry.
 */
export const messagingSends = {
  name: '20261122-0009-messaging-sends',
  async up(knex: Knex): Promise<void> {
    // Sending is on unless an administrator turns it off: a new organization or user with a line,
    // a tariff and credit can send at once.
    await knex.schema.alterTable('organizations', (t) => { t.boolean('isActiveSend').notNullable().defaultTo(true).alter(); });
    await knex.schema.alterTable('users', (t) => { t.boolean('isActiveSend').notNullable().defaultTo(true).alter(); });
    await knex.schema.createTable('sends', (t) => {
      t.bigIncrements('id');
      t.integer('organizationId').notNullable();
      t.integer('userId').notNullable();
      t.string('clientSendId', 100);
      t.integer('privateNumberId').notNullable();
      t.integer('senderAgentId').notNullable();
      t.string('senderNumber', 40).notNullable();
      t.string('lineType', 40).notNullable();
      t.string('sendType', 20).notNullable();
      t.string('sendSubType', 20).notNullable().defaultTo('Direct');
      t.text('smsText').notNullable();
      t.boolean('isFlashSms').notNullable().defaultTo(false);
      t.string('smsEncoding', 10).notNullable();
      t.integer('smsParts').notNullable();
      t.integer('recipientCount').notNullable().defaultTo(0);
      t.integer('wrongNumberCount').notNullable().defaultTo(0);
      t.integer('duplicateCount').notNullable().defaultTo(0);
      t.integer('blackListCount').notNullable().defaultTo(0);
      t.integer('mciCount').notNullable().defaultTo(0);
      t.integer('mtnCount').notNullable().defaultTo(0);
      t.integer('rightelCount').notNullable().defaultTo(0);
      t.integer('otherCount').notNullable().defaultTo(0);
      t.integer('internationalCount').notNullable().defaultTo(0);
      t.bigInteger('sendPrice').notNullable().defaultTo(0);
      t.bigInteger('resolutionOfParliamentPrice').notNullable().defaultTo(0);
      t.bigInteger('taxPrice').notNullable().defaultTo(0);
      t.bigInteger('totalPrice').notNullable().defaultTo(0);
      t.string('queueStatus', 20).notNullable();
      t.string('status', 30).notNullable();
      t.string('failureCode', 40).notNullable().defaultTo('None');
      t.timestamp('dateTimeSend', { useTz: true }).notNullable();
      t.timestamp('dateTimeStart', { useTz: true });
      t.timestamp('dateTimeEnd', { useTz: true });
      // Receivers not final yet; the send settles when it reaches 0 (decremented in the same
      // transaction as each receiver's move to a final status, so it cannot drift).
      t.integer('pendingCount').notNullable().defaultTo(0);
      t.integer('sentCount').notNullable().defaultTo(0);
      t.integer('failedCount').notNullable().defaultTo(0);
      t.integer('deliveredCount').notNullable().defaultTo(0);
      t.integer('notDeliveredCount').notNullable().defaultTo(0);
      t.integer('canceledCount').notNullable().defaultTo(0);
      t.jsonb('refundedParts');
      t.jsonb('refundPolicy').notNullable();
      t.string('description', 500);
      t.integer('confirmedByUserId');
      t.timestamp('confirmedAt', { useTz: true });
      t.string('rejectReason', 500);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['organizationId', 'id']);
      t.index(['queueStatus', 'dateTimeSend']);
    });
    await knex.raw('create unique index sends_client_send_id on sends ("userId", "clientSendId") where "clientSendId" is not null');

    await knex.schema.createTable('send_recipients', (t) => {
      t.bigInteger('sendId').notNullable();
      t.integer('seq').notNullable();
      t.string('toNumber', 20).notNullable();
      t.string('operator', 15).notNullable();
      t.string('description', 200);
      t.string('sendStatus', 30).notNullable();
      t.string('deliveryStatus', 30).notNullable();
      t.string('providerId', 100);
      t.smallint('attempts').notNullable().defaultTo(0);
      t.boolean('refunded').notNullable().defaultTo(false);
      t.timestamp('sendDateTime', { useTz: true });
      t.timestamp('statusDateTime', { useTz: true });
      t.jsonb('deliveryReport');
      t.primary(['sendId', 'seq']);
    });
    // A receiver is updated three times (claimed, submitted, reported): room on each page lets
    // PostgreSQL keep those updates on the page without touching the indexes (HOT updates).
    await knex.raw('alter table send_recipients set (fillfactor = 60)');
    // Reports are correlated by the provider's id; receivers not submitted yet carry none.
    await knex.raw('create index send_recipients_provider on send_recipients ("providerId") where "providerId" is not null');

    // Reports that came before the submit answer was stored (or for ids we never sent): kept, retried, auditable.
    await knex.schema.createTable('unmatched_delivery_reports', (t) => {
      t.bigIncrements('id');
      t.integer('senderAgentId').notNullable();
      t.string('providerId', 100).notNullable();
      t.string('state', 20).notNullable();
      t.string('providerStatus', 60).notNullable();
      t.timestamp('at', { useTz: true }).notNullable();
      t.jsonb('raw');
      t.timestamp('receivedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['providerId']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('unmatched_delivery_reports');
    await knex.schema.dropTableIfExists('send_recipients');
    await knex.schema.dropTableIfExists('sends');
  },
};
