import { expect } from 'chai';
import { parseTemplate, parseTemplateIn, toBraces } from '../../../../server/shared/text/template-placeholders.js';

describe('dynamic template formats: Braces and Brackets read alike, written back as Braces', () => {
  it('Brackets: [name] is a placeholder, [[ and ]] literal brackets, braces and other brackets plain text', () => {
    expect(parseTemplateIn('Brackets', 'Hi [firstName], code [[VIP]] {x} [1a] [')).to.deep.equal(['Hi ', { name: 'firstName' }, ', code [VIP] {x} [1a] [']);
  });

  it('Braces is the dynamic send\'s own syntax', () => {
    expect(parseTemplateIn('Braces', 'Hi {firstName} {{x}} [y]')).to.deep.equal(parseTemplate('Hi {firstName} {{x}} [y]'));
  });

  it('toBraces doubles literal braces, so the Braces reading gives the same parts back', () => {
    const parts = parseTemplateIn('Brackets', '{json: [City]} }{ [[ok]]');
    const braces = toBraces(parts);
    expect(braces).to.equal('{{json: {City}}} }}{{ [ok]');
    expect(parseTemplate(braces)).to.deep.equal(parts);
  });
});
