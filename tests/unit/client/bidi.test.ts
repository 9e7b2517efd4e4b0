import { expect } from 'chai';
import { isolateText, stripBidiControls } from '../../../client/src/shared/ui/bidi';

describe('bidi (user text shown in the panel)', () => {
  it('drops embeddings, overrides and isolates, nothing else', () => {
    expect(stripBidiControls('invoice\u202Efdp.exe')).to.equal('invoicefdp.exe');
    expect(stripBidiControls('\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069x')).to.equal('x');
    // The marks Persian typing inserts (ZWNJ, LRM, RLM, ALM) are text, not controls to remove.
    expect(stripBidiControls('می\u200Cخواهم\u200E\u200F\u061C')).to.equal('می\u200Cخواهم\u200E\u200F\u061C');
  });

  it('wraps plain text in FSI … PDI for places that hold no markup', () => {
    expect(isolateText('Peyk شعبه')).to.equal('\u2068Peyk شعبه\u2069');
    expect(isolateText('a\u202Eb')).to.equal('\u2068ab\u2069');
    expect(isolateText(null)).to.equal('');
    expect(isolateText(undefined)).to.equal('');
  });
});
