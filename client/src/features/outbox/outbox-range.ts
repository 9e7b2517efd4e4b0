/** The outbox's date range rule, shared by the send list's filter and the advanced search. */
const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 90;

/** The pickers' values: the UTC instants of the chosen Tehran days' midnights. */
export interface DateRange { fromDate: string | null; toDate: string | null }

/** The spec's outbox range rule (start and end together, under 90 days); null when valid. */
export function rangeError(f: DateRange): 'bothDates' | 'rangeOrder' | 'rangeTooLong' | null {
  if (!f.fromDate && !f.toDate) return null;
  if (!f.fromDate || !f.toDate) return 'bothDates';
  const span = new Date(f.toDate).getTime() - new Date(f.fromDate).getTime();
  if (span < 0) return 'rangeOrder';
  // Both ends are whole days (the end day included), so at most 90 calendar days.
  return span > (MAX_RANGE_DAYS - 1) * DAY_MS ? 'rangeTooLong' : null;
}

/** The picker gives the start of the chosen day; the range includes the whole end day. */
export const endOfDay = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() + DAY_MS - 1).toISOString() : undefined);
