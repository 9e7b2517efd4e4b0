const PERSIAN_ZERO = 0x06f0; // ۰
const ARABIC_ZERO = 0x0660; // ٠
const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** Replaces Persian (۰-۹) and Arabic-Indic (٠-٩) digits with Latin digits; other characters stay. */
export function toLatinDigits(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code >= PERSIAN_ZERO && code <= PERSIAN_ZERO + 9) out += String(code - PERSIAN_ZERO);
    else if (code >= ARABIC_ZERO && code <= ARABIC_ZERO + 9) out += String(code - ARABIC_ZERO);
    else out += ch;
  }
  return out;
}

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
