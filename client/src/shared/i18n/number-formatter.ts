import type { FormatterModule } from 'i18next';
import { toPersianDigits } from '../ui/form/to-latin-digits';

const persian = (language: string | undefined): boolean => (language ?? '').toLowerCase().includes('fa');

/** A number as the language writes it: Persian digits in fa; `grouped` adds thousands separators. */
export function localizeNumber(value: number | bigint, language: string | undefined, grouped = false): string {
  const text = grouped ? value.toLocaleString('en-US', { maximumFractionDigits: 20 }) : String(value);
  return persian(language) ? toPersianDigits(text) : text;
}

/**
 * i18next's formatter, called for every interpolated value (`alwaysFormat`): a number passed to
 * t() comes out in the sentence's language, so no caller can leak Latin digits into Persian text
 * by forgetting to convert. Strings pass unchanged: they may be user text, a phone number typed
 * in Latin digits, or already localized. `{{n, number}}` also groups thousands.
 */
export const numberFormatter: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format(value, format, lng) {
    if (typeof value !== 'number' && typeof value !== 'bigint') return value;
    if (typeof value === 'number' && !Number.isFinite(value)) return value;
    return localizeNumber(value, lng, format === 'number');
  },
};
