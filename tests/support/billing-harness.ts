import 'reflect-metadata';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Container } from 'inversify';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { buildContainer } from '../../server/container.js';
import { loadConfig } from '../../server/platform/config.js';
import { openDatabase, type DatabaseKind } from '../../server/platform/db.js';
import { migratedPgliteImage, scratchPostgres } from './databases.js';
import { MemoryKeyValueStore } from '../../server/platform/kv-memory.js';
import { DbQueueFactory } from '../../server/platform/queue-db.js';
import { UnitOfWork } from '../../server/platform/unit-of-work.js';
import { OrganizationsService, type OrganizationRow } from '../../server/modules/organizations/index.js';
import { BillingService } from '../../server/modules/billing/index.js';
import type { AuthedContext } from '../../server/platform/http/context.js';
import { ROOT_DIR } from './test-server.js';

export interface BillingBackend {
  name: DatabaseKind;
  open(): Promise<BillingHarness>;
}

export interface BillingHarness {
  kind: DatabaseKind;
  knex: Knex;
  container: Container;
  billing: BillingService;
  uow: UnitOfWork;
  dispose(): Promise<void>;
  /** A new organization under `parent` (the system organization when null is given for the root). */
  org(parent: OrganizationRow | null, name: string, values?: Record<string, unknown>): Promise<OrganizationRow>;
  /** Inserts a user row directly (the billing tests need its id only). */
  user(organizationId: number, userName: string): Promise<number>;
  /** A tariff owned by `ownerId` with one default range and the given per-part prices, assigned to `organizationId`. */
  tariff(ownerId: number, organizationId: number, prices: Record<string, number>): Promise<number>;
  /** Credits an organization's account through the ledger (TypeCreditChanges Manage). */
  fund(organizationId: number, amount: bigint): Promise<void>;
  fundUser(organizationId: number, userId: number, amount: bigint): Promise<void>;
  /** Available credit (balance - held) and the raw columns of an account. */
  account(organizationId: number, userId?: number): Promise<{ balance: bigint; held: bigint; available: bigint } | null>;
  systemContext(org: OrganizationRow): AuthedContext;
}

/**
 * The billing services built through the real container (silent logger, in-memory key-value) on
 * every database backend available: PGlite always, PostgreSQL (a scratch database with a pool of
 * 20) with DATABASE_URL.
 */
export function billingBackends(): BillingBackend[] {
  const list: BillingBackend[] = [{ name: 'pglite', open: () => openHarness(null) }];
  if (process.env.DATABASE_URL) list.push({ name: 'postgres', open: () => openHarness(process.env.DATABASE_URL as string) });
  return list;
}

async function openHarness(baseUrl: string | null): Promise<BillingHarness> {
  const scratch = baseUrl ? await scratchPostgres(baseUrl, 'peyk_bill') : null;
  const db = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null, poolMax: 20, acquireTimeoutMs: 110_000, pgliteImage: scratch ? undefined : await migratedPgliteImage() });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-billing-'));
  const config = loadConfig({ PEYK_DATA_DIR: dataDir, NODE_ENV: 'test' }, ROOT_DIR, { databaseUrl: scratch?.url ?? null });
  const kv = new MemoryKeyValueStore();
  const queues = new DbQueueFactory(db.knex);
  const container = buildContainer({ config, logger: pino({ level: 'silent' }), knex: db.knex, databaseKind: db.kind, kv, queues });
  const organizations = container.get(OrganizationsService);
  const billing = container.get(BillingService);
  const uow = new UnitOfWork(db.knex);
  const knex = db.knex;
  let system: OrganizationRow | null = null;

  const harness: BillingHarness = {
    kind: db.kind, knex, container, billing, uow,
    async dispose() {
      await queues.close();
      await kv.close();
      await db.close();
      if (scratch) await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async org(parent, name, values = {}) {
      if (!system) system = await uow.run((tx) => organizations.createSystemOrganization(tx, 'System'));
      const p = parent ?? system;
      const [row] = await knex('organizations').insert({ name, type: 'organization', parentId: p.id, path: '/', depth: p.depth + 1, ...values }).returning('*');
      const pathValue = `${p.path}${row.id}/`;
      await knex('organizations').where({ id: row.id }).update({ path: pathValue });
      return { ...row, path: pathValue } as OrganizationRow;
    },
    async user(organizationId, userName) {
      const [row] = await knex('users').insert({ organizationId, userName, passwordHash: 'x' }).returning('id');
      return (row as { id: number }).id;
    },
    async tariff(ownerId, organizationId, prices) {
      const [row] = await knex('tariffs').insert({
        ownerOrganizationId: ownerId, title: `T${organizationId}`,
        ranges: JSON.stringify([{ lineType: 'default', fromCount: 0, toCount: null, prices: Object.fromEntries(Object.entries(prices).map(([k, v]) => [k, String(v)])) }]),
      }).returning('id');
      const tariffId = (row as { id: number }).id;
      await knex('organization_tariffs').insert({ organizationId, tariffId }).onConflict('organizationId').merge();
      return tariffId;
    },
    async fund(organizationId, amount) {
      await uow.run(async (tx) => {
        const accountId = await billing.organizationAccountId(tx, organizationId);
        await billing.credit(tx, { accountId, amount, typeCreditChange: 'Manage', referenceType: 'test' });
      });
    },
    async fundUser(organizationId, userId, amount) {
      await uow.run(async (tx) => {
        const accountId = await billing.userAccountId(tx, organizationId, userId);
        await billing.credit(tx, { accountId, amount, typeCreditChange: 'Manage', referenceType: 'test' });
      });
    },
    async account(organizationId, userId) {
      const q = knex('credit_accounts').where({ organizationId });
      if (userId) q.where({ userId });
      else q.whereNull('userId');
      const row = await q.first();
      if (!row) return null;
      const balance = BigInt(row.balance);
      const held = BigInt(row.held);
      return { balance, held, available: balance - held };
    },
    systemContext(org) {
      return {
        requestId: 'test', ip: '127.0.0.1', userAgent: 'test', culture: 'en-US', channel: 'system', tenant: { organizationId: org.id, path: org.path, subtree: true },
        principal: {
          userId: 0, userName: 'test', fullName: 'test', organizationId: org.id, organizationPath: org.path, organizationName: org.name,
          scope: 'superAdmin', isAdmin: true, claims: new Set(), sessionId: 'x', impersonatorUserId: null, changePasswordRequired: false, refreshDue: false, profile: {},
        },
      } as AuthedContext;
    },
  };
  return harness;
}
