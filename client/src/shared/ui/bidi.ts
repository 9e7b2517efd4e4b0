import { stripBidiControls } from '../../../../server/shared/text/bidi-controls';

const FSI = '\u2068';
const PDI = '\u2069';

// Names stored before the server refused bidi controls may still carry them (server/shared/text/bidi-controls.ts).
export { stripBidiControls };

/**
 * User text for places that hold plain text only (a native `<option>`, a sentence of the
 * catalogue built by i18next): FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, the plain-text
 * twin of `<bdi>`. Never for a value that goes back to the server (a form's default value): the
 * server refuses these characters in names.
 */
export const isolateText = (text: string | null | undefined): string => (text == null || text === '' ? '' : `${FSI}${stripBidiControls(text)}${PDI}`);
