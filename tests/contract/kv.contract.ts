import { expect } from 'chai';
import type { KeyValueStore } from '../../server/platform/kv.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The behaviour every KeyValueStore adapter shares; call inside a describe that may skip it. */
export function describeKeyValueContract(name: string, makeStore: () => Promise<KeyValueStore>): void {
  describe(name, function () {
    let store: KeyValueStore;
    let n = 0;
    // Fresh keys per test, so adapters that share a server never see another test's state.
    const key = (label: string) => `${label}-${++n}-${Math.random().toString(36).slice(2, 8)}`;

    beforeEach(async function () {
      store = await makeStore();
    });
    afterEach(async function () {
      await store.close();
    });

    it('returns null for a missing key', async function () {
      expect(await store.get(key('missing'))).to.equal(null);
    });

    it('stores, overwrites and deletes a value', async function () {
      const k = key('set');
      await store.set(k, 'سلام');
      expect(await store.get(k)).to.equal('سلام');
      await store.set(k, 'second');
      expect(await store.get(k)).to.equal('second');
      await store.del(k);
      expect(await store.get(k)).to.equal(null);
      await store.del(k);
    });

    it('getMany answers several keys in the order asked, null for missing and expired ones', async function () {
      const [a, b, gone, missing] = [key('many-a'), key('many-b'), key('many-gone'), key('many-missing')];
      await store.set(a, 'یک');
      await store.set(b, '2', 10_000);
      await store.set(gone, 'x', 50);
      await sleep(100);
      expect(await store.getMany([b, missing, a, gone, a])).to.deep.equal(['2', null, 'یک', null, 'یک']);
      expect(await store.getMany([])).to.deep.equal([]);
    });

    it('keeps keys apart', async function () {
      const a = key('a');
      const b = key('b');
      await store.set(a, '1');
      await store.set(b, '2');
      expect([await store.get(a), await store.get(b)]).to.deep.equal(['1', '2']);
    });

    it('expires a value after its ttl', async function () {
      const k = key('ttl');
      await store.set(k, 'v', 80);
      expect(await store.get(k)).to.equal('v');
      await sleep(130);
      expect(await store.get(k)).to.equal(null);
    });

    it('drops an earlier ttl when set again without one', async function () {
      const k = key('ttl-clear');
      await store.set(k, 'v', 60);
      await store.set(k, 'w');
      await sleep(110);
      expect(await store.get(k)).to.equal('w');
    });

    it('rejects a ttl that is not positive', async function () {
      const k = key('bad-ttl');
      await expectRejection(store.set(k, 'v', 0));
      await expectRejection(store.setIfAbsent(k, 'v', -5));
      await expectRejection(store.incr(k, 0));
      expect(await store.get(k)).to.equal(null);
    });

    it('setIfAbsent sets only when the key is absent', async function () {
      const k = key('nx');
      expect(await store.setIfAbsent(k, 'first')).to.equal(true);
      expect(await store.setIfAbsent(k, 'second')).to.equal(false);
      expect(await store.get(k)).to.equal('first');
    });

    it('setIfAbsent succeeds again once the holder expired', async function () {
      const k = key('nx-ttl');
      expect(await store.setIfAbsent(k, 'first', 60)).to.equal(true);
      expect(await store.setIfAbsent(k, 'second', 60)).to.equal(false);
      await sleep(110);
      expect(await store.setIfAbsent(k, 'third')).to.equal(true);
      expect(await store.get(k)).to.equal('third');
    });

    it('setIfAbsent lets exactly one of many concurrent callers win', async function () {
      const k = key('nx-race');
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => store.setIfAbsent(k, String(i))));
      expect(results.filter(Boolean)).to.have.length(1);
      expect(await store.get(k)).to.equal(String(results.indexOf(true)));
    });

    it('take returns a value once and removes it', async function () {
      const k = key('take');
      await store.set(k, 'secret', 10_000);
      expect(await store.take(k)).to.equal('secret');
      expect(await store.take(k)).to.equal(null);
      expect(await store.get(k)).to.equal(null);
    });

    it('take hands a value to only one of many concurrent callers', async function () {
      const k = key('take-race');
      await store.set(k, 'once');
      const results = await Promise.all(Array.from({ length: 20 }, () => store.take(k)));
      expect(results.filter((r) => r === 'once')).to.have.length(1);
    });

    it('take does not return an expired value', async function () {
      const k = key('take-ttl');
      await store.set(k, 'v', 50);
      await sleep(100);
      expect(await store.take(k)).to.equal(null);
    });

    it('incr counts from 1 and stores the count as a string', async function () {
      const k = key('incr');
      expect(await store.incr(k)).to.equal(1);
      expect(await store.incr(k)).to.equal(2);
      expect(await store.incr(k)).to.equal(3);
      expect(await store.get(k)).to.equal('3');
    });

    it('incrBy adds many at once, keeps the first ttl and refuses a fractional step', async function () {
      const k = key('incrby');
      expect(await store.incrBy(k, 250, 150)).to.equal(250);
      expect(await store.incrBy(k, 750, 10_000)).to.equal(1000);
      expect(await store.incr(k)).to.equal(1001);
      await expectRejection(store.incrBy(k, 1.5));
      await sleep(200);
      expect(await store.get(k)).to.equal(null);
    });

    it('incr continues from an integer set as a string', async function () {
      const k = key('incr-set');
      await store.set(k, '41');
      expect(await store.incr(k)).to.equal(42);
    });

    it('incr rejects a value that is not an integer', async function () {
      const k = key('incr-nan');
      await store.set(k, 'abc');
      await expectRejection(store.incr(k));
      expect(await store.get(k)).to.equal('abc');
    });

    it('incr loses no increment under concurrency', async function () {
      const k = key('incr-race');
      const results = await Promise.all(Array.from({ length: 50 }, () => store.incr(k, 10_000)));
      expect([...results].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await store.get(k)).to.equal('50');
    });

    it('incr applies the ttl only when it creates the key', async function () {
      const k = key('incr-ttl');
      expect(await store.incr(k, 150)).to.equal(1);
      await sleep(90);
      // A later increment must not push the window's end further out.
      expect(await store.incr(k, 150)).to.equal(2);
      await sleep(100);
      expect(await store.get(k)).to.equal(null);
      expect(await store.incr(k, 150)).to.equal(1);
    });

    it('incr with a ttl does not add one to a key that exists without', async function () {
      const k = key('incr-keep');
      await store.set(k, '7');
      expect(await store.incr(k, 50)).to.equal(8);
      await sleep(100);
      expect(await store.get(k)).to.equal('8');
    });

    it('rejects calls after close', async function () {
      await store.close();
      await expectRejection(store.get(key('closed')));
    });
  });
}

async function expectRejection(promise: Promise<unknown>): Promise<void> {
  let rejected = false;
  try {
    await promise;
  } catch {
    rejected = true;
  }
  expect(rejected, 'the call was expected to reject').to.equal(true);
}
