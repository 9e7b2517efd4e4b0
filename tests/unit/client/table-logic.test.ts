import { expect } from 'chai';
import { clampPageIndex, isColumnLocked, pageCount, pageRange, toggleColumn } from '../../../client/src/shared/ui/table/table-logic';

describe('table-logic', () => {
  it('computes pages and ranges', () => {
    expect(pageCount(0, 10)).to.equal(1);
    expect(pageCount(21, 10)).to.equal(3);
    expect(pageRange(0, 10, 0)).to.deep.equal({ from: 0, to: 0 });
    expect(pageRange(2, 10, 21)).to.deep.equal({ from: 21, to: 21 });
    expect(pageRange(0, 10, 21)).to.deep.equal({ from: 1, to: 10 });
    expect(clampPageIndex(5, 10, 21)).to.equal(2);
    expect(clampPageIndex(-1, 10, 21)).to.equal(0);
  });
  it('keeps at least two columns visible', () => {
    const all = ['a', 'b', 'c', 'd'];
    let visible = toggleColumn(all, 'a', all);
    expect(visible).to.deep.equal(['b', 'c', 'd']);
    visible = toggleColumn(visible, 'b', all);
    expect(visible).to.deep.equal(['c', 'd']);
    expect(toggleColumn(visible, 'c', all)).to.equal(visible);
    expect(isColumnLocked(visible, 'c', all)).to.equal(true);
    expect(isColumnLocked(visible, 'a', all)).to.equal(false);
    expect(toggleColumn(visible, 'a', all)).to.deep.equal(['a', 'c', 'd']);
  });
});
