import { expect } from 'chai';
import { hideNumberIn, maskMobile, shownReceiver } from '../../../../server/shared/sms/masked-numbers.js';

describe('masked numbers (a regional send never shows a whole number)', () => {
  it('keeps the country code, the operator prefix and the last four digits', () => {
    expect(maskMobile('989121234567')).to.equal('98912***4567');
    expect(maskMobile('123')).to.equal('***');
  });

  it('masks every form of the number inside any text of a value, leaving other numbers alone', () => {
    const raw = { to: '989121234567', text: 'id:1 dest:09121234567 src:+989121234567 other:989350000000', list: ['9121234567'], at: new Date(0), n: 5 };
    const hidden = hideNumberIn(raw, '989121234567');
    expect(JSON.stringify(hidden)).to.not.contain('1234567');
    expect(hidden.text).to.equal('id:1 dest:0912***4567 src:+98912***4567 other:989350000000');
    expect(hidden.list).to.deep.equal(['912***4567']);
    expect(hidden.at).to.equal(raw.at);
    expect(hidden.n).to.equal(5);
  });

  it('shows a receiver as stored, or, when its send hides receivers, masked in toNumber and everywhere else in the row', () => {
    const row = { toNumber: '989121234567', seq: 3, deliveryReport: { raw: 'id:7 dest:09121234567 stat:DELIVRD' } };
    expect(shownReceiver(row, false)).to.equal(row);
    expect(shownReceiver(row, undefined)).to.equal(row);
    expect(shownReceiver(row, true)).to.deep.equal({ toNumber: '98912***4567', seq: 3, deliveryReport: { raw: 'id:7 dest:0912***4567 stat:DELIVRD' } });
    expect(row.toNumber).to.equal('989121234567');
  });
});
