import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDigits } from '../../shared/ui/use-digits';

/** Groups the digits of an integer decimal string by thousands ('-1250000' → '-1,250,000'). */
export function groupThousands(value: string): string {
  const negative = value.startsWith('-');
  const digits = negative ? value.slice(1) : value;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return negative ? `-${grouped}` : grouped;
}

/** Toman of an amount in rials (rials / 10, exact: a remainder shows as one decimal). */
export function toToman(rials: string): string {
  const negative = rials.startsWith('-');
  const digits = (negative ? rials.slice(1) : rials).replace(/^0+(?=\d)/, '');
  const whole = digits.length > 1 ? digits.slice(0, -1) : '0';
  const last = digits.slice(-1);
  const text = last === '0' || last === '' ? groupThousands(whole) : `${groupThousands(whole)}.${last}`;
  return negative && text !== '0' ? `-${text}` : text;
}

/** Formats rials and toman in the current language (Persian digits in fa). */
export function useMoney() {
  const digits = useDigits();
  const { t } = useTranslation('financial');
  const rial = useCallback((value: string | null | undefined) => (value == null ? '—' : `${digits(groupThousands(String(value)))} ${t('rial')}`), [digits, t]);
  const toman = useCallback((value: string | null | undefined) => (value == null ? '—' : `${digits(toToman(String(value)))} ${t('toman')}`), [digits, t]);
  return { rial, toman, digits };
}

/** An amount: rials, with toman beside it. */
export function Amount({ value, testId }: { value: string | null | undefined; testId?: string }) {
  const { rial, toman } = useMoney();
  return (
    <span data-testid={testId} data-value={value ?? ''}>
      <span className="font-medium">{rial(value)}</span>
      {value != null && <span className="ms-2 text-xs text-slate-500 dark:text-slate-400">({toman(value)})</span>}
    </span>
  );
}
