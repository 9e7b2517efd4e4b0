import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * The send type Api (issue 30 part 3; messaging's CONTEXT.md "API sends and send priority").
 *
 * 1. A send's own priority: the rank of the spec's SendPriority (`server/shared/sends/send-priorities.ts`,
 *    0 = Lowest … 7 = Highest). An OTP send stores its format's priority, every other send Normal
 *    (3) — which is also what every send stored before this migration reads as, so their order
 *    among themselves does not change. A constant default: PostgreSQL adds the column without
 *    rewriting the table. No index: the pick reads due sends through ("queueStatus", "dateTimeSend")
 *    and sorts that set anyway (the line's priority ahead of it is a subquery no index serves).
 *
 * 2. What existing lines and assignments allowed stays allowed. Until now the REST API and the SMPP
 *    server sent as Single (`messages/send`, `send-pairs`, `messages/otp`, submit_sm) or Bulk
 *    (`send-many`) and were judged by isSendSingle / isSendBulk; from now on they are Api sends,
 *    judged by isSendApiSingle, isSendApiP2P and isSendOtp, which no send read before. So a line
 *    open to Single gets isSendApiSingle and isSendOtp, a line open to Bulk gets isSendApiP2P, and
 *    a user assigned Single or Bulk on a line gets Api too: no integrator's traffic stops at the
 *    upgrade, and an operator closes a line to API sends with the flags from now on. (A line open
 *    to Single only loses `send-pairs`, which now needs isSendApiP2P: opening it would have let
 *    `send-many` reach a line closed to bulk sends.)
 */
export const messagingApiSendType: Migration = {
  name: '20261205-0104-messaging-api-send-type',
  async up(knex: Knex): Promise<void> {
    await knex.schema.alterTable('sends', (t) => {
      t.smallint('priority').notNullable().defaultTo(3);
    });
    await knex.raw(`update private_numbers set "isSendApiSingle" = true where "isSendSingle" is true and "isSendApiSingle" is not true`);
    await knex.raw(`update private_numbers set "isSendOtp" = true where "isSendSingle" is true and "isSendOtp" is not true`);
    await knex.raw(`update private_numbers set "isSendApiP2P" = true where "isSendBulk" is true and "isSendApiP2P" is not true`);
    await knex.raw(`update private_number_assignments set "sendTypesList" = "sendTypesList" || '["Api"]'::jsonb
      where ("sendTypesList" @> '["Single"]'::jsonb or "sendTypesList" @> '["Bulk"]'::jsonb) and not ("sendTypesList" @> '["Api"]'::jsonb)`);
  },
  // The flags and assignments opened by `up` stay: which of them were opened here is not recorded,
  // and the code before this migration does not read them.
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable('sends', (t) => {
      t.dropColumn('priority');
    });
  },
};
