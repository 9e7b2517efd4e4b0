/**
 * A posted value equals the stored one. Edit forms post unchanged fields back, so a guard that
 * refuses changing a field must compare with the stored value, not refuse the field's presence.
 */
export function sameAsStored(value: unknown, stored: unknown): boolean {
  if (stored instanceof Date) return typeof value === 'string' && Date.parse(value) === stored.getTime();
  // bigint columns (panelPrice) come back from the driver as strings.
  if (typeof value === 'number' && (typeof stored === 'string' || typeof stored === 'bigint')) return String(value) === String(stored);
  return value === stored;
}
