import { expect } from 'chai';
import { eventDateText, eventTitle, jalaliDayText } from '../../../client/src/features/occasions/occasions-api';

describe('Occasion screens: Jalali days and event dates as the panel writes them', () => {
  it('writes a run\'s Tehran day (YYYY-MM-DD) as its Jalali date, in Persian digits in fa', () => {
    expect(jalaliDayText('2027-09-22', 'fa')).to.equal('۱۴۰۶/۰۶/۳۱');
    expect(jalaliDayText('2027-09-23', 'en-US')).to.equal('1406/07/01');
    expect(jalaliDayText('2025-03-20', 'en-US')).to.equal('1403/12/30');
  });

  it('writes a yearly event as day and month, a dated one with its year, and picks the title by language', () => {
    expect(eventDateText({ jalaliYear: null, jalaliMonth: 1, jalaliDay: 13 }, 'fa')).to.equal('۱۳ فروردین');
    expect(eventDateText({ jalaliYear: 1405, jalaliMonth: 4, jalaliDay: 4 }, 'en-US')).to.equal('4 Tir 1405');
    expect(eventTitle({ title: 'روز طبیعت', titleEn: 'Nature Day' }, 'fa')).to.equal('روز طبیعت');
    expect(eventTitle({ title: 'روز طبیعت', titleEn: 'Nature Day' }, 'en-US')).to.equal('Nature Day');
    expect(eventTitle({ title: 'سالروز', titleEn: null }, 'en-US')).to.equal('سالروز');
  });
});
