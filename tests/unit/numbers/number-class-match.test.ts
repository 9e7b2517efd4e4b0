import { expect } from 'chai';
import { classesOfNumber, parseNumberPattern, type MatchableClass } from '../../../server/modules/numbers/number-class-match.js';

describe('numbers: number-class matching', () => {
  describe('patterns', () => {
    it('reads a prefix and a range, in Latin or Persian digits, spaces around the dash', () => {
      expect(parseNumberPattern('3000')).to.deep.equal({ kind: 'prefix', text: '3000', prefix: '3000' });
      expect(parseNumberPattern(' ۵۰۰۰ ')).to.deep.equal({ kind: 'prefix', text: '5000', prefix: '5000' });
      expect(parseNumberPattern('1000100 - 1000199')).to.deep.equal({ kind: 'range', text: '1000100-1000199', from: '1000100', to: '1000199' });
    });

    it('refuses what is neither', () => {
      for (const bad of ['', 'abc', '0', '10-', '-10', '1000-999', '2000-10000', '1000199-1000100', '1234567890123', '12+34']) {
        expect(parseNumberPattern(bad), bad).to.equal(null);
      }
    });
  });

  describe('a line number against the classes', () => {
    const advertising: MatchableClass = { id: 1, title: 'Advertising', operatorClasses: { MCI: 'A1', Irancell: 'Promo' }, patterns: ['1000', '2000'] };
    const service: MatchableClass = { id: 2, title: 'Service', operatorClasses: { MCI: 'S', Rightel: 'Srv' }, patterns: ['10001000-10001999'] };
    const bank: MatchableClass = { id: 3, title: 'Banks', operatorClasses: { Irancell: 'Bank' }, patterns: ['100015'] };

    it('finds, per operator, the class listed for that operator whose pattern matches', () => {
      expect(classesOfNumber('20005000', [advertising, service, bank])).to.deep.equal([
        { operator: 'MCI', numberClassId: 1, title: 'Advertising', operatorClass: 'A1' },
        { operator: 'Irancell', numberClassId: 1, title: 'Advertising', operatorClass: 'Promo' },
      ]);
    });

    it('takes the narrowest match for each operator (a range inside a prefix wins; a longer prefix wins)', () => {
      expect(classesOfNumber('10001500', [advertising, service, bank])).to.deep.equal([
        { operator: 'MCI', numberClassId: 2, title: 'Service', operatorClass: 'S' },
        { operator: 'Irancell', numberClassId: 3, title: 'Banks', operatorClass: 'Bank' },
        { operator: 'Rightel', numberClassId: 2, title: 'Service', operatorClass: 'Srv' },
      ]);
    });

    it('on equal width the older class (lower id) wins', () => {
      const twin: MatchableClass = { ...advertising, id: 9, title: 'Twin' };
      expect(classesOfNumber('2000', [twin, advertising]).map((c) => c.numberClassId)).to.deep.equal([1, 1]);
    });

    it('a range matches only numbers of its length, inclusive at both ends', () => {
      expect(classesOfNumber('10001000', [service])).to.have.length(2);
      expect(classesOfNumber('10001999', [service])).to.have.length(2);
      expect(classesOfNumber('10002000', [service])).to.deep.equal([]);
      expect(classesOfNumber('100015000', [service])).to.deep.equal([]);
    });

    it('no number or no match is "no class", an empty list', () => {
      expect(classesOfNumber('', [advertising])).to.deep.equal([]);
      expect(classesOfNumber(null, [advertising])).to.deep.equal([]);
      expect(classesOfNumber('30001234', [advertising, service])).to.deep.equal([]);
      expect(classesOfNumber('30001234', [])).to.deep.equal([]);
    });

    it('an operator class left blank does not count for that operator', () => {
      const blank: MatchableClass = { id: 4, title: 'Blank', operatorClasses: { MCI: '  ', Rightel: 'R' }, patterns: ['3000'] };
      expect(classesOfNumber('30001234', [blank])).to.deep.equal([{ operator: 'Rightel', numberClassId: 4, title: 'Blank', operatorClass: 'R' }]);
    });
  });
});
