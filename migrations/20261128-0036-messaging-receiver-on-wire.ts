import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Whether a claimed receiver's message may have left for the provider (issue 21, item 8;
 * server/modules/messaging/CONTEXT.md "Crash"). Set at the claim for gateways that announce their
 * writes: false = claimed, nothing written yet; true = the plugin was cleared to write it. Null =
 * never claimed, or claimed for a gateway that does not announce writes (in doubt after a crash, as
 * before). Nullable without a default: adding it rewrites nothing, and updating it keeps the
 * receivers' updates HOT (no index names it).
 */
export const messagingReceiverOnWire: Migration = {
  name: '20261128-0036-messaging-receiver-on-wire',
  async up(knex: Knex): Promise<void> {
    await knex.raw('alter table send_recipients add column "onWire" boolean');
  },
  async down(knex: Knex): Promise<void> {
    await knex.raw('alter table send_recipients drop column "onWire"');
  },
};
