import { useTranslation } from 'react-i18next';
import { UI_NS } from '../ui.i18n';
import { toPersianDigits } from './to-latin-digits';
import type { ValidationMessage } from './validators';

/** An error given either as translated text or as a validator's message. */
export type FieldError = string | ValidationMessage | null | undefined;

/** Turns a FieldError into display text (validator keys are translated, Persian digits in fa). */
export function useFieldErrorText(error: FieldError): string | null {
  const { t, i18n } = useTranslation(UI_NS);
  if (!error) return null;
  if (typeof error === 'string') return error;
  const persian = (i18n.language ?? '').toLowerCase().includes('fa');
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(error.values ?? {})) values[k] = persian ? toPersianDigits(v) : v;
  return t(error.key, values) as string;
}
