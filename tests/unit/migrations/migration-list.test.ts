import { expect } from 'chai';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { migrations } from '../../../migrations/index.js';
import type { Migration } from '../../../server/platform/migration.js';
import { ROOT_DIR } from '../../support/test-server.js';

/**
 * Every `name` an installation may already have recorded in knex_migrations, in the order shipped.
 * knex runs whatever name it has not recorded, so changing one of these re-runs a migration on
 * every existing installation: never edit this list, only append to the migrations after it.
 */
const SHIPPED_NAMES = [
  '20261122-0001-organizations-identity',
  '20261122-0002-platform-jobs',
  '20261122-0003-billing-ledger',
  '20261122-0004-notifications',
  '20261122-0005-billing-packages-discounts',
  '20261122-0006-billing-gateways-plans',
  '20261122-0007-billing-invoices',
  '20261122-0008-numbers-lines',
  '20261122-0009-messaging-sends',
  '20261122-0010-inbox',
  '20261122-0011-messaging-periodic',
  '20261123-0012-messaging-edit-archive',
  '20261124-0013-messaging-dispatch-leases',
  '20261124-0014-numbers-webhook-secret',
  '20261124-0014-platform-scheduled-runs',
  '20261124-0016-audit-channel',
  '20261125-0017-media-voice',
  '20261125-0018-developer-api-tokens',
  '20261125-0019-developer-api-rules',
  '20261125-0020-developer-webhooks',
  '20261125-0021-developer-smpp-accounts',
  '20261125-0022-developer-otp-formats',
  '20261125-0023-developer-smpp-parts',
  '20261125-0024-contacts-phonebooks',
  '20261125-0025-insight-dashboard-rollup',
  '20261125-0026-messaging-receiver-texts',
  '20261125-0027-messaging-resend',
  '20261125-0028-contacts-phonebook-files',
  '20261125-0029-messaging-outbox-search',
  '20261125-0030-messaging-send-phonebooks',
  '20261126-0031-messaging-p2p',
  '20261126-0032-messaging-patterns',
  '20261126-0033-engage-occasions',
  '20261126-0034-contacts-exports',
  '20261128-0035-platform-scheduled-run-deadlines',
  '20261128-0036-messaging-receiver-on-wire',
  '20261129-0037-inbox-opt-outs',
  '20261130-0040-inbound-actions',
  '20261130-0041-inbound-inbox-groups',
  '20261130-0042-inbound-polls',
  '20261130-0043-inbound-text-parsers',
  '20261130-0044-inbound-safe-lists',
  '20261130-0045-numbers-number-classes',
  '20261130-0046-inbound-aggregator-rules',
  '20261201-0048-insight-news',
  '20261201-0049-notifications-alerts',
  '20261201-0050-organizations-documents',
  '20261201-0051-organizations-customer-domains',
  '20261201-0052-organizations-sub-authentication',
  '20261201-0053-alerts-payment-alerts',
  '20261201-0057-targeting-number-bank',
  '20261201-0058-customer-domains-sign-up',
  '20261202-0059-targeting-regional-sends',
  '20261202-0062-targeting-smart-requests',
  '20261202-0066-targeting-places',
  '20261202-0069-targeting-smart-occurrences',
  '20261202-0071-inbound-hidden-sender',
  '20261202-0072-targeting-pick-index',
  '20261203-0073-messaging-send-selections',
  '20261203-0074-numbers-number-purchase',
  '20261203-0075-insight-rfm',
  '20261204-0076-billing-reseller-targets',
  '20261204-0077-billing-hold-reads',
  '20261204-0078-insight-report-claims',
  '20261204-0081-organizations-shared-from-above',
  '20261204-0083-messaging-gradual-periodic',
  '20261204-0084-messaging-status-requests',
  '20261204-0085-messaging-dynamic-templates',
  '20261205-0086-engage-short-links',
  '20261205-0089-engage-landing-pages',
  '20261205-0092-engage-forms',
  '20261205-0095-engage-online-surveys',
  '20261205-0098-engage-club-devices',
  '20261205-0099-engage-club-files',
  '20261205-0101-engage-assistant-bots',
  '20261205-0102-engage-assistant-embeddings',
];

/** Files renamed after shipping whose recorded `name` had to stay: file stem → name. */
const RENAMED_AFTER_SHIPPING: Record<string, string> = {
  '20261124-0015-platform-scheduled-runs': '20261124-0014-platform-scheduled-runs',
};

const MIGRATIONS_DIR = path.join(ROOT_DIR, 'migrations');
const FILE_PATTERN = /^(\d{8})-(\d{4})-[a-z0-9-]+$/;

/**
 * Each migration file's stem by the recorded name of the migration it exports (the list holds
 * objects, not paths; a file imported here is a separate module instance under the test loader,
 * so it is matched by name, which the first test keeps unique).
 */
async function filesByName(): Promise<Map<string, string>> {
  const byName = new Map<string, string>();
  for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.ts') && f !== 'index.ts').sort()) {
    const exported = await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href) as Record<string, Partial<Migration>>;
    for (const value of Object.values(exported)) {
      if (typeof value?.name === 'string' && typeof value.up === 'function') byName.set(value.name, file.replace(/\.ts$/, ''));
    }
  }
  return byName;
}

describe('migrations/index.ts: the list knex runs', () => {
  it('every name is unique', () => {
    const names = migrations.map((m) => m.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).to.deep.equal([]);
  });

  it('the shipped migrations keep their recorded names, in their shipped order, and new ones only follow them', () => {
    expect(migrations.slice(0, SHIPPED_NAMES.length).map((m) => m.name)).to.deep.equal(SHIPPED_NAMES);
  });

  it('every file in migrations/ is listed once, and its file name is its recorded name unless renamed after shipping', async () => {
    const files = await filesByName();
    const stems = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.ts') && f !== 'index.ts').map((f) => f.replace(/\.ts$/, '')).sort();
    expect([...files.values()].sort()).to.deep.equal(stems);
    expect(migrations.map((m) => files.get(m.name)).sort()).to.deep.equal(stems);
    for (const m of migrations) {
      const stem = files.get(m.name) as string;
      expect(m.name, stem).to.equal(RENAMED_AFTER_SHIPPING[stem] ?? stem);
    }
  });

  it('the list is in the order of the file numbers, each number used once, dates never going back', async () => {
    const files = await filesByName();
    const parsed = migrations.map((m) => {
      const stem = files.get(m.name) as string;
      const match = FILE_PATTERN.exec(stem);
      expect(match, stem).to.not.equal(null);
      return { stem, date: (match as RegExpExecArray)[1], number: Number((match as RegExpExecArray)[2]) };
    });
    for (let i = 1; i < parsed.length; i++) {
      expect(parsed[i].number, `${parsed[i - 1].stem} then ${parsed[i].stem}`).to.be.greaterThan(parsed[i - 1].number);
      expect(parsed[i].date >= parsed[i - 1].date, `${parsed[i - 1].stem} then ${parsed[i].stem}`).to.equal(true);
    }
  });
});
