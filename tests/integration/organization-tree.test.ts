import 'reflect-metadata';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { migratedPgliteImage, testDatabases } from '../support/databases.js';
import { OrganizationsRepository } from '../../server/modules/organizations/organizations.repository.js';
import { AuthEpoch } from '../../server/platform/auth-epoch.js';
import { UnitOfWork, savepoint, afterCommit } from '../../server/platform/unit-of-work.js';
import { openDatabase } from '../../server/platform/db.js';
import type { OrganizationRow } from '../../server/modules/organizations/index.js';

for (const backend of testDatabases()) {
  describe(`organization tree on ${backend.name}`, function () {
    this.timeout(30_000);
    let knex: Knex;
    let dispose: () => Promise<void>;
    let repo: OrganizationsRepository;
    let uow: UnitOfWork;
    let epoch: AuthEpoch;

    before(async () => {
      const opened = await backend.open();
      knex = opened.db.knex;
      dispose = opened.dispose;
      epoch = new AuthEpoch();
      repo = new OrganizationsRepository(knex, epoch);
      uow = new UnitOfWork(knex);
    });
    after(async () => { await dispose(); });

    const make = (parent: OrganizationRow | null, name: string, type = 'organization') =>
      uow.run((tx) => repo.insert(tx, parent, { name, type }));
    const reload = async (o: OrganizationRow) => (await repo.findById(o.id)) as OrganizationRow;

    it('builds paths, depths and derived resellers at any depth', async () => {
      const root = await make(null, 'root', 'system');
      const reseller = await make(root, 'reseller', 'reseller');
      const a = await make(reseller, 'a');
      const b = await make(a, 'b');
      const c = await make(b, 'c');
      expect(c.path).to.equal(`/${root.id}/${reseller.id}/${a.id}/${b.id}/${c.id}/`);
      expect(c.depth).to.equal(4);
      expect(c.resellerId).to.equal(reseller.id);
      expect((await reload(reseller)).resellerId).to.equal(null);
      expect((await repo.chain(c.path)).map((o) => o.name)).to.deep.equal(['root', 'reseller', 'a', 'b', 'c']);
    });

    it('moves a subtree and rewrites every descendant', async () => {
      const root = await make(null, 'root2', 'system');
      const r1 = await make(root, 'r1', 'reseller');
      const r2 = await make(root, 'r2', 'reseller');
      const a = await make(r1, 'a');
      const b = await make(a, 'b');
      const c = await make(b, 'c');
      await uow.run((tx) => repo.move(tx, a, r2));
      const [a2, b2, c2] = await Promise.all([reload(a), reload(b), reload(c)]);
      expect(a2.parentId).to.equal(r2.id);
      expect(c2.path).to.equal(`/${root.id}/${r2.id}/${a.id}/${b.id}/${c.id}/`);
      expect([a2.depth, b2.depth, c2.depth]).to.deep.equal([2, 3, 4]);
      expect([a2.resellerId, b2.resellerId, c2.resellerId]).to.deep.equal([r2.id, r2.id, r2.id]);
    });

    it('deletes only one organization and lifts its children one level', async () => {
      const root = await make(null, 'root3', 'system');
      const a = await make(root, 'a');
      const b = await make(a, 'b');
      const c = await make(b, 'c');
      const ids = await uow.run((tx) => repo.deleteOnly(tx, a));
      expect(ids).to.deep.equal([a.id]);
      expect(await repo.findById(a.id)).to.equal(null);
      const [b2, c2] = await Promise.all([reload(b), reload(c)]);
      expect(b2.parentId).to.equal(root.id);
      expect(b2.path).to.equal(`/${root.id}/${b.id}/`);
      expect(c2.path).to.equal(`/${root.id}/${b.id}/${c.id}/`);
      expect([b2.depth, c2.depth]).to.deep.equal([1, 2]);
    });

    it('deletes a whole subtree and nothing beside it', async () => {
      const root = await make(null, 'root4', 'system');
      const a = await make(root, 'a');
      const b = await make(a, 'b');
      const sibling = await make(root, 'sibling');
      const ids = await uow.run((tx) => repo.deleteSubtree(tx, a));
      expect(ids.sort()).to.deep.equal([a.id, b.id].sort());
      expect(await repo.findById(b.id)).to.equal(null);
      expect(await repo.findById(sibling.id)).to.not.equal(null);
    });

    it('bumps the auth epoch only after a commit, never after a rollback', async () => {
      const root = await make(null, 'root5', 'system');
      const before = epoch.current();
      await uow.run(async (tx) => {
        await repo.update(tx, root.id, { name: 'renamed' });
        expect(epoch.current()).to.equal(before);
      });
      expect(epoch.current()).to.equal(before + 1);
      const failed = uow.run(async (tx) => {
        await repo.update(tx, root.id, { name: 'never' });
        throw new Error('boom');
      });
      await failed.then(() => { throw new Error('expected a rollback'); }, (e: Error) => expect(e.message).to.equal('boom'));
      expect(epoch.current()).to.equal(before + 1);
      expect((await reload(root)).name).to.equal('renamed');
    });

    it('keeps the tenancy filter to the subtree, with LIKE wildcards inert', async () => {
      const root = await make(null, 'root6', 'system');
      const a = await make(root, 'a_%');
      const b = await make(a, 'b');
      const other = await make(root, 'other');
      const page = await repo.list({ organizationId: a.id, path: a.path, subtree: true }, { pageIndex: 0, pageSize: 50 });
      expect(page.items.map((o) => o.id)).to.deep.equal([a.id, b.id]);
      expect(await repo.findVisible({ organizationId: a.id, path: a.path, subtree: true }, other.id)).to.equal(null);
      const onlyOwn = await repo.list({ organizationId: a.id, path: a.path, subtree: false }, { pageIndex: 0, pageSize: 50 });
      expect(onlyOwn.items.map((o) => o.id)).to.deep.equal([a.id]);
      const search = await repo.list({ organizationId: root.id, path: root.path, subtree: true }, { pageIndex: 0, pageSize: 50, search: '_%' });
      expect(search.items.map((o) => o.id)).to.deep.equal([a.id]);
    });
  });
}

describe('unit of work hooks', function () {
  this.timeout(30_000);
  it('runs hooks after the outer commit, drops those of a rolled-back savepoint', async () => {
    // The migrated image, not initdb + migrations: those took past the time-out on a busy machine.
    const db = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteImage: await migratedPgliteImage() });
    try {
      const uow = new UnitOfWork(db.knex);
      const ran: string[] = [];
      await uow.run(async (tx) => {
        await savepoint(tx, async (sp) => { afterCommit(sp, () => ran.push('kept')); });
        await savepoint(tx, async (sp) => {
          afterCommit(sp, () => ran.push('dropped'));
          throw new Error('inner');
        }).catch(() => undefined);
        expect(ran).to.deep.equal([]);
      });
      expect(ran).to.deep.equal(['kept']);
    } finally {
      await db.close();
    }
  });
});
