import { expect } from 'chai';
import { columnsOfHeader, isReject, parseBankRow, zoneName, type ColumnMap } from '../../../server/modules/targeting/number-bank.rows.js';

describe('targeting: a number bank row', () => {
  const header = ['Mobile', 'gender', 'استان', 'شهر', 'Area Name', 'guild', 'sub_guild', 'کد پستی', 'isBlackList', 'black list local', 'operator', 'SIM type'];
  const columns = columnsOfHeader(header) as ColumnMap;

  it('reads the header in English and Persian words, and refuses one without a mobile column', () => {
    expect(columns).to.deep.equal({
      mobile: 0, genderType: 1, stateName: 2, cityName: 3, areaName: 4, guildName: 5, subGuildName: 6, zipCode: 7, isBlackList: 8, isBlackListLocal: 9, mobileOperator: 10, simType: 11,
    });
    expect(columnsOfHeader(['name', 'city'])).to.equal(null);
  });

  it('normalises the mobile with the house normaliser, takes the operator from the file or else the prefix, and reads enum words in both languages', () => {
    const row = parseBankRow(['۰۹۳۵ ۱۲۳ ۴۵۶۷', 'زن', 'اصفهان', 'كاشان', '', 'نانوایی', '', '۸۱۳۱۶-۱۲۳۴۵', 'بله', '', '', 'دائمی'], columns, 2);
    expect(row).to.deep.equal({
      mobile: '989351234567', mobileOperator: 2, genderType: 2, simType: 2, stateName: 'اصفهان', cityName: 'کاشان', areaName: null,
      guildName: 'نانوایی', subGuildName: null, zipCode: '8131612345', isBlackList: true, isBlackListLocal: false,
    });
    const ported = parseBankRow([9121234567, 'Man', 'Tehran', '', '', '', '', '', 'false', '0', 'Rightel', 'Credits'], columns, 3);
    expect(ported).to.include({ mobile: '989121234567', mobileOperator: 3, genderType: 1, simType: 1 });
  });

  it('refuses a row with its column and reason', () => {
    const reason = (cells: unknown[]) => {
      const r = parseBankRow(cells as never, columns, 9);
      return isReject(r) ? [r.propertyName, r.reason] : null;
    };
    expect(reason(['', 'Man', 'Tehran'])).to.deep.equal(['mobile', 'targeting.row.mobileRequired']);
    expect(reason(['+44 7700 900123', 'Man', 'Tehran'])).to.deep.equal(['mobile', 'targeting.row.mobileInvalid']);
    expect(reason(['09121234567', 'x', 'Tehran'])).to.deep.equal(['genderType', 'targeting.row.genderInvalid']);
    expect(reason(['09121234567', '', 'Tehran', '', '', '', '', '', '', '', '', 'eSIM'])).to.deep.equal(['simType', 'targeting.row.simInvalid']);
    expect(reason(['09121234567', '', 'Tehran', '', '', '', '', '', '', '', 'Vodafone'])).to.deep.equal(['mobileOperator', 'targeting.row.operatorInvalid']);
    expect(reason(['09121234567', '', 'Tehran', '', '', '', '', '', 'maybe'])).to.deep.equal(['isBlackList', 'targeting.row.flagInvalid']);
    expect(reason(['09121234567', '', 'Tehran', '', '', '', '', '12345'])).to.deep.equal(['zipCode', 'targeting.row.zipInvalid']);
    expect(reason(['09121234567', '', ''])).to.deep.equal(['stateName', 'targeting.row.stateRequired']);
    expect(reason(['09121234567', '', 'Tehran', '', 'North'])).to.deep.equal(['areaName', 'targeting.row.areaWithoutCity']);
    expect(reason(['09121234567', '', 'x'.repeat(101)])).to.deep.equal(['stateName', 'targeting.row.tooLong']);
  });

  it('keeps zone names as one spelling (Arabic yeh and kaf, spaces)', () => {
    expect(zoneName('  علي   آباد ')).to.equal('علی آباد');
    expect(zoneName('كرج')).to.equal('کرج');
  });
});
