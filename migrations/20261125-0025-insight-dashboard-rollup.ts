import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/** The Tehran calendar day of a timestamptz column (the day the dashboard and the outbox filter by). */
const tehranDay = (column: string) => `(${column} at time zone 'Asia/Tehran')::date`;

/**
 * The dashboard's rollups (server/modules/insight/CONTEXT.md): receivers per day by delivery status,
 * operator, line and send type; sends per day; ledger amounts per account, day and kind.
 *
 * Receivers and sends are counted by statement-level triggers into an append-only delta log
 * (`insight_send_deltas`), whatever code path writes them (compose, dispatch, reports, cancels,
 * time-outs, archiving, and paths not written yet), in the writer's own transaction; a job folds
 * the log into the daily tables. Readers add the log not folded yet, so the numbers are exact at
 * every moment. Append-only, so concurrent senders never wait on a shared counter row.
 * Ledger entries are always inserted while their account row is locked (billing's applyEntry /
 * applyEntries), so their trigger adds straight into the daily row of that account.
 */
export const insightDashboardRollup: Migration = {
  name: '20261125-0025-insight-dashboard-rollup',
  async up(knex: Knex): Promise<void> {
    await knex.raw(`create table insight_daily_receivers (
      "organizationId" integer not null, day date not null, "userId" integer not null, "privateNumberId" integer not null,
      "sendType" varchar(20) not null, operator varchar(15) not null, "deliveryStatus" varchar(30) not null,
      "senderNumber" varchar(40) not null, receivers bigint not null default 0, parts bigint not null default 0,
      primary key ("organizationId", day, "userId", "privateNumberId", "sendType", operator, "deliveryStatus"))`);
    await knex.raw(`create table insight_daily_sends (
      "organizationId" integer not null, day date not null, "userId" integer not null, "privateNumberId" integer not null,
      "sendType" varchar(20) not null, "senderNumber" varchar(40) not null, sends bigint not null default 0,
      primary key ("organizationId", day, "userId", "privateNumberId", "sendType"))`);
    // A row per (send, operator, status) a statement moved, or per new send (status null, sends 1).
    await knex.raw(`create table insight_send_deltas (
      id bigserial primary key, "sendId" bigint not null, operator varchar(15), "deliveryStatus" varchar(30),
      receivers integer not null default 0, sends integer not null default 0)`);
    // numeric: a day's sum can never overflow, so this trigger can never fail a money statement.
    await knex.raw(`create table insight_daily_credit (
      "accountId" integer not null, day date not null, "typeCreditChange" varchar(40) not null,
      "organizationId" integer not null, "userId" integer, amount numeric(38, 0) not null default 0, entries bigint not null default 0,
      primary key ("accountId", day, "typeCreditChange"))`);
    await knex.raw('create index insight_daily_credit_org on insight_daily_credit ("organizationId", day)');

    // Statement-level triggers see a statement's rows as transition tables: one small insert per
    // statement (grouped by send, operator and status), never one per row.
    await knex.raw(`create function insight_receivers_inserted() returns trigger language plpgsql as $$ begin
      insert into insight_send_deltas ("sendId", operator, "deliveryStatus", receivers)
        select "sendId", operator, "deliveryStatus", count(*) from new_rows group by 1, 2, 3;
      return null; end $$`);
    await knex.raw(`create function insight_receivers_deleted() returns trigger language plpgsql as $$ begin
      insert into insight_send_deltas ("sendId", operator, "deliveryStatus", receivers)
        select "sendId", operator, "deliveryStatus", -count(*) from old_rows group by 1, 2, 3;
      return null; end $$`);
    // Only what changed: a statement that moves no receiver to another status (refund marks, the
    // report's raw text) writes nothing.
    await knex.raw(`create function insight_receivers_updated() returns trigger language plpgsql as $$ begin
      insert into insight_send_deltas ("sendId", operator, "deliveryStatus", receivers)
        select "sendId", operator, "deliveryStatus", sum(n) from (
          select "sendId", operator, "deliveryStatus", -1 as n from old_rows
          union all select "sendId", operator, "deliveryStatus", 1 from new_rows) x
        group by 1, 2, 3 having sum(n) <> 0;
      return null; end $$`);
    await knex.raw(`create function insight_sends_inserted() returns trigger language plpgsql as $$ begin
      insert into insight_send_deltas ("sendId", sends) select id, 1 from new_rows;
      return null; end $$`);
    // Sorted by key: two transactions that touch the same accounts' rows take them in one order
    // (they already hold those accounts' locks, taken in id order by billing).
    await knex.raw(`create function insight_ledger_inserted() returns trigger language plpgsql as $$ begin
      insert into insight_daily_credit ("accountId", day, "typeCreditChange", "organizationId", "userId", amount, entries)
        select "accountId", ${tehranDay('"createdAt"')}, "typeCreditChange", min("organizationId"), min("userId"), sum(amount), count(*)
          from new_rows group by 1, 2, 3 order by 1, 2, 3
        on conflict ("accountId", day, "typeCreditChange") do update
          set amount = insight_daily_credit.amount + excluded.amount, entries = insight_daily_credit.entries + excluded.entries;
      return null; end $$`);

    for (const table of ['send_recipients', 'send_recipients_archive']) {
      await knex.raw(`create trigger ${table}_insight_ins after insert on ${table} referencing new table as new_rows for each statement execute function insight_receivers_inserted()`);
      await knex.raw(`create trigger ${table}_insight_upd after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function insight_receivers_updated()`);
      await knex.raw(`create trigger ${table}_insight_del after delete on ${table} referencing old table as old_rows for each statement execute function insight_receivers_deleted()`);
    }
    await knex.raw('create trigger sends_insight_ins after insert on sends referencing new table as new_rows for each statement execute function insight_sends_inserted()');
    await knex.raw('create trigger credit_ledger_insight_ins after insert on credit_ledger referencing new table as new_rows for each statement execute function insight_ledger_inserted()');

    // What existed before: counted once, in this transaction (the triggers above already hold the
    // tables, so no write falls between the count and the triggers).
    await knex.raw(`insert into insight_daily_receivers ("organizationId", day, "userId", "privateNumberId", "sendType", operator, "deliveryStatus", "senderNumber", receivers, parts)
      select s."organizationId", ${tehranDay('s."createdAt"')}, s."userId", s."privateNumberId", s."sendType", r.operator, r."deliveryStatus",
             max(s."senderNumber"), count(*), sum(s."smsParts")
        from (select "sendId", operator, "deliveryStatus" from send_recipients
              union all select "sendId", operator, "deliveryStatus" from send_recipients_archive) r
        join sends s on s.id = r."sendId"
       group by 1, 2, 3, 4, 5, 6, 7`);
    await knex.raw(`insert into insight_daily_sends ("organizationId", day, "userId", "privateNumberId", "sendType", "senderNumber", sends)
      select "organizationId", ${tehranDay('"createdAt"')}, "userId", "privateNumberId", "sendType", max("senderNumber"), count(*)
        from sends group by 1, 2, 3, 4, 5`);
    await knex.raw(`insert into insight_daily_credit ("accountId", day, "typeCreditChange", "organizationId", "userId", amount, entries)
      select "accountId", ${tehranDay('"createdAt"')}, "typeCreditChange", min("organizationId"), min("userId"), sum(amount), count(*)
        from credit_ledger group by 1, 2, 3`);
  },
  async down(knex: Knex): Promise<void> {
    for (const table of ['send_recipients', 'send_recipients_archive']) {
      for (const suffix of ['ins', 'upd', 'del']) await knex.raw(`drop trigger if exists ${table}_insight_${suffix} on ${table}`);
    }
    await knex.raw('drop trigger if exists sends_insight_ins on sends');
    await knex.raw('drop trigger if exists credit_ledger_insight_ins on credit_ledger');
    for (const fn of ['insight_receivers_inserted', 'insight_receivers_updated', 'insight_receivers_deleted', 'insight_sends_inserted', 'insight_ledger_inserted']) {
      await knex.raw(`drop function if exists ${fn}()`);
    }
    for (const table of ['insight_daily_receivers', 'insight_daily_sends', 'insight_send_deltas', 'insight_daily_credit']) await knex.schema.dropTableIfExists(table);
  },
};
