import { expect } from 'chai';
import { DELIVERY_FLAGS, LINE_FLAGS, LINE_SWITCH_GROUPS } from '../../../client/src/features/lines/lines-api';
import { linesTexts } from '../../../client/src/features/lines/lines.i18n';

type Texts = { lines: { groups: Record<string, { title: string; hint?: string }>; flagHelp: Record<string, string>; flagNames: Record<string, string> } };

describe('line form: switches grouped, each with help', () => {
  it('places every switch of a line in exactly one group', () => {
    const placed = LINE_SWITCH_GROUPS.flatMap((g) => g.flags);
    expect([...placed].sort()).to.deep.equal([...new Set([...LINE_FLAGS, ...DELIVERY_FLAGS])].sort());
    expect(new Set(placed).size).to.equal(placed.length);
  });

  for (const language of ['fa', 'en'] as const) {
    it(`names every group and explains every switch in ${language}`, () => {
      const texts = (linesTexts[language] as unknown as Texts).lines;
      for (const g of LINE_SWITCH_GROUPS) {
        expect(texts.groups[g.key]?.title, `title of ${g.key}`).to.be.a('string').and.not.empty;
        expect(texts.groups[g.key]?.hint, `sentence of ${g.key}`).to.be.a('string').and.not.empty;
        for (const f of g.flags) {
          expect(texts.flagNames[f], `name of ${f}`).to.be.a('string').and.not.empty;
          expect(texts.flagHelp[f], `help of ${f}`).to.be.a('string').and.not.empty;
          expect(texts.flagHelp[f].length, `help of ${f} stays short`).to.be.below(130);
        }
      }
    });
  }
});
