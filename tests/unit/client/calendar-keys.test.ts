import { expect } from 'chai';
import { dayForGridKey } from '../../../client/src/shared/dates/calendar-keys';
import { fromGridDate, toGridDate } from '../../../client/src/shared/dates/jalali';

// 2026-11-22 is a Sunday (1405/09/01): its week runs from Saturday 21 to Friday 27.
const sunday = { year: 2026, month: 11, day: 22 };

describe('date picker grid keys', () => {
  it('arrows follow the reading direction and move a week up or down', () => {
    expect(dayForGridKey('ArrowRight', false, sunday, 'solar', false)).to.deep.equal({ year: 2026, month: 11, day: 23 });
    expect(dayForGridKey('ArrowRight', false, sunday, 'solar', true)).to.deep.equal({ year: 2026, month: 11, day: 21 });
    expect(dayForGridKey('ArrowLeft', false, sunday, 'solar', true)).to.deep.equal({ year: 2026, month: 11, day: 23 });
    expect(dayForGridKey('ArrowDown', false, sunday, 'solar', true)).to.deep.equal({ year: 2026, month: 11, day: 29 });
    expect(dayForGridKey('ArrowUp', false, sunday, 'solar', true)).to.deep.equal({ year: 2026, month: 11, day: 15 });
  });

  it('Home and End go to Saturday and Friday of the week', () => {
    expect(dayForGridKey('Home', false, sunday, 'solar', true)).to.deep.equal({ year: 2026, month: 11, day: 21 });
    expect(dayForGridKey('End', false, sunday, 'solar', true)).to.deep.equal({ year: 2026, month: 11, day: 27 });
  });

  it('PageDown keeps the day of the month, or the last day of a shorter month; Shift moves a year', () => {
    const shahrivar31 = fromGridDate('solar', { year: 1405, month: 6, day: 31 });
    expect(toGridDate('solar', dayForGridKey('PageDown', false, shahrivar31, 'solar', true)!)).to.deep.equal({ year: 1405, month: 7, day: 30 });
    expect(toGridDate('solar', dayForGridKey('PageUp', true, shahrivar31, 'solar', true)!)).to.deep.equal({ year: 1404, month: 6, day: 31 });
    expect(dayForGridKey('PageDown', false, { year: 2026, month: 1, day: 31 }, 'gregorian', false)).to.deep.equal({ year: 2026, month: 2, day: 28 });
  });

  it('leaves other keys (Escape included) to the picker', () => {
    expect(dayForGridKey('Escape', false, sunday, 'solar', true)).to.equal(undefined);
    expect(dayForGridKey('a', false, sunday, 'solar', true)).to.equal(undefined);
  });
});
