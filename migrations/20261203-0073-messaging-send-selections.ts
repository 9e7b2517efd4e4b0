import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * A send held from its pick's counts whose receivers are loaded when the scheduler takes it
 * (queue status Extracting; messaging's CONTEXT.md "Selections loaded at extraction"): one row per
 * such send until the load, with what rebuilds the pick (`kind` names the recipient source, `recipe`
 * is that source's own JSON) and what was held for it, so the load gives back exactly what it could
 * not take and a cancel before the load gives back all of it.
 */
export const messagingSendSelections: Migration = {
  name: '20261203-0073-messaging-send-selections',
  async up(knex: Knex): Promise<void> {
    await knex.raw(`create table send_selections (
      "sendId" bigint primary key references sends (id) on delete cascade,
      kind varchar(30) not null,
      recipe jsonb not null,
      "includeGeneral" boolean,
      "heldSendable" jsonb not null,
      "heldParts" jsonb not null,
      "createdAt" timestamptz not null default now())`);
  },
  async down(knex: Knex): Promise<void> {
    await knex.raw('drop table if exists send_selections');
  },
};
