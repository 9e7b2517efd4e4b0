import { expect } from 'chai';
import { csvField, csvLine, escapeSpreadsheetText, integerTextCell, spreadsheetCell } from '../../../server/shared/text/spreadsheet-cells.js';

describe('spreadsheet cells: formula injection escaped', () => {
  it('prefixes text a spreadsheet would run as a formula with an apostrophe', () => {
    for (const attack of ['=HYPERLINK("http://evil","x")', '+cmd|\' /C calc\'!A0', '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=1+1', '＝1+1', '＋1', '－1', '＠SUM(1)']) {
      expect(escapeSpreadsheetText(attack), attack).to.equal(`'${attack}`);
    }
    for (const plain of ['Sara', 'سارا', '09121234567', ' =not first', '', 'a=b', "'already"]) {
      expect(escapeSpreadsheetText(plain), plain).to.equal(plain);
    }
  });

  it('keeps typed values typed: a number or a date is never a formula', () => {
    expect(spreadsheetCell(-5)).to.equal(-5);
    expect(spreadsheetCell(true)).to.equal(true);
    const d = new Date('2026-01-01T00:00:00Z');
    expect(spreadsheetCell(d)).to.equal(d);
    expect(spreadsheetCell(null)).to.equal(null);
    expect(spreadsheetCell(undefined)).to.equal(null);
    expect(spreadsheetCell(Number.NaN)).to.equal(null);
    expect(spreadsheetCell('+98912')).to.equal("'+98912");
  });

  it('keeps exact integers as text unescaped, a negative one too; escapes anything else', () => {
    expect(integerTextCell('-120000000000000000001')).to.equal('-120000000000000000001');
    expect(integerTextCell(42n)).to.equal('42');
    expect(integerTextCell(null)).to.equal(null);
    expect(integerTextCell('-2+3')).to.equal("'-2+3");
    expect(integerTextCell('=1')).to.equal("'=1");
  });

  it('writes CSV fields quoted where needed, escaped first', () => {
    expect(csvField('plain')).to.equal('plain');
    expect(csvField('a,b')).to.equal('"a,b"');
    expect(csvField('say "hi"')).to.equal('"say ""hi"""');
    expect(csvField('two\nlines')).to.equal('"two\nlines"');
    expect(csvField('=1+1')).to.equal("'=1+1");
    expect(csvField('=SUM(1,2)')).to.equal(`"'=SUM(1,2)"`);
    expect(csvField('a;b', ';')).to.equal('"a;b"');
    expect(csvField(null)).to.equal('');
    expect(csvLine(['=x', 3, null, 'ok'])).to.equal("'=x,3,,ok\r\n");
  });
});
