import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toLatinDigits, toPersianDigits } from './form/to-latin-digits';

/** Returns a function that writes numbers with Persian digits in fa and Latin digits otherwise. */
export function useDigits(): (value: string | number) => string {
  const { i18n } = useTranslation();
  const persian = (i18n.language ?? '').toLowerCase().includes('fa');
  return useCallback(
    (value: string | number) => (persian ? toPersianDigits(value) : toLatinDigits(String(value))),
    [persian],
  );
}
