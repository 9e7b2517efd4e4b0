import { expect } from 'chai';
import { drawWinners, newDrawSeed } from '../../../server/modules/inbound/polls.draw.js';
import { foldKeyword } from '../../../server/modules/inbound/inbox-text.js';

const people = Array.from({ length: 50 }, (_, i) => `98912000${String(i).padStart(4, '0')}`);
const id = (s: string) => s;

describe('Poll draw (seeded, reproducible)', () => {
  it('the same seed and the same participants give the same winners, whatever order they are listed in', () => {
    const seed = newDrawSeed();
    const a = drawWinners(seed, people, 5, id);
    const b = drawWinners(seed, [...people].reverse(), 5, id);
    expect(a).to.have.length(5);
    expect(b).to.deep.equal(a);
    expect(new Set(a).size, 'no one wins twice').to.equal(5);
    for (const w of a) expect(people).to.include(w);
  });

  it('a fixed seed gives a fixed answer (the stream never changes under a stored draw)', () => {
    const seed = 'a'.repeat(64);
    expect(drawWinners(seed, people, 3, id)).to.deep.equal(drawWinners(seed, people, 3, id));
    expect(drawWinners(seed, ['x', 'y', 'z'], 3, id).sort()).to.deep.equal(['x', 'y', 'z']);
  });

  it('another seed gives (almost always) other winners', () => {
    const results = new Set(Array.from({ length: 10 }, () => drawWinners(newDrawSeed(), people, 3, id).join(',')));
    expect(results.size).to.be.greaterThan(5);
  });

  it('never more winners than participants', () => {
    expect(drawWinners(newDrawSeed(), ['a', 'b'], 5, id)).to.have.length(2);
    expect(drawWinners(newDrawSeed(), [], 3, id)).to.deep.equal([]);
  });

  it('seeds are 64 hex characters from the crypto source', () => {
    const s = newDrawSeed();
    expect(s).to.match(/^[0-9a-f]{64}$/);
    expect(newDrawSeed()).to.not.equal(s);
  });
});

describe('foldKeyword (poll keywords)', () => {
  it('folds digits, case, Arabic letter variants and punctuation around', () => {
    expect(foldKeyword(' ۱ ')).to.equal('1');
    expect(foldKeyword('YES!')).to.equal('yes');
    expect(foldKeyword('«علي»')).to.equal('علی');
    expect(foldKeyword('كتاب')).to.equal('کتاب');
  });
});
