import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { tehranDayOf } from '../../shared/dates/jalali';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { Select } from '../../shared/ui/select/select';
import { useDigits } from '../../shared/ui/use-digits';
import type { FieldErrors } from '../admin-common/kit';

/** gradualPeriodic: a periodic definition whose occurrences go out gradually (sendSubType GradualPeriodic). */
export type TypeSend = 'direct' | 'gradual' | 'periodic' | 'gradualPeriodic';
/** The spec's SmsSentPeriodType. */
export type PeriodType = 'Minute' | 'Hour' | 'Daily' | 'Weekly' | 'Monthly' | 'Yearly';
const PERIOD_TYPES: PeriodType[] = ['Minute', 'Hour', 'Daily', 'Weekly', 'Monthly', 'Yearly'];
/** The server's rules for the frequent periods (messaging periodic-schedule.ts). */
export const MIN_MINUTE_PERIOD = 15;
export const MAX_FREQUENT_OCCURRENCES = 500;
const isFrequent = (p: PeriodType) => p === 'Minute' || p === 'Hour';
const isPeriodic = (k: TypeSend) => k === 'periodic' || k === 'gradualPeriodic';
const isGradual = (k: TypeSend) => k === 'gradual' || k === 'gradualPeriodic';
/** Iranian week order: Saturday = 0 … Friday = 6. */
const WEEK = [0, 1, 2, 3, 4, 5, 6];
export const GRADUAL_MIN_RECIPIENTS = 1000;

export interface SendKind {
  typeSend: TypeSend;
  gradualStepCount: string;
  gradualIntervalMinutes: string;
  periodType: PeriodType;
  period: string;
  daysOfWeek: number[];
  sendHour: string;
  sendMinute: string;
  /** UTC ISO of the chosen day's Tehran midnight (the picker's value), or null for today. */
  startDate: string | null;
  endDate: string | null;
  maxOccurrences: string;
}

export const INITIAL_SEND_KIND: SendKind = {
  typeSend: 'direct', gradualStepCount: '1000', gradualIntervalMinutes: '60', periodType: 'Daily', period: '1', daysOfWeek: WEEK,
  sendHour: '9', sendMinute: '0', startDate: null, endDate: null, maxOccurrences: '',
};

/** The Tehran calendar day of a picker value as the server takes it (YYYY-MM-DD). */
function tehranDay(iso: string | null): string | null {
  if (!iso) return null;
  return tehranDayOf(new Date(iso));
}

const int = (value: string): number | null => (value.trim() === '' ? null : Number(value));

/** The request fields of the chosen kind (ScheduledMessages/Create and the bulk variants). */
export function sendKindBody(kind: SendKind): Record<string, unknown> {
  const gradual = { gradualStepCount: int(kind.gradualStepCount), gradualIntervalMinutes: int(kind.gradualIntervalMinutes) };
  if (kind.typeSend === 'gradual') return { typeSend: 'gradual', ...gradual };
  if (isPeriodic(kind.typeSend)) {
    return {
      ...(kind.typeSend === 'gradualPeriodic' ? gradual : {}),
      typeSend: kind.typeSend, periodType: kind.periodType, period: int(kind.period) ?? 1, daysOfWeek: kind.daysOfWeek,
      sendHour: int(kind.sendHour) ?? 0, sendMinute: int(kind.sendMinute) ?? 0,
      startDate: tehranDay(kind.startDate), endDate: tehranDay(kind.endDate), maxOccurrences: int(kind.maxOccurrences),
    };
  }
  return { typeSend: 'direct' };
}

/** Client-side checks of the kind's fields (the server judges them again). */
export function checkSendKind(kind: SendKind, t: (key: string, options?: Record<string, unknown>) => string): FieldErrors {
  const out: FieldErrors = {};
  const positive = (v: string) => { const n = int(v); return n !== null && Number.isInteger(n) && n >= 1; };
  if (isGradual(kind.typeSend)) {
    if (!positive(kind.gradualStepCount)) out.gradualStepCount = t('gradual.atLeastOne');
    if (!positive(kind.gradualIntervalMinutes)) out.gradualIntervalMinutes = t('gradual.atLeastOne');
  }
  if (isPeriodic(kind.typeSend)) {
    if (kind.daysOfWeek.length === 0) out.daysOfWeek = t('periodic.noDay');
    if (!positive(kind.period)) out.period = t('gradual.atLeastOne');
    else if (kind.periodType === 'Minute' && (int(kind.period) ?? 0) < MIN_MINUTE_PERIOD) out.period = t('periodic.minutePeriod', { min: MIN_MINUTE_PERIOD });
    const hour = int(kind.sendHour);
    if (hour === null || !Number.isInteger(hour) || hour < 0 || hour > 23) out.sendHour = t('required');
    const minute = int(kind.sendMinute);
    if (minute === null || !Number.isInteger(minute) || minute < 0 || minute > 59) out.sendMinute = t('required');
    const start = tehranDay(kind.startDate);
    const end = tehranDay(kind.endDate);
    if (start && end && end < start) out.endDate = t('periodic.endBeforeStart');
    if (kind.maxOccurrences.trim() !== '' && !positive(kind.maxOccurrences)) out.maxOccurrences = t('gradual.atLeastOne');
    else if (isFrequent(kind.periodType) && (kind.maxOccurrences.trim() === '' || (int(kind.maxOccurrences) ?? 0) > MAX_FREQUENT_OCCURRENCES)) {
      out.maxOccurrences = t('periodic.frequentCap', { max: MAX_FREQUENT_OCCURRENCES });
    }
  }
  return out;
}

interface Props {
  value: SendKind;
  onChange: (next: SendKind) => void;
  /** Gradual needs 1,000 receivers: offered on the bulk screen only. */
  allowGradual: boolean;
  /** A phonebook send is direct or gradual only (its contacts are read when it is made). */
  allowPeriodic?: boolean;
  errors: FieldErrors;
}

/** Direct / gradual / periodic choice with the fields of each (the schedule section of the send screen). */
export function SendKindSection({ value, onChange, allowGradual, allowPeriodic = true, errors }: Props) {
  const { t } = useTranslation('sending');
  const digits = useDigits();
  const set = (patch: Partial<SendKind>) => onChange({ ...value, ...patch });
  const kinds = (['direct', 'gradual', 'periodic', 'gradualPeriodic'] as const)
    .filter((k) => (!isGradual(k) || allowGradual) && (!isPeriodic(k) || allowPeriodic));
  const hours = Array.from({ length: 24 }, (_, h) => ({ id: h, title: digits(String(h).padStart(2, '0')) }));
  return (
    <div className="grid gap-3" data-testid="send-kind">
      <div role="radiogroup" aria-label={t('typeSend.label')} className="flex flex-wrap gap-4">
        {kinds.map((k) => (
          <label key={k} className="flex items-center gap-1 text-sm">
            <input type="radio" name="send-type-send" value={k} checked={value.typeSend === k} onChange={() => set({ typeSend: k })} data-testid={`send-kind-${k}`} />
            {t(`typeSend.${k}`)}
          </label>
        ))}
      </div>
      {isGradual(value.typeSend) && (
        <div className="grid gap-2 sm:grid-cols-2" data-testid="send-gradual">
          <NumericInput id="send-gradual-step" data-testid="send-gradual-step" label={t('gradual.stepCount')} value={value.gradualStepCount} required
            onValueChange={(v) => set({ gradualStepCount: v })} error={errors.gradualStepCount} />
          <NumericInput id="send-gradual-interval" data-testid="send-gradual-interval" label={t('gradual.intervalMinutes')} value={value.gradualIntervalMinutes} required
            onValueChange={(v) => set({ gradualIntervalMinutes: v })} error={errors.gradualIntervalMinutes} />
          <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-300" data-testid="send-gradual-hint">
            {t('gradual.hint', { min: digits(GRADUAL_MIN_RECIPIENTS), count: digits(value.gradualStepCount || '0'), minutes: digits(value.gradualIntervalMinutes || '0') })}
          </p>
          {value.typeSend === 'gradualPeriodic' && (
            <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-300" data-testid="send-gradual-periodic-hint">
              {t('periodic.gradualPeriodicHint', { min: digits(GRADUAL_MIN_RECIPIENTS) })}
            </p>
          )}
        </div>
      )}
      {isPeriodic(value.typeSend) && (
        <div className="grid gap-3" data-testid="send-periodic">
          <div className="grid gap-2 sm:grid-cols-2">
            <Select id="send-periodic-type" data-testid="send-periodic-type" label={t('periodic.periodType')} required
              items={PERIOD_TYPES.map((p) => ({ id: p, title: t(`periodic.types.${p}`) }))} value={value.periodType}
              onChange={(v) => { if (v !== null) set({ periodType: v as PeriodType }); }} />
            <NumericInput id="send-periodic-every" data-testid="send-periodic-every" label={`${t('periodic.every')} (${t(`periodic.everyUnit.${value.periodType}`)})`}
              value={value.period} required onValueChange={(v) => set({ period: v })} error={errors.period} />
          </div>
          {value.periodType === 'Monthly' && <p className="text-sm text-slate-600 dark:text-slate-300">{t('periodic.monthlyHint')}</p>}
          {value.periodType === 'Yearly' && <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="send-periodic-yearly-hint">{t('periodic.yearlyHint')}</p>}
          {isFrequent(value.periodType) && (
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="send-periodic-frequent-hint">
              {t('periodic.frequentHint', { unit: t(`periodic.everyUnit.${value.periodType}`), min: digits(MIN_MINUTE_PERIOD), max: digits(MAX_FREQUENT_OCCURRENCES) })}
            </p>
          )}
          <fieldset data-testid="send-periodic-days" aria-invalid={errors.daysOfWeek ? true : undefined}>
            <legend className="mb-1 text-sm font-medium">{t('periodic.days')}<span className="text-red-600"> *</span></legend>
            <div className="flex flex-wrap gap-3">
              {WEEK.map((d) => (
                <label key={d} className="flex items-center gap-1 text-sm">
                  <input type="checkbox" checked={value.daysOfWeek.includes(d)} data-testid={`send-periodic-day-${d}`}
                    onChange={(e) => set({ daysOfWeek: e.target.checked ? [...value.daysOfWeek, d].sort() : value.daysOfWeek.filter((x) => x !== d) })} />
                  {t(`periodic.weekdays.${d}`)}
                </label>
              ))}
            </div>
            {errors.daysOfWeek && <p className="text-sm text-red-700" data-testid="send-periodic-days-error">{errors.daysOfWeek}</p>}
          </fieldset>
          <div className="grid gap-2 sm:grid-cols-2">
            <Select id="send-periodic-hour" data-testid="send-periodic-hour" label={t('periodic.hour')} required items={hours} value={int(value.sendHour) ?? ''}
              onChange={(v) => set({ sendHour: v === null ? '' : String(v) })} error={errors.sendHour} />
            <NumericInput id="send-periodic-minute" data-testid="send-periodic-minute" label={t('periodic.minute')} value={value.sendMinute}
              onValueChange={(v) => set({ sendMinute: v })} error={errors.sendMinute} />
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            <DateTimePicker id="send-periodic-start" data-testid="send-periodic-start" label={t('periodic.startDate')} hint={t('periodic.startDateHint')}
              value={value.startDate} withTime={false} onChange={(v) => set({ startDate: v })} error={errors.startDate} />
            <DateTimePicker id="send-periodic-end" data-testid="send-periodic-end" label={t('periodic.endDate')}
              value={value.endDate} withTime={false} onChange={(v) => set({ endDate: v })} error={errors.endDate} />
          </div>
          <NumericInput id="send-periodic-max" data-testid="send-periodic-max" value={value.maxOccurrences} required={isFrequent(value.periodType)}
            label={isFrequent(value.periodType) ? t('periodic.frequentMax', { max: digits(MAX_FREQUENT_OCCURRENCES) }) : t('periodic.maxOccurrences')}
            onValueChange={(v) => set({ maxOccurrences: v })} error={errors.maxOccurrences} />
        </div>
      )}
    </div>
  );
}
