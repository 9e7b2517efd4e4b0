import { expect } from 'chai';
import { compileColumnTemplate, compileTemplate, parseTemplate, placeholderNames } from '../../../server/modules/messaging/compose/dynamic-template.js';
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
