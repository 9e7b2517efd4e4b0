/**
 * RFM's point rule, shared by the nightly job and the strategy screen (which shows what a value
 * would earn): a value earns the points of the range of its index that holds it, bounds included,
 * an open end reaching any larger value; a value no range holds earns 0, and so does a customer
 * without a send for recency (there is no "days since" to place).
 */
export const RFM_INDEXES = ['recency', 'frequency', 'monetary'] as const;
export type RfmIndexName = (typeof RFM_INDEXES)[number];

/** The window: the whole Tehran days before the run's day. */
export const RFM_WINDOW_DAYS = 90;

export interface RfmRange {
  index: RfmIndexName;
  range: number;
  valueStartRange: bigint;
  valueEndRange: bigint | null;
  point: number;
}

export function pointFor(ranges: readonly RfmRange[], index: RfmIndexName, value: bigint | null): number {
  if (value === null) return 0;
  for (const r of ranges) {
    if (r.index !== index) continue;
    if (value >= r.valueStartRange && (r.valueEndRange === null || value <= r.valueEndRange)) return r.point;
  }
  return 0;
}
