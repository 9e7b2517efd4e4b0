import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * The number bank (issue 26, server/modules/targeting/CONTEXT.md): zones (a tree Country → Province
 * → City → Area with reachable counts per operator), the bank's numbers (mobile as a bigint 98…,
 * zones as integer ids, enums as smallints: a 10,000,000-row bank stays narrow), the zones whose
 * counts an import made stale, and the imports themselves with their rejected rows.
 */
export const targetingNumberBank: Migration = {
  name: '20261201-0057-targeting-number-bank',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('targeting_zones', (t) => {
      t.increments('id');
      // 0 Country, 1 Province, 2 City, 3 Area (ZoneType, in the spec's order).
      t.smallint('zoneType').notNullable();
      t.integer('parentId').references('id').inTable('targeting_zones').onDelete('CASCADE');
      t.string('name', 100).notNullable();
      t.integer('mciCount').notNullable().defaultTo(0);
      t.integer('mtnCount').notNullable().defaultTo(0);
      t.integer('rightelCount').notNullable().defaultTo(0);
      t.integer('otherCount').notNullable().defaultTo(0);
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    // One zone per name under its parent (the root has none): names from files meet their zone again.
    await knex.raw('create unique index targeting_zones_parent_name on targeting_zones (coalesce("parentId", 0), name)');

    await knex.schema.createTable('targeting_numbers', (t) => {
      t.bigIncrements('id');
      t.bigInteger('mobile').notNullable();
      t.integer('provinceId').notNullable().references('id').inTable('targeting_zones');
      t.integer('cityId').references('id').inTable('targeting_zones');
      t.integer('areaId').references('id').inTable('targeting_zones');
      // 1 MCI, 2 Irancell (MTN), 3 Rightel, 4 Other.
      t.smallint('mobileOperator').notNullable();
      // 0 All (not known), 1 Man, 2 Woman.
      t.smallint('genderType').notNullable().defaultTo(0);
      // 0 All (not known), 1 Credits, 2 Permanent.
      t.smallint('simType').notNullable().defaultTo(0);
      t.string('zipCode', 10);
      t.string('guildName', 100);
      t.string('subGuildName', 100);
      t.boolean('isBlackList').notNullable().defaultTo(false);
      t.boolean('isBlackListLocal').notNullable().defaultTo(false);
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create unique index targeting_numbers_mobile on targeting_numbers (mobile)');
    // Reachable numbers only (blacklisted ones are never counted nor picked). Province first: every
    // regional filter names at least one; the id last lets a later send pick receivers from the index alone.
    await knex.raw(`create index targeting_numbers_province on targeting_numbers ("provinceId", "mobileOperator", "genderType", "simType", id)
      where not "isBlackList" and not "isBlackListLocal"`);
    await knex.raw(`create index targeting_numbers_city on targeting_numbers ("cityId", "mobileOperator", "genderType", "simType")
      where "cityId" is not null and not "isBlackList" and not "isBlackListLocal"`);
    await knex.raw(`create index targeting_numbers_area on targeting_numbers ("areaId", "mobileOperator", "genderType", "simType")
      where "areaId" is not null and not "isBlackList" and not "isBlackListLocal"`);
    await knex.raw(`create index targeting_numbers_zip on targeting_numbers ("zipCode" text_pattern_ops)
      where "zipCode" is not null and not "isBlackList" and not "isBlackListLocal"`);
    await knex.raw(`create index targeting_numbers_guild on targeting_numbers ("guildName", "mobileOperator")
      where "guildName" is not null and not "isBlackList" and not "isBlackListLocal"`);

    // Zones whose counts an import's committed batches made stale; recounted (and removed) in one transaction.
    await knex.schema.createTable('targeting_stale_zones', (t) => {
      t.integer('zoneId').primary().references('id').inTable('targeting_zones').onDelete('CASCADE');
    });

    await knex.schema.createTable('targeting_imports', (t) => {
      t.increments('id');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.string('fileName', 200).notNullable();
      // The stored upload under the data dir (platform/upload), removed when the import ends.
      t.string('filePath', 500);
      t.string('format', 10).notNullable();
      t.string('encoding', 20);
      t.string('delimiter', 4);
      t.bigInteger('sizeBytes').notNullable().defaultTo(0);
      t.string('status', 20).notNullable().defaultTo('Waiting');
      t.smallint('progressPercent').notNullable().defaultTo(0);
      t.integer('processedCount').notNullable().defaultTo(0);
      t.integer('addedCount').notNullable().defaultTo(0);
      t.integer('updatedCount').notNullable().defaultTo(0);
      t.integer('rejectedCount').notNullable().defaultTo(0);
      t.integer('zoneCount').notNullable().defaultTo(0);
      t.string('failedReason', 100);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('startedAt', { useTz: true });
      t.timestamp('finishedAt', { useTz: true });
      t.timestamp('lastModified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create index targeting_imports_status on targeting_imports (status, "lastModified")');

    await knex.schema.createTable('targeting_import_rejects', (t) => {
      t.integer('importId').notNullable().references('id').inTable('targeting_imports').onDelete('CASCADE');
      t.integer('rowNumber').notNullable();
      t.string('propertyName', 40).notNullable();
      t.string('reason', 80).notNullable();
      t.string('value', 100);
      t.primary(['importId', 'rowNumber']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('targeting_import_rejects');
    await knex.schema.dropTableIfExists('targeting_imports');
    await knex.schema.dropTableIfExists('targeting_stale_zones');
    await knex.schema.dropTableIfExists('targeting_numbers');
    await knex.schema.dropTableIfExists('targeting_zones');
  },
};
