import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DELIVERY_FLAGS, LINE_FLAGS, LINE_SWITCH_GROUPS } from '../../../client/src/features/lines/lines-api';
import { linesTexts } from '../../../client/src/features/lines/lines.i18n';

type Texts = { lines: { groups: Record<string, { title: string; hint?: string }>; flagHelp: Record<string, string>; flagNames: Record<string, string> } };

describe('line form: switches grouped, each with help', () => {
  it('places every switch of a line in exactly one group', () => {
    const placed = LINE_SWITCH_GROUPS.flatMap((g) => g.flags);
    expect([...placed].sort()).to.deep.equal([...new Set([...LINE_FLAGS, ...DELIVERY_FLAGS])].sort());
    expect(new Set(placed).size).to.equal(placed.length);
  });

  // Issue 23: the `later` group says its switches change nothing today, so it may hold only flags no
  // sending code reads (the modules that resolve lines and send: numbers, messaging, engage).
  it('keeps in "later" only switches no sending code reads', () => {
    const root = fileURLToPath(new URL('../../../server/modules/', import.meta.url));
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []);
    // The flag lists and schemas only name the fields; they act on nothing.
    const sources = ['numbers', 'messaging', 'engage'].flatMap((m) => files(path.join(root, m)))
      .filter((f) => !/line-fields\.ts$|\.schemas\.ts$|CONTEXT/.test(f)).map((f) => ({ f, text: readFileSync(f, 'utf8') }));
    const later = LINE_SWITCH_GROUPS.find((g) => g.key === 'later')!.flags;
    const read = later.flatMap((flag) => sources.filter((s) => new RegExp(`\\b${flag}\\b`).test(s.text)).map((s) => `${flag} in ${path.relative(root, s.f)}`));
    expect(read).to.deep.equal([]);
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
