import { toLatinDigits } from '../form/to-latin-digits';

/** True when the typed text (Persian/Arabic digits, spaces allowed) equals the number the server sent. */
export const confirmationNumberMatches = (typed: string, expected: string): boolean => {
  const a = toLatinDigits(typed).replace(/\s/g, '');
  return a !== '' && a === toLatinDigits(expected).replace(/\s/g, '');
};
