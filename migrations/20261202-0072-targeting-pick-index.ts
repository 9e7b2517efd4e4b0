import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * The regional pick from the index alone (issue 26, speed; targeting's CONTEXT.md "Figures"): the
 * province index ends with `mobile` instead of `id`, so the pick (`mobile XOR seed`) and the count by
 * province + operator + gender + SIM type read no table page (an index-only scan once the table
 * is vacuumed): at 10,000,000 numbers the heap visits were 1.3–1.8 s of a 1,000,000 pick.
 */
export const targetingPickIndex: Migration = {
  name: '20261202-0072-targeting-pick-index',
  async up(knex: Knex): Promise<void> {
    await knex.raw('drop index if exists targeting_numbers_province');
    await knex.raw(`create index targeting_numbers_province on targeting_numbers ("provinceId", "mobileOperator", "genderType", "simType", mobile)
      where not "isBlackList" and not "isBlackListLocal"`);
  },
  async down(knex: Knex): Promise<void> {
    await knex.raw('drop index if exists targeting_numbers_province');
    await knex.raw(`create index targeting_numbers_province on targeting_numbers ("provinceId", "mobileOperator", "genderType", "simType", id)
      where not "isBlackList" and not "isBlackListLocal"`);
  },
};
