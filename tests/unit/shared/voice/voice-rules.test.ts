import { expect } from 'chai';
import { pricedSeconds, spokenText, voiceParts, voiceTextSeconds, VOICE_HELPERS } from '../../../../server/shared/voice/voice-rules.js';

describe('Voice rules: 30 seconds per part', () => {
  it('counts every started 30 seconds as one part, at least one', () => {
    expect(voiceParts(1)).to.equal(1);
    expect(voiceParts(30)).to.equal(1);
    expect(voiceParts(31)).to.equal(2);
    expect(voiceParts(60)).to.equal(2);
    expect(voiceParts(61)).to.equal(3);
    expect(voiceParts(0)).to.equal(1);
  });

  it('prices a file at its whole seconds, a started second counting', () => {
    expect(pricedSeconds(30)).to.equal(30);
    expect(pricedSeconds(30.2)).to.equal(31);
    expect(pricedSeconds(0.1)).to.equal(1);
    expect(voiceParts(pricedSeconds(30.0000001))).to.equal(1);
  });

  it('estimates text at 12 characters a second plus one second per delay, ignoring the vowel marks', () => {
    expect(voiceTextSeconds('سلام')).to.equal(1);
    expect(voiceTextSeconds('a'.repeat(24))).to.equal(2);
    expect(voiceTextSeconds('a'.repeat(25))).to.equal(3);
    expect(voiceTextSeconds(`${'a'.repeat(24)}${VOICE_HELPERS.delay}${VOICE_HELPERS.delay}`)).to.equal(4);
    const marked = `ب${VOICE_HELPERS.kasre}ب${VOICE_HELPERS.tashdid}${VOICE_HELPERS.fathe}`.repeat(6);
    expect(voiceTextSeconds(marked)).to.equal(1);
    expect(voiceParts(voiceTextSeconds('x'.repeat(12 * 31)))).to.equal(2);
  });

  it('finds nothing to speak in pauses, vowel marks and spaces alone', () => {
    expect(spokenText(`${VOICE_HELPERS.delay} ${VOICE_HELPERS.delay}`)).to.equal('');
    expect(spokenText(`${VOICE_HELPERS.fathe}${VOICE_HELPERS.sokoon} `)).to.equal('');
    expect(spokenText(`${VOICE_HELPERS.delay}ب${VOICE_HELPERS.kasre}  ا`)).to.equal('ب ا');
  });
});
