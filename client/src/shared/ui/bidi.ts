/**
 * Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): the same set the server
 * refuses in names (`format: 'name'`, server/platform/http/validation.ts). A name stored before
 * that rule could still carry them; shown as it is, "invoice\u202Efdp.exe" reads "invoiceexe.pdf".
 * The marks LRM, RLM, ALM and ZWNJ are ordinary Persian text and stay.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

const FSI = '\u2068';
const PDI = '\u2069';

export const stripBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');

/**
 * User text for places that hold plain text only (a native `<option>`, a sentence of the
 * catalogue built by i18next): FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, the plain-text
 * twin of `<bdi>`. Never for a value that goes back to the server (a form's default value): the
 * server refuses these characters in names.
 */
export const isolateText = (text: string | null | undefined): string => (text == null || text === '' ? '' : `${FSI}${stripBidiControls(text)}${PDI}`);
