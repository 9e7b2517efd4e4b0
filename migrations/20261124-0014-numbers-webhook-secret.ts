import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * A sender agent's webhook secret, as its SHA-256 (hex): the secret itself is shown once when an
 * administrator rotates it and never stored, so a database read does not let anyone forge receipts.
 * Null: no secret yet, and the agent's webhook route refuses every call.
 */
export const numbersWebhookSecret: Migration = {
  name: '20261124-0014-numbers-webhook-secret',
  async up(knex: Knex): Promise<void> {
    await knex.raw('alter table sender_agents add column "webhookSecretHash" text');
  },
  async down(knex: Knex): Promise<void> {
    await knex.raw('alter table sender_agents drop column if exists "webhookSecretHash"');
  },
};
