import { expect } from 'chai';
import { testDatabases } from '../support/databases.js';
import { affectedRows, type Database } from '../../server/platform/db.js';

/**
 * The embedded client (knex-pglite) and pg must answer every knex call with the same shape: code
 * written and tested on one runs on the other. Found the hard way: `delete()` answered PGlite's
 * result object instead of a count, and an hourly sweep looping `while (n === 5000)` spun forever.
 */
const shapes: Record<string, unknown> = {};

for (const backend of testDatabases()) {
  describe(`database adapter answers on ${backend.name}`, function () {
    this.timeout(30_000);
    let db: Database;
    let dispose: () => Promise<void>;
    const seen: Record<string, unknown> = {};
    before(async () => {
      ({ db, dispose } = await backend.open());
      await db.knex.schema.createTable('contract_rows', (t) => {
        t.increments('id');
        t.string('name').notNullable().unique();
        t.integer('n').notNullable().defaultTo(0);
      });
    });
    after(async () => {
      shapes[backend.name] = seen;
      await dispose();
    });
    beforeEach(async () => {
      await db.knex('contract_rows').del();
      await db.knex('contract_rows').insert([{ name: 'a', n: 1 }, { name: 'b', n: 2 }, { name: 'c', n: 3 }]);
    });

    it('delete() and del() answer the number of rows deleted', async () => {
      const one = await db.knex('contract_rows').where('n', '>', 1).delete();
      expect(one).to.equal(2);
      const none = await db.knex('contract_rows').where('n', '>', 100).del();
      expect(none).to.equal(0);
      const sub = await db.knex('contract_rows').whereIn('id', db.knex('contract_rows').select('id').limit(5)).delete();
      expect(sub).to.equal(1);
      seen.delete = [one, none, sub];
    });

    it('update() answers the number of rows changed; with returning, the rows', async () => {
      const n = await db.knex('contract_rows').where('n', '<', 3).update({ n: 9 });
      expect(n).to.equal(2);
      const rows = await db.knex('contract_rows').where({ name: 'c' }).update({ n: 10 }).returning(['name', 'n']);
      expect(rows).to.deep.equal([{ name: 'c', n: 10 }]);
      const gone = await db.knex('contract_rows').where({ name: 'c' }).delete().returning('name');
      expect(gone).to.deep.equal([{ name: 'c' }]);
      seen.update = [n, rows, gone];
    });

    it('insert() with returning answers the rows; without, a result whose rowCount is the rows inserted', async () => {
      const rows = await db.knex('contract_rows').insert([{ name: 'd' }, { name: 'e' }]).returning(['name', 'n']);
      expect(rows).to.deep.equal([{ name: 'd', n: 0 }, { name: 'e', n: 0 }]);
      const plain = await db.knex('contract_rows').insert({ name: 'f' });
      expect(affectedRows(plain)).to.equal(1);
      const upsert = await db.knex('contract_rows').insert({ name: 'f', n: 5 }).onConflict('name').ignore();
      expect(affectedRows(upsert)).to.equal(0);
    });

    it('selects, first, pluck and count answer alike', async () => {
      expect(await db.knex('contract_rows').select('name').orderBy('name')).to.deep.equal([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
      expect(await db.knex('contract_rows').where({ name: 'b' }).first('n')).to.deep.equal({ n: 2 });
      expect(await db.knex('contract_rows').where({ name: 'zz' }).first('n')).to.equal(undefined);
      expect(await db.knex('contract_rows').orderBy('n').pluck('n')).to.deep.equal([1, 2, 3]);
      const [count] = await db.knex('contract_rows').count<{ c: string | number }[]>({ c: '*' });
      expect(Number(count.c)).to.equal(3);
    });

    it('raw queries answer rows and a rowCount that affectedRows reads', async () => {
      const sel = await db.knex.raw('select name from contract_rows where n >= ? order by name', [2]);
      expect(sel.rows).to.deep.equal([{ name: 'b' }, { name: 'c' }]);
      const upd = await db.knex.raw('update contract_rows set n = n + 1 where n >= ?', [2]);
      expect(affectedRows(upd)).to.equal(2);
      const del = await db.knex.raw('delete from contract_rows where n > ?', [100]);
      expect(affectedRows(del)).to.equal(0);
      const ret = await db.knex.raw('delete from contract_rows where name = ? returning name', ['a']);
      expect(ret.rows).to.deep.equal([{ name: 'a' }]);
      expect(affectedRows(ret)).to.equal(1);
    });

    it('the same counts inside a transaction', async () => {
      await db.knex.transaction(async (tx) => {
        expect(await tx('contract_rows').where('n', '>', 1).delete()).to.equal(2);
        expect(await tx('contract_rows').update({ n: 0 })).to.equal(1);
        expect(affectedRows(await tx.raw('update contract_rows set n = 1'))).to.equal(1);
      });
    });

    it('errors carry the same code, constraint and table', async () => {
      const err = await db.knex('contract_rows').insert({ name: 'a' }).then(() => null, (e: unknown) => e as Record<string, unknown>);
      expect(err, 'a unique violation').to.not.equal(null);
      expect(err).to.include({ code: '23505', constraint: 'contract_rows_name_unique', table: 'contract_rows' });
      const notNull = await db.knex('contract_rows').insert({ name: null }).then(() => null, (e: unknown) => e as Record<string, unknown>);
      expect(notNull).to.include({ code: '23502', column: 'name' });
      const syntax = await db.knex.raw('selec 1').then(() => null, (e: unknown) => e as Record<string, unknown>);
      expect(syntax).to.include({ code: '42601' });
      seen.errors = [err?.code, notNull?.code, syntax?.code];
    });
  });
}

describe('affectedRows', function () {
  it('reads a count, a pg result, a PGlite result and returned rows, and refuses anything else', function () {
    expect(affectedRows(3)).to.equal(3);
    expect(affectedRows({ rowCount: 2, rows: [] })).to.equal(2);
    expect(affectedRows({ affectedRows: 4, rows: [] })).to.equal(4);
    expect(affectedRows([{ id: 1 }, { id: 2 }])).to.equal(2);
    expect(() => affectedRows({ command: 'DEL' })).to.throw(/affected-row count/);
    expect(() => affectedRows('3')).to.throw(/affected-row count/);
  });
});
