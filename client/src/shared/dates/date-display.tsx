import { useTranslation } from 'react-i18next';
import {
  formatDateTime,
  formatLunarDate,
  formatTimeAgo,
  TEHRAN_TIME_ZONE,
  toInstant,
  type DateInput,
} from './jalali';

export type DateDisplayMode = 'dateTime' | 'date' | 'timeAgo' | 'lunar';

export interface DateDisplayProps {
  /** UTC ISO string (or epoch ms / Date). Nothing, or the fallback, is rendered when missing/invalid. */
  value: DateInput | null | undefined;
  /** 'dateTime' (default): fa ⇒ ۱۴۰۵/۰۹/۰۱ ۱۲:۳۰, en-US ⇒ 2026-11-22 12:30; 'date'; 'timeAgo'; 'lunar'. */
  mode?: DateDisplayMode;
  withSeconds?: boolean;
  /** Reference "now" for timeAgo (e.g. server time); defaults to Date.now(). */
  now?: DateInput;
  timeZone?: string;
  /** Already translated text for a missing value. */
  fallback?: string;
  className?: string;
  'data-testid'?: string;
}

/** Renders `<time dateTime="…Z">` in the current language; the full date/time is the tooltip. */
export const DateDisplay = ({
  value,
  mode = 'dateTime',
  withSeconds = false,
  now,
  timeZone = TEHRAN_TIME_ZONE,
  fallback,
  className,
  'data-testid': testId,
}: DateDisplayProps) => {
  const { i18n } = useTranslation();
  const language = i18n.language ?? 'fa';
  const date = toInstant(value);
  if (!date) return fallback ? <span className={className} data-testid={testId}>{fallback}</span> : null;
  const full = formatDateTime(date, language, { withSeconds, timeZone });
  let text: string;
  switch (mode) {
    case 'date':
      text = formatDateTime(date, language, { withTime: false, timeZone });
      break;
    case 'timeAgo':
      text = formatTimeAgo(date, language, now ?? Date.now());
      break;
    case 'lunar':
      text = formatLunarDate(date, language, timeZone);
      break;
    default:
      text = full;
  }
  return (
    <time
      dateTime={date.toISOString()}
      dir={language.toLowerCase().includes('fa') ? 'rtl' : 'ltr'}
      title={mode === 'dateTime' ? undefined : full}
      className={className}
      data-testid={testId}
    >
      {text}
    </time>
  );
};
