/**
 * Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder the text
 * around them, so "invoice\u202Efdp.exe" reads "invoiceexe.pdf". The server refuses them in names
 * (`format: 'name'`); the client strips them from names stored before that rule. The marks LRM,
 * RLM, ALM and ZWNJ are NOT here: Persian keyboards insert them and they reorder no letters.
 */
export const BIDI_CONTROL_CLASS = '[\\u202A-\\u202E\\u2066-\\u2069]';

export function hasBidiControls(text: string): boolean {
  return new RegExp(BIDI_CONTROL_CLASS).test(text);
}

export function stripBidiControls(text: string): string {
  return text.replace(new RegExp(BIDI_CONTROL_CLASS, 'g'), '');
}
