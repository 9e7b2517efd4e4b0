import { toLatinDigits } from '../../../../../server/shared/sms/phone-numbers';

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

// One digit folding for server and client (server/shared/sms/phone-numbers.ts, dependency-free).
export { toLatinDigits };

/** Replaces Latin and Arabic-Indic digits with Persian digits. */
export function toPersianDigits(value: string | number): string {
  return toLatinDigits(String(value)).replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)]);
}

/** Keeps only Latin digits (after converting Persian/Arabic ones). */
export function digitsOnly(value: string): string {
  return toLatinDigits(value).replace(/[^0-9]/g, '');
}

/**
 * Sanitises typed numeric text: Persian/Arabic digits become Latin, everything else is dropped
 * except (optionally) one decimal point ('.' or Arabic '٫') and a leading '-'.
 */
export function sanitizeNumeric(raw: string, allowDecimal = false, allowNegative = false): string {
  const text = toLatinDigits(raw).replace(/\u066b/g, '.');
  let out = '';
  let dot = false;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && allowDecimal && !dot) {
      dot = true;
      out += ch;
    } else if (ch === '-' && allowNegative && out === '') out += ch;
  }
  return out;
}
