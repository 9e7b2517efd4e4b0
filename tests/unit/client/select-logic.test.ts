import { expect } from 'chai';
import sinon from 'sinon';
import {
  findSelectItem,
  getItemTitle,
  getItemValue,
  isSearchQuery,
  moveActiveIndex,
  normalizeSearchText,
  normalizeSelectValue,
  optimalSearch,
  reconcileSelectItems,
  sameSelectValue,
  SELECT_TIMING,
  SelectScheduler,
} from '../../../client/src/shared/ui/select/select-logic';

interface Item {
  id: number;
  title: string;
}

/** Taken before sinon's fake timers replace it. */
const realSetImmediate = setImmediate;

const items: Item[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, title: `Item ${i + 1}` }));

describe('select-logic', () => {
  describe('normalizeSelectValue', () => {
    it('treats -1, empty and undefined as null', () => {
      for (const v of [-1, '-1', '', '   ', undefined, null, Number.NaN]) expect(normalizeSelectValue(v)).to.equal(null);
    });
    it('keeps real values, including 0', () => {
      expect(normalizeSelectValue(0)).to.equal(0);
      expect(normalizeSelectValue(7)).to.equal(7);
      expect(normalizeSelectValue('abc')).to.equal('abc');
    });
  });

  describe('fields and lookup', () => {
    const custom = [{ code: 'a', name: 'Alpha' }, { code: 'b', name: 'Beta' }];
    const fields = { valueField: 'code', titleField: 'name' };
    it('reads configurable value and title fields', () => {
      expect(getItemValue(custom[1], fields)).to.equal('b');
      expect(getItemTitle(custom[1], fields)).to.equal('Beta');
      expect(getItemTitle({}, fields)).to.equal('');
    });
    it('finds items with loose string/number equality', () => {
      expect(findSelectItem(items, '3')).to.equal(items[2]);
      expect(findSelectItem(items, 3)).to.equal(items[2]);
      expect(findSelectItem(items, -1)).to.equal(null);
      expect(findSelectItem(custom, 'b', fields)).to.equal(custom[1]);
      expect(sameSelectValue(5, '5')).to.equal(true);
      expect(sameSelectValue('', undefined)).to.equal(true);
    });
  });

  describe('reconcileSelectItems', () => {
    it('clears value and item when the items become empty', () => {
      expect(reconcileSelectItems({ value: 3, item: items[2] }, [])).to.deep.equal({ value: null, item: null });
      expect(reconcileSelectItems({ value: 3, item: items[2] }, null)).to.deep.equal({ value: null, item: null });
    });
    it('finds the item again in a new list and keeps a value not yet present', () => {
      expect(reconcileSelectItems({ value: 3, item: null }, items)).to.deep.equal({ value: 3, item: items[2] });
      expect(reconcileSelectItems({ value: 99, item: null }, items)).to.deep.equal({ value: 99, item: null });
      expect(reconcileSelectItems({ value: -1, item: null }, items)).to.deep.equal({ value: null, item: null });
    });
  });

  describe('optimalSearch', () => {
    it('shows the first 10 items for an empty or short query', () => {
      expect(optimalSearch(items, '')).to.deep.equal(items.slice(0, 10));
      expect(optimalSearch(items, 'It')).to.deep.equal(items.slice(0, 10));
      expect(SELECT_TIMING.firstPageSize).to.equal(10);
    });
    it('keeps the selected item visible when it is beyond the first page', () => {
      const result = optimalSearch(items, 'x', { selectedValue: 20 });
      expect(result).to.have.length(11);
      expect(result[10]).to.equal(items[19]);
      expect(optimalSearch(items, '', { selectedValue: 4 })).to.have.length(10);
    });
    it('filters from 3 characters, case-insensitively', () => {
      expect(optimalSearch(items, 'item 2')).to.deep.equal([items[1], ...items.slice(19, 25)]);
      expect(optimalSearch(items, 'M 1')).to.deep.equal([items[0], ...items.slice(9, 19)]);
      expect(optimalSearch(items, 'zzz')).to.deep.equal([]);
      expect(isSearchQuery('ab')).to.equal(false);
      expect(isSearchQuery(' abc ')).to.equal(true);
    });
    it('treats Persian and Arabic ی/ي and ک/ك alike', () => {
      const persian = [
        { id: 1, title: 'کیان' },
        { id: 2, title: 'علی' },
        { id: 3, title: 'یکتا' },
      ];
      expect(optimalSearch(persian, 'كيا')).to.deep.equal([persian[0]]);
      expect(optimalSearch(persian, 'علي')).to.deep.equal([persian[1]]);
      expect(optimalSearch([{ id: 1, title: 'مشترك يك' }], 'مشترک')).to.have.length(1);
      expect(normalizeSearchText('  ABC ي ك ۱۲ ')).to.equal('abc ی ک 12');
    });
    it('honours custom fields and options', () => {
      const custom = items.map((i) => ({ key: i.id, label: i.title }));
      const result = optimalSearch(custom, 'em 5', { fields: { valueField: 'key', titleField: 'label' } });
      expect(result).to.deep.equal([custom[4]]);
      expect(optimalSearch(items, 'I', { minSearchLength: 1, firstPageSize: Infinity })).to.have.length(25);
    });
  });

  it('moves the active index with wrap-around', () => {
    expect(moveActiveIndex(-1, 1, 3)).to.equal(0);
    expect(moveActiveIndex(-1, -1, 3)).to.equal(2);
    expect(moveActiveIndex(2, 1, 3)).to.equal(0);
    expect(moveActiveIndex(0, -1, 3)).to.equal(2);
    expect(moveActiveIndex(0, 1, 0)).to.equal(-1);
  });

  describe('SelectScheduler (fake timers)', () => {
    let clock: sinon.SinonFakeTimers;
    beforeEach(() => {
      clock = sinon.useFakeTimers();
    });
    afterEach(() => clock.restore());

    const make = () => {
      const filter = sinon.spy((q: string) => optimalSearch(items, q));
      const results = sinon.spy();
      const clearQuery = sinon.spy();
      const scheduler = new SelectScheduler<Item[]>({ filter, results, clearQuery });
      return { filter, results, clearQuery, scheduler };
    };

    it('filters after 200 ms and publishes results after 400 ms', () => {
      const { filter, results, scheduler } = make();
      scheduler.search('item 3');
      clock.tick(199);
      expect(filter.called).to.equal(false);
      clock.tick(1);
      expect(filter.calledOnceWith('item 3')).to.equal(true);
      expect(results.called).to.equal(false);
      clock.tick(199);
      expect(results.called).to.equal(false);
      expect(scheduler.pending).to.equal(true);
      clock.tick(1);
      expect(results.calledOnce).to.equal(true);
      expect(results.firstCall.args[0]).to.deep.equal([items[2]]);
      expect(results.firstCall.args[1]).to.equal('item 3');
      expect(scheduler.pending).to.equal(false);
    });

    it('debounces: each keystroke restarts the delays', () => {
      const { filter, results, scheduler } = make();
      scheduler.search('ite');
      clock.tick(150);
      scheduler.search('item');
      clock.tick(150);
      scheduler.search('item 1');
      clock.tick(399);
      expect(results.called).to.equal(false);
      expect(filter.callCount).to.equal(1);
      clock.tick(1);
      expect(results.callCount).to.equal(1);
      expect(results.firstCall.args[1]).to.equal('item 1');
      clock.tick(5000);
      expect(results.callCount).to.equal(1);
    });

    it('clears the query 100 ms after a selection and cancels a pending search', () => {
      const { results, clearQuery, scheduler } = make();
      scheduler.search('item');
      clock.tick(50);
      scheduler.selected();
      clock.tick(99);
      expect(clearQuery.called).to.equal(false);
      clock.tick(1);
      expect(clearQuery.calledOnce).to.equal(true);
      clock.tick(1000);
      expect(results.called).to.equal(false);
    });

    it('dispose cancels everything; custom timing is respected', () => {
      const { results, clearQuery, scheduler } = make();
      scheduler.search('abc');
      scheduler.selected();
      scheduler.dispose();
      clock.tick(10_000);
      expect(results.called).to.equal(false);
      expect(clearQuery.called).to.equal(false);

      const fast = sinon.spy();
      const custom = new SelectScheduler<string>({ filter: (q) => q.toUpperCase(), results: fast }, { filterDelayMs: 10, resultDelayMs: 20 });
      custom.search('x');
      clock.tick(19);
      expect(fast.called).to.equal(false);
      clock.tick(1);
      expect(fast.calledOnceWith('X', 'x')).to.equal(true);
    });

    describe('server search (the filter answers a promise)', () => {
      const deferred = () => {
        let resolve!: (v: Item[]) => void;
        let reject!: (e: unknown) => void;
        const promise = new Promise<Item[]>((res, rej) => { resolve = res; reject = rej; });
        return { promise, resolve, reject };
      };

      it('asks at 200 ms and shows a quick answer at 400 ms, a slow one when it comes', async () => {
        const answers = [deferred(), deferred()];
        let asked = 0;
        const filter = sinon.spy((_q: string): Promise<Item[]> => answers[asked++].promise);
        const results = sinon.spy();
        const scheduler = new SelectScheduler<Item[]>({ filter, results });
        scheduler.search('ite');
        await clock.tickAsync(199);
        expect(filter.called).to.equal(false);
        await clock.tickAsync(1);
        expect(filter.calledOnceWith('ite')).to.equal(true);
        answers[0].resolve([items[0]]);
        await clock.tickAsync(199);
        expect(results.called, 'not before 400 ms').to.equal(false);
        await clock.tickAsync(1);
        expect(results.calledOnceWith([items[0]], 'ite')).to.equal(true);

        scheduler.search('item');
        await clock.tickAsync(600);
        expect(results.callCount, 'waits for the answer').to.equal(1);
        expect(scheduler.pending).to.equal(true);
        answers[1].resolve([items[1]]);
        await clock.tickAsync(0);
        expect(results.callCount).to.equal(2);
        expect(results.secondCall.args).to.deep.equal([[items[1]], 'item']);
        expect(scheduler.pending).to.equal(false);
      });

      it('drops the answer to an older keystroke and to a search cancelled by a selection', async () => {
        const answers = new Map<string, ReturnType<typeof deferred>>();
        const filter = sinon.spy((q: string) => { const d = deferred(); answers.set(q, d); return d.promise; });
        const results = sinon.spy();
        const scheduler = new SelectScheduler<Item[]>({ filter, results });
        scheduler.search('ite');
        await clock.tickAsync(400);
        scheduler.search('item 2');
        answers.get('ite')!.resolve([items[0]]);
        await clock.tickAsync(400);
        answers.get('item 2')!.resolve([items[1]]);
        await clock.tickAsync(0);
        expect(results.callCount).to.equal(1);
        expect(results.firstCall.args).to.deep.equal([[items[1]], 'item 2']);

        scheduler.search('item 3');
        await clock.tickAsync(400);
        scheduler.selected();
        answers.get('item 3')!.resolve([items[2]]);
        await clock.tickAsync(1000);
        expect(results.callCount).to.equal(1);
      });

      it('reports a failed search instead of results, without an unhandled rejection', async () => {
        const unhandled = sinon.spy();
        process.on('unhandledRejection', unhandled);
        try {
          const results = sinon.spy();
          const failed = sinon.spy();
          const scheduler = new SelectScheduler<Item[]>({ filter: () => Promise.reject(new Error('offline')), results, failed });
          scheduler.search('item');
          await clock.tickAsync(400);
          await clock.tickAsync(0);
          expect(results.called).to.equal(false);
          expect(failed.calledOnce).to.equal(true);
          expect((failed.firstCall.args[0] as Error).message).to.equal('offline');
          expect(failed.firstCall.args[1]).to.equal('item');
          expect(scheduler.pending).to.equal(false);
          // A real turn of the event loop: Node reports unhandled rejections after the microtasks.
          await new Promise((r) => realSetImmediate(r));
          expect(unhandled.called).to.equal(false);
        } finally {
          process.off('unhandledRejection', unhandled);
        }
      });
    });

    it('uses the spec constants', () => {
      expect(SELECT_TIMING).to.include({ filterDelayMs: 200, resultDelayMs: 400, clearAfterSelectMs: 100, minSearchLength: 3 });
    });
  });
});
