/**
 * Calendar days as epoch day numbers (UTC midnight / 86,400,000): the arithmetic every schedule and
 * range in Peyk does on `YYYY-MM-DD` days (periodic sends, dashboard ranges). No imports: usable by
 * any module and the browser.
 */
export const DAY_MS = 86_400_000;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch day number of a `YYYY-MM-DD` day; NaN when it is not a real calendar day. */
export function dayNumber(day: string): number {
  const m = DAY_PATTERN.exec(day);
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return Number.NaN;
  return ms / DAY_MS;
}

/** The `YYYY-MM-DD` of an epoch day number. */
export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
