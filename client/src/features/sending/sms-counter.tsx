import { useTranslation } from 'react-i18next';
import { useDigits } from '../../shared/ui/use-digits';
// The server's own part counter (no imports): the live count and the price can never disagree.
import { countParts, specEncoding } from '../../../../server/shared/sms/sms-text';

/** Characters, parts and what is left of the last part, right for Persian (UCS-2: 70/67). */
export function SmsCounter({ text }: { text: string }) {
  const { t } = useTranslation('sending');
  const digits = useDigits();
  const c = countParts(text);
  return (
    <p className="mt-1 text-xs text-slate-600 dark:text-slate-300" aria-live="polite" data-testid="send-counter"
      data-parts={c.parts} data-length={c.length} data-encoding={c.encoding}>
      {t('counter', { length: digits(c.length), parts: digits(c.parts), remaining: digits(c.remaining), encoding: t(`encodings.${specEncoding(c.encoding)}`) })}
    </p>
  );
}
