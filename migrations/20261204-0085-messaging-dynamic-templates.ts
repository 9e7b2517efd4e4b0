import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * The spec's DynamicTemplate (issue 29 item 6; server/modules/messaging/CONTEXT.md "Dynamic
 * templates") and image media (server/modules/media/CONTEXT.md "Images").
 * - `dynamic_templates`: `title`, `customText`, `format` (the placeholder syntax: Braces | Brackets),
 *   owned by an organization and its user; deleted ones kept so parsers and patterns still name them.
 * - text parsers' `matchingDynamicTemplateId`/`noMatchingDynamicTemplateId` named confirmed
 *   patterns until now: each pattern so named becomes a template (its text, Braces) and the ids are
 *   moved to it, so a parser answers the same words after the upgrade.
 * - `message_patterns.dynamicTemplateId`: the template a pattern's text was taken from.
 * - `media`: images have no length (`durationExact`/`durationSeconds` null) but a pixel size.
 */
export const messagingDynamicTemplates: Migration = {
  name: '20261204-0085-messaging-dynamic-templates',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('dynamic_templates', (t) => {
      t.increments('id').primary();
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.string('title', 100).notNullable();
      t.text('customText').notNullable();
      t.string('format', 20).notNullable().defaultTo('Braces');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.integer('movedFromPatternId');
    });
    await knex.raw('create index dynamic_templates_org_idx on dynamic_templates ("organizationId", id desc) where "deletedAt" is null');
    await knex.raw(`insert into dynamic_templates ("organizationId", "userId", title, "customText", format, "movedFromPatternId")
      select p."organizationId", p."userId", p.title, p."smsText", 'Braces', p.id from message_patterns p
      where p.id in (select "matchingDynamicTemplateId" from text_parsers union select "noMatchingDynamicTemplateId" from text_parsers)`);
    for (const column of ['matchingDynamicTemplateId', 'noMatchingDynamicTemplateId']) {
      await knex.raw(`update text_parsers t set "${column}" = d.id from dynamic_templates d where d."movedFromPatternId" = t."${column}"`);
    }
    await knex.raw('alter table message_patterns add column "dynamicTemplateId" integer');
    await knex.raw('alter table media alter column "durationExact" drop not null, alter column "durationSeconds" drop not null');
    await knex.raw('alter table media add column width integer, add column height integer');
  },
  async down(knex: Knex): Promise<void> {
    await knex.raw('alter table media drop column width, drop column height');
    await knex.raw('alter table message_patterns drop column "dynamicTemplateId"');
    for (const column of ['matchingDynamicTemplateId', 'noMatchingDynamicTemplateId']) {
      await knex.raw(`update text_parsers t set "${column}" = d."movedFromPatternId" from dynamic_templates d where d.id = t."${column}"`);
    }
    await knex.schema.dropTableIfExists('dynamic_templates');
  },
};
