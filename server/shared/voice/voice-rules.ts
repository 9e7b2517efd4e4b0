/**
 * Voice send rules the server prices with and the browser previews with (one copy, no imports).
 * Spec: a voice file is MP3 or WAV of at most 5 MB, and every 30 seconds of it is one SMS part.
 */

export const VOICE_SECONDS_PER_PART = 30;
export const VOICE_MAX_BYTES = 5 * 1024 * 1024;
export const VOICE_FILE_TYPES = ['mp3', 'wav'] as const;
/** The spec's sendingMethod: a recorded file (voiceFile) or text read out by the provider (voiceText). */
export const VOICE_SENDING_METHODS = ['File', 'Text'] as const;
export type VoiceSendingMethod = (typeof VOICE_SENDING_METHODS)[number];

/**
 * *(decided)* Text-to-speech length is estimated at 12 characters a second (Persian read aloud at
 * an ordinary pace), plus one second per `[delay]` marker; the provider's real length may differ,
 * the price is fixed by this estimate when the send is made.
 */
export const VOICE_TEXT_CHARS_PER_SECOND = 12;
export const VOICE_TEXT_MAX_LENGTH = 3_000;

/**
 * The spec's text-to-voice helpers. *(decided)* The five vowel/sign helpers insert the real Arabic
 * script combining marks (they attach to the letter before them and every Persian text-to-speech
 * engine reads them natively); `delay` inserts the marker `[delay]`, a one-second pause the voice
 * plugin turns into its provider's pause syntax.
 */
export const VOICE_HELPERS = {
  delay: '[delay]',
  fathe: '\u064E',
  zame: '\u064F',
  kasre: '\u0650',
  tashdid: '\u0651',
  sokoon: '\u0652',
} as const;
export type VoiceHelper = keyof typeof VOICE_HELPERS;
export const VOICE_DELAY_MARKER = VOICE_HELPERS.delay;
export const VOICE_DELAY_SECONDS = 1;

/** SMS parts a voice message of `seconds` costs per receiver: every started 30 seconds, at least one. */
export function voiceParts(seconds: number): number {
  if (!(seconds > 0)) return 1;
  return Math.max(1, Math.ceil(seconds / VOICE_SECONDS_PER_PART));
}

/** Whole seconds a file is priced at: a started second counts (30.2 s is 31 s, two parts). */
export function pricedSeconds(exactSeconds: number): number {
  return Math.max(1, Math.ceil(exactSeconds - 1e-6));
}

/** What a text-to-speech message speaks: without `[delay]` markers and vowel marks, spaces folded. */
export function spokenText(text: string): string {
  // Combining marks change how a letter sounds, not how long the text is.
  return text.split(VOICE_DELAY_MARKER).join('').replace(/[\u064B-\u0652]+/g, '').replace(/\s+/g, ' ').trim();
}

/** The estimated playing time of a text-to-speech message, in whole seconds (at least one). */
export function voiceTextSeconds(text: string): number {
  const delays = text.split(VOICE_DELAY_MARKER).length - 1;
  return Math.max(1, Math.ceil(spokenText(text).length / VOICE_TEXT_CHARS_PER_SECOND) + delays * VOICE_DELAY_SECONDS);
}
