import { expect } from 'chai';
import { NumberSet, RecipientSet } from '../../../server/modules/messaging/compose/recipient-set.js';

describe('recipient set: deduplication', () => {
  it('NumberSet keeps each number once through growth, for Iranian and 15-digit international numbers', () => {
    const set = new NumberSet();
    const reference = new Set<number>();
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    for (let i = 0; i < 300_000; i++) {
      const n = i % 3 === 0 ? 989_120_000_000 + (next() % 50_000) : i % 3 === 1 ? 100_000_000_000_000 + next() * 7 : 989_350_000_000 + i;
      expect(set.add(n)).to.equal(!reference.has(n));
      reference.add(n);
    }
    expect(set.size).to.equal(reference.size);
    for (const n of [989_120_000_000, 989_359_999_999, 1, 999_999_999_999_999]) expect(set.has(n)).to.equal(reference.has(n));
  });

  it('counts duplicates across digit scripts and forms, and keeps the first description', () => {
    const set = new RecipientSet();
    set.add('09121234567', 'first');
    set.add('+989121234567', 'second');
    set.addText('۰۹۱۲۱۲۳۴۵۶۷, 00989121234567; abc');
    expect(set.size).to.equal(1);
    expect(set.items[0]).to.deep.equal({ number: '989121234567', operator: 'mci', description: 'first' });
    expect(set.duplicateCount).to.equal(3);
    expect(set.wrongNumberCount).to.equal(1);
  });

  it('keeps a repeated number as its own receiver with its own text when asked (a P2P file), counting it apart', () => {
    const kept = new RecipientSet({ keepDuplicates: true });
    kept.add('09121234567', null, 'first');
    kept.add('+98 912 123 4567', null, 'second');
    kept.add('nope', null, 'x');
    expect(kept.items.map((r) => [r.number, r.text])).to.deep.equal([['989121234567', 'first'], ['989121234567', 'second']]);
    expect(kept).to.include({ duplicateCount: 0, keptDuplicateCount: 1, wrongNumberCount: 1 });
    const removed = new RecipientSet();
    removed.add('09121234567', null, 'first');
    removed.add('+98 912 123 4567', null, 'second');
    expect(removed.items.map((r) => r.text)).to.deep.equal(['first']);
    expect(removed).to.include({ duplicateCount: 1, keptDuplicateCount: 0 });
  });
});
