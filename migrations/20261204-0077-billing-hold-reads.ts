import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Reads of holds by time (issue 27; server/modules/billing/CONTEXT.md "Resellers", measurements):
 * the reseller margin and the target job sum a period's holds every minute.
 * - `hold_net_parts(parts, refunds)`: a hold's parts less every refund key's. A plpgsql function
 *   (never inlined) with a small declared cost: written inline, the two jsonb subqueries are
 *   estimated at ~100 rows each per hold, which put a month's sum above `jit_above_cost` and
 *   PostgreSQL spent seconds compiling it on every call.
 * - an index on `credit_holds("createdAt")`: a period is a range of it (no full scan of all holds).
 */
export const billingHoldReads: Migration = {
  name: '20261204-0077-billing-hold-reads',
  async up(knex: Knex): Promise<void> {
    await knex.raw(`create or replace function hold_net_parts(parts jsonb, refunds jsonb) returns bigint
      language plpgsql immutable parallel safe cost 10 as $$
      begin
        return (select coalesce(sum(p.value::bigint), 0) from jsonb_each_text(parts) p)
             - (select coalesce(sum(v.value::bigint), 0) from jsonb_each(refunds) k, jsonb_each_text(k.value) v);
      end $$`);
    await knex.raw('create index if not exists credit_holds_created_at on credit_holds ("createdAt")');
  },
  async down(knex: Knex): Promise<void> {
    await knex.raw('drop index if exists credit_holds_created_at');
    await knex.raw('drop function if exists hold_net_parts(jsonb, jsonb)');
  },
};
