import { expect } from 'chai';
import { escapeSpreadsheetText as spreadsheetSafe } from '../../../../server/shared/text/spreadsheet-cells.js';

describe('spreadsheetSafe: no exported cell is read as a formula', () => {
  it('puts an apostrophe before a value starting with = + - @, a tab or a carriage return', () => {
    for (const v of ['=1+1', '+98912', '-2', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x")']) expect(spreadsheetSafe(v)).to.equal(`'${v}`);
  });

  it('leaves every other value as it is, including these characters later in the text', () => {
    for (const v of ['', 'plain', '989121234567', 'a=b', ' =1', 'سلام =', "'=already"]) expect(spreadsheetSafe(v)).to.equal(v);
  });
});
