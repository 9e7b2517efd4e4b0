import { expect } from 'chai';
import { decodeGsm7, encodeGsm7, isGsm7, packSeptets, unpackSeptets } from '../../../../plugins/smpp/gsm7.js';

describe('SMPP plugin: GSM 03.38 encoding', () => {
  it('encodes the basic alphabet one septet per character', () => {
    expect([...encodeGsm7('@£$A a\n0')]).to.deep.equal([0x00, 0x01, 0x02, 0x41, 0x20, 0x61, 0x0a, 0x30]);
    expect([...encodeGsm7('ΔΦΓΛΩΠΨΣΘΞ')]).to.deep.equal([0x10, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a]);
    expect([...encodeGsm7('ÄÖÑÜ§¿äöñüà')]).to.deep.equal([0x5b, 0x5c, 0x5d, 0x5e, 0x5f, 0x60, 0x7b, 0x7c, 0x7d, 0x7e, 0x7f]);
  });

  it('encodes every extension character as ESC + its code', () => {
    const expected: Record<string, number> = { '\f': 0x0a, '^': 0x14, '{': 0x28, '}': 0x29, '\\': 0x2f, '[': 0x3c, '~': 0x3d, ']': 0x3e, '|': 0x40, '€': 0x65 };
    for (const [ch, code] of Object.entries(expected)) expect([...encodeGsm7(ch)], ch).to.deep.equal([0x1b, code]);
    expect([...encodeGsm7('a€b')]).to.deep.equal([0x61, 0x1b, 0x65, 0x62]);
  });

  it('refuses a character outside the alphabet instead of sending a space', () => {
    expect(() => encodeGsm7('سلام')).to.throw(/not in the GSM 03.38 alphabet/);
    expect(isGsm7('Hello {world} €5')).to.equal(true);
    expect(isGsm7('Hello ç')).to.equal(false);
  });

  it('decodes what it encodes', () => {
    const text = 'Price: 5€ [sale] {now} ~ ^ | \\ ΔΦ @£$¥ èé';
    expect(decodeGsm7(encodeGsm7(text))).to.equal(text);
  });

  it('packs 8 septets into 7 octets (the 03.38 example "hellohello")', () => {
    expect(packSeptets(encodeGsm7('hellohello')).toString('hex').toUpperCase()).to.equal('E8329BFD4697D9EC37');
    const septets = encodeGsm7('The quick brown fox jumps over the lazy dog 0123456789');
    expect([...unpackSeptets(packSeptets(septets), septets.length)]).to.deep.equal([...septets]);
  });

  it('packs after a UDH on a septet boundary (fill bits)', () => {
    const septets = encodeGsm7('abcdefg');
    const packed = packSeptets(septets, 6);
    // 6 octets of header = 48 bits, text starts at septet 7 (bit 49): one fill bit.
    expect(packed.length).to.equal(Math.ceil(((7 + 7) * 7) / 8));
    expect(packed.subarray(0, 6).every((b) => b === 0)).to.equal(true);
    expect([...unpackSeptets(packed, 7, 6)]).to.deep.equal([...septets]);
  });
});
