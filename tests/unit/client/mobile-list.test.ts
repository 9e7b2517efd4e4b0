import { expect } from 'chai';
import { addMobiles, mobilesIn } from '../../../client/src/features/sending/mobile-list';

describe('client: the single send mobile field reads pasted lists', () => {
  it('splits by comma, Persian comma, semicolons, spaces and newlines', () => {
    expect(mobilesIn('09121110081, 09121110082،09121110083; 09121110084؛09121110085\n09121110086 09121110087\t09121110088'))
      .to.deep.equal(['09121110081', '09121110082', '09121110083', '09121110084', '09121110085', '09121110086', '09121110087', '09121110088']);
  });

  it('keeps a number written with spaces or dashes as one number, in Persian digits too', () => {
    expect(mobilesIn('0912 111 0081')).to.deep.equal(['09121110081']);
    expect(mobilesIn('۰۹۱۲-۱۱۱-۰۰۸۱، +98 912 111 0082')).to.deep.equal(['09121110081', '+989121110082']);
  });

  it('adds each valid number once and reports duplicates (in any form) and invalid ones', () => {
    const change = addMobiles(['09121110081'], '+989121110081, 09121110082, 0912, 09121110082, abc');
    expect(change.added).to.deep.equal(['09121110082']);
    expect(change.list).to.deep.equal(['09121110081', '09121110082']);
    expect(change.duplicates).to.deep.equal(['+989121110081', '09121110082']);
    expect(change.invalid).to.deep.equal(['0912', 'abc']);
  });

  it('takes international numbers given with + or 00', () => {
    expect(addMobiles([], '+447700900123, 00447700900124').added).to.deep.equal(['+447700900123', '00447700900124']);
  });
});
