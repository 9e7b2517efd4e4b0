import { expect } from 'chai';
import { compileColumnTemplate, compileTemplate, parseTemplate, placeholderNames, solarInstant } from '../../../server/modules/messaging/compose/dynamic-template.js';
import { rangeOf } from '../../../server/modules/messaging/compose/phonebook-recipient-source.js';

describe('dynamic templates and the phonebook range', () => {
  const contact = { firstName: 'Sara', lastName: null, cellphone: '989121234567', fields: { City: 'Tehran', Points: 12, Vip: true } };

  it('cuts a template into text and placeholders; doubled braces are literal, other braces text', () => {
    expect(parseTemplate('Hi {firstName}, {{not}} {x y} {}')).to.deep.equal(['Hi ', { name: 'firstName' }, ', {not} {x y} {}']);
    expect(placeholderNames(parseTemplate('{a}{b}{a}'))).to.deep.equal(['a', 'b']);
  });

  it('fills contact and custom fields in any case; an empty or missing field is empty text', () => {
    const compiled = compileTemplate(parseTemplate('{FIRSTNAME} {lastName}|{city}|{points}|{vip}|{cellphone}'), ['City', 'Points', 'Vip', 'Empty']);
    if (!('render' in compiled)) throw new Error('expected a renderer');
    expect(compiled.render(contact)).to.equal('Sara |Tehran|12|true|989121234567');
    const empty = compileTemplate(parseTemplate('[{Empty}]'), ['Empty']);
    if (!('render' in empty)) throw new Error('expected a renderer');
    expect(empty.render(contact)).to.equal('[]');
  });

  it('writes dates in the solar calendar: a birthdate as its day, a Datetime field as its Tehran day (and time when not midnight)', () => {
    const compiled = compileTemplate(parseTemplate('{birthdate}|{joined}|{visit}|{note}'), [{ nameEn: 'Joined', type: 'Datetime' }, { nameEn: 'Visit', type: 'Datetime' }, { nameEn: 'Note', type: 'String' }]);
    if (!('render' in compiled)) throw new Error('expected a renderer');
    // 1990-05-12 is 22 Ordibehesht 1369; 2024-03-19T20:30Z is midnight of 1 Farvardin 1403 in Tehran (+03:30).
    const text = compiled.render({ birthdate: '1990-05-12', fields: { Joined: '2024-03-19T20:30:00.000Z', Visit: '2024-03-20T03:00:00.000Z', Note: '2024-01-01' } } as any);
    expect(text).to.equal('1369/02/22|1403/01/01|1403/01/01 06:30|2024-01-01');
    // Esfand 30 of a leap year (1403) is 2025-03-20.
    const leap = compileTemplate(parseTemplate('{birthdate}'), []);
    if (!('render' in leap)) throw new Error('expected a renderer');
    expect(leap.render({ birthdate: '2025-03-20', fields: {} } as any)).to.equal('1403/12/30');
  });

  it('writes an instant exactly as the time-zone database reads it, across the daylight-saving years and their change-over days', () => {
    // The memoized offsets against Intl asked for each instant, over 2004–2024 (Tehran kept daylight
    // saving 2008–2022; its change-overs fall at 00:00 local, 19:30/20:30 UTC, inside a UTC day).
    const intl = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', { timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const expected = (at: Date) => {
      const p = Object.fromEntries(intl.formatToParts(at).map((x) => [x.type, x.value]));
      return `${p.year}/${p.month}/${p.day}${p.hour === '00' && p.minute === '00' ? '' : ` ${p.hour}:${p.minute}`}`;
    };
    const instants: number[] = [];
    for (let ms = Date.UTC(2004, 0, 1); ms < Date.UTC(2024, 0, 1); ms += 6 * 3_600_000 + 7 * 60_000 + 13_000) instants.push(ms);
    // Every 5 minutes of the evenings around each change-over (21/22 March and September).
    for (let year = 2007; year <= 2023; year++) {
      for (const [month, day] of [[2, 20], [2, 21], [2, 22], [8, 20], [8, 21], [8, 22]]) {
        for (let ms = Date.UTC(year, month, day, 17); ms < Date.UTC(year, month, day, 23); ms += 5 * 60_000) instants.push(ms);
      }
    }
    for (const ms of instants) {
      const at = new Date(ms);
      expect(solarInstant(at.toISOString()), at.toISOString()).to.equal(expected(at));
    }
    expect(instants.length).to.be.greaterThan(35_000);
    expect(solarInstant('not a date')).to.equal('not a date');
  });

  it('names the placeholders that match no field', () => {
    expect(compileTemplate(parseTemplate('{nick} {firstName} {nick} {color}'), ['City'])).to.deep.equal({ unknown: ['nick', 'color'] });
  });

  it('fills a P2P file\'s template from the row\'s cells by column title (any case); unknown titles are named', () => {
    const compiled = compileColumnTemplate(parseTemplate('{NAME} owes {amount} {{rials}} [{note}]'), ['mobile', 'name', 'amount', 'note']);
    if (!('render' in compiled)) throw new Error('expected a renderer');
    expect(compiled.render(['09121234567', 'Sara', '1200'])).to.equal('Sara owes 1200 {rials} []');
    expect(compileColumnTemplate(parseTemplate('{name} {city} {firstName}'), ['mobile', 'name'])).to.deep.equal({ unknown: ['city', 'firstName'] });
  });

  it("counts 'From index' from 1 and refuses a range beyond the contacts", () => {
    expect(rangeOf({}, 10)).to.deep.equal({ start: 0, end: 10 });
    expect(rangeOf({ fromIndex: 3 }, 10)).to.deep.equal({ start: 2, end: 10 });
    expect(rangeOf({ fromIndex: 3, number: 8 }, 10)).to.deep.equal({ start: 2, end: 10 });
    expect(() => rangeOf({ fromIndex: 3, number: 9 }, 10)).to.throw().with.property('key', 'messaging.indexingWrong');
    expect(() => rangeOf({ fromIndex: 11 }, 10)).to.throw().with.property('key', 'messaging.indexingWrong');
    expect(() => rangeOf({ fromIndex: 1 }, 0)).to.throw();
  });
});
