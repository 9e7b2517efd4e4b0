import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Reports (issue 27; server/modules/insight/CONTEXT.md "Reports"): the new claims reach the role
 * templates that already open the neighbouring reports. A template is a ceiling: one written before
 * the claims existed would otherwise keep every organization under it from the reports. User and
 * organization reports go where the outbox goes; the tree report where the RFM ranking goes.
 */
export const insightReportClaims: Migration = {
  name: '20261204-0078-insight-report-claims',
  async up(knex: Knex): Promise<void> {
    for (const [has, add] of [['SmsReports.Outbox', 'SmsReports.Reports'], ['SmsReports.Rfm', 'SmsReports.TreeReport']]) {
      await knex.raw(`update roles set claims = claims || ?::jsonb where "isTemplate" and claims \\? ? and not claims \\? ?`, [JSON.stringify([add]), has, add]);
    }
  },
  async down(knex: Knex): Promise<void> {
    for (const claim of ['SmsReports.Reports', 'SmsReports.TreeReport']) {
      await knex.raw(`update roles set claims = claims - ? where claims \\? ?`, [claim, claim]);
    }
  },
};
