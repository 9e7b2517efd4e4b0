import { useTranslation } from 'react-i18next';
import { cx } from '../ui/class-names';
import { NumericInput } from '../ui/form/numeric-input';
import { UI_NS } from '../ui/ui.i18n';
import { CALENDAR_KINDS, type CalendarKind } from './jalali';

/** The solar / Gregorian / lunar choice at the top of the date picker's panel. */
export function CalendarChoice({ calendar, onChange, testId }: { calendar: CalendarKind; onChange(kind: CalendarKind): void; testId?: (suffix: string) => string | undefined }) {
  const { t } = useTranslation(UI_NS);
  return (
    <div role="radiogroup" aria-label={t('dates.calendar') as string} className="mb-2 flex gap-1">
      {CALENDAR_KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          role="radio"
          aria-checked={calendar === kind}
          onClick={() => onChange(kind)}
          className={cx(
            'flex-1 rounded-md px-2 py-1 text-xs',
            calendar === kind
              ? 'bg-blue-600 text-white dark:bg-blue-500 dark:text-gray-950'
              : 'bg-gray-100 text-gray-700 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-200',
          )}
          data-testid={testId?.(`calendar-${kind}`)}
        >
          {t(`dates.${kind}`)}
        </button>
      ))}
    </div>
  );
}

/** Hour and minute of the date picker, always left to right (a time reads 14:05 in Persian too). */
export function TimeFields({ hour, minute, onChange, testId }: {
  hour: string; minute: string; onChange(part: 'hour' | 'minute', raw: string): void; testId?: (suffix: string) => string | undefined;
}) {
  const { t } = useTranslation(UI_NS);
  return (
    <div className="mt-2 flex items-end gap-2" dir="ltr">
      <NumericInput
        label={t('dates.hour') as string}
        value={hour}
        onValueChange={(v) => onChange('hour', v)}
        maxLength={2}
        className="w-20"
        data-testid={testId?.('hour')}
      />
      <span className="pb-2" aria-hidden="true">
        :
      </span>
      <NumericInput
        label={t('dates.minute') as string}
        value={minute}
        onValueChange={(v) => onChange('minute', v)}
        maxLength={2}
        className="w-20"
        data-testid={testId?.('minute')}
      />
    </div>
  );
}
