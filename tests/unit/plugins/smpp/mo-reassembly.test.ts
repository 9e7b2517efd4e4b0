import { expect } from 'chai';
import { concatInfoFromUdh, MoAssembler } from '../../../../plugins/smpp/mo-reassembly.js';

const part = (seq: number, text: string, total = 3, ref = 9) => ({ from: '98912', to: '3000', ref, total, seq, text });

describe('SMPP plugin: inbound reassembly', () => {
  it('reads 8- and 16-bit concatenation headers', () => {
    expect(concatInfoFromUdh([Buffer.from([0x00, 3, 0x2a, 3, 2])])).to.deep.equal({ ref: 0x2a, total: 3, seq: 2 });
    expect(concatInfoFromUdh([Buffer.from([0x24, 1, 1]), Buffer.from([0x08, 4, 0x12, 0x34, 2, 1])])).to.deep.equal({ ref: 0x1234, total: 2, seq: 1 });
    expect(concatInfoFromUdh([Buffer.from([0x24, 1, 1])])).to.equal(null);
  });

  it('joins parts in order whatever order they came in, carrying every part\'s token', () => {
    const a = new MoAssembler<string>(1_000);
    expect(a.add(part(3, 'C'), 0, 't3')).to.equal(null);
    expect(a.add(part(1, 'A'), 1, 't1')).to.equal(null);
    const whole = a.add(part(2, 'B'), 2, 't2');
    expect(whole).to.deep.include({ text: 'ABC', complete: true, seqs: [1, 2, 3] });
    expect(whole!.tokens).to.have.members(['t1', 't2', 't3']);
    expect(a.size).to.equal(0);
  });

  it('keeps messages from different senders or references apart', () => {
    const a = new MoAssembler(1_000);
    a.add(part(1, 'A', 2, 1), 0, null);
    a.add({ ...part(1, 'X', 2, 1), from: 'other' }, 0, null);
    expect(a.add(part(2, 'B', 2, 2), 0, null)).to.equal(null);
    expect(a.add(part(2, 'B', 2, 1), 0, null)).to.deep.include({ text: 'AB' });
    expect(a.size).to.equal(2);
  });

  it('gives up after the time-out and delivers what came, marked incomplete', () => {
    const a = new MoAssembler(1_000);
    a.add(part(1, 'A'), 0, null);
    a.add(part(3, 'C'), 500, null);
    expect(a.expire(999)).to.deep.equal([]);
    const [partial] = a.expire(1_000);
    expect(partial).to.deep.include({ text: 'AC', complete: false, seqs: [1, 3] });
    expect(a.size).to.equal(0);
  });

  it('passes a single-part message straight through', () => {
    expect(new MoAssembler(1).add(part(1, 'hi', 1), 0, null)).to.deep.include({ text: 'hi', complete: true });
  });
});
