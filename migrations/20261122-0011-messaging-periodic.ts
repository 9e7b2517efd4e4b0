import type { Knex } from 'knex';

/**
 * Gradual and periodic sends. A gradual send is an ordinary send whose receivers go out in steps
 * (two nullable columns the dispatcher reads). A periodic send is a definition that creates one
 * ordinary send per occurrence; `(periodicSendId, periodicOccurrence)` is unique on `sends`, so an
 * occurrence is created at most once whatever crashes or concurrent schedulers do.
 */
export const messagingPeriodic = {
  name: '20261122-0011-messaging-periodic',
  async up(knex: Knex): Promise<void> {
    await knex.schema.alterTable('sends', (t) => {
      t.integer('gradualStepCount');
      t.integer('gradualIntervalMinutes');
      t.bigInteger('periodicSendId');
      t.integer('periodicOccurrence');
    });
    await knex.raw('create unique index sends_periodic_occurrence on sends ("periodicSendId", "periodicOccurrence") where "periodicSendId" is not null');

    await knex.schema.createTable('periodic_sends', (t) => {
      t.bigIncrements('id');
      t.integer('organizationId').notNullable();
      t.integer('userId').notNullable();
      t.integer('privateNumberId').notNullable();
      // The line as it was when the definition was made: shown in the list, and written on the
      // failed send of an occurrence whose line can no longer be resolved.
      t.integer('senderAgentId').notNullable();
      t.string('senderNumber', 40).notNullable();
      t.string('lineType', 40).notNullable();
      t.text('smsText').notNullable();
      t.boolean('isFlashSms').notNullable().defaultTo(false);
      t.string('sendType', 20).notNullable();
      t.string('description', 500);
      t.integer('recipientCount').notNullable().defaultTo(0);
      t.integer('wrongNumberCount').notNullable().defaultTo(0);
      t.integer('duplicateCount').notNullable().defaultTo(0);
      t.string('periodType', 10).notNullable();
      t.integer('period').notNullable().defaultTo(1);
      // Iranian week order: Saturday = 0 … Friday = 6.
      t.jsonb('daysOfWeek').notNullable();
      t.smallint('sendHour').notNullable();
      t.smallint('sendMinute').notNullable().defaultTo(0);
      // Tehran calendar dates (YYYY-MM-DD); endDate is inclusive.
      t.string('startDate', 10).notNullable();
      t.string('endDate', 10);
      t.integer('maxOccurrences');
      t.integer('occurrences').notNullable().defaultTo(0);
      t.integer('failedOccurrences').notNullable().defaultTo(0);
      t.timestamp('dateTimeNext', { useTz: true });
      t.timestamp('dateTimeLast', { useTz: true });
      t.bigInteger('lastSendId');
      t.string('lastFailureCode', 40);
      t.string('status', 20).notNullable().defaultTo('Active');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['organizationId', 'id']);
    });
    // The scheduler's pick: active definitions by their next time.
    await knex.raw(`create index periodic_sends_due on periodic_sends ("dateTimeNext") where status = 'Active'`);

    await knex.schema.createTable('periodic_send_recipients', (t) => {
      t.bigInteger('periodicSendId').notNullable();
      t.integer('seq').notNullable();
      t.string('toNumber', 20).notNullable();
      t.string('operator', 15).notNullable();
      t.string('description', 200);
      t.primary(['periodicSendId', 'seq']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('periodic_send_recipients');
    await knex.schema.dropTableIfExists('periodic_sends');
    await knex.raw('drop index if exists sends_periodic_occurrence');
    await knex.schema.alterTable('sends', (t) => {
      t.dropColumns('gradualStepCount', 'gradualIntervalMinutes', 'periodicSendId', 'periodicOccurrence');
    });
  },
};
