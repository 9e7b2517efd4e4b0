import { expect } from 'chai';
import { HEALTH_NOTE_CODES, HEALTH_NOTE_ENGLISH, healthNote, healthNotesText } from '../../../server/shared/lines/gateway-health-notes';
import { linesTexts } from '../../../client/src/features/lines/lines.i18n';

type Notes = { agents: { notes: Record<string, string> } };
const placeholders = (text: string, open: string, close: string) =>
  new Set([...text.matchAll(new RegExp(`${open}(\\w+)${close}`, 'g'))].map((m) => m[1]));

// Issue 23 item 5: a gateway's health is said in the panel's language, from codes.
describe('gateway health notes: the panel words every code', () => {
  for (const language of ['fa', 'en'] as const) {
    it(`has a ${language} text for every code, naming only the parameters the code carries`, () => {
      const notes = (linesTexts[language] as unknown as Notes).agents.notes;
      expect(Object.keys(notes).sort()).to.deep.equal([...HEALTH_NOTE_CODES].sort());
      for (const code of HEALTH_NOTE_CODES) {
        const given = placeholders(HEALTH_NOTE_ENGLISH[code], '\\{', '\\}');
        // bindRefused carries the status twice: its name for Persian, with the English meaning for English.
        if (code === 'bindRefused') given.add('statusName');
        for (const name of placeholders(notes[code]!, '\\{\\{', '\\}\\}')) expect(given.has(name), `${language} ${code}: {{${name}}}`).to.equal(true);
      }
    });
  }

  it('keeps the English detail as it always read', () => {
    const notes = [healthNote('bindsBound', { bound: 0, total: 1 }), healthNote('connectionRefused', { address: '127.0.0.1:2799' })];
    expect(healthNotesText(notes)).to.equal('0/1 binds bound; connection refused 127.0.0.1:2799');
  });
});
