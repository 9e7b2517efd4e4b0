import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * A send's own priority (issue 30 part 3; messaging's CONTEXT.md "Send priority"): the rank of the
 * spec's SendPriority (`server/shared/sends/send-priorities.ts`, 0 = Lowest … 7 = Highest). An OTP
 * send stores its format's priority, every other send Normal (3) — which is also what every send
 * stored before this migration reads as, so their order among themselves does not change. A
 * constant default: PostgreSQL adds the column without rewriting the table. No index: the pick
 * reads due sends through ("queueStatus", "dateTimeSend") and sorts that small set anyway (the
 * line's priority in its order is a subquery no index serves).
 */
export const messagingSendPriority: Migration = {
  name: '20261205-0104-messaging-send-priority',
  async up(knex: Knex): Promise<void> {
    await knex.schema.alterTable('sends', (t) => {
      t.smallint('priority').notNullable().defaultTo(3);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable('sends', (t) => {
      t.dropColumn('priority');
    });
  },
};
