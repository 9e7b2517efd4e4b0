/**
 * The origin a tile URL template loads from, for the CSP; null for a same-origin path, an empty or
 * unreadable value (a stored value from before validation must not widen the policy).
 */
export function mapTileOrigin(template: string): string | null {
  const value = template.trim();
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value.replace(/\{[zxy]\}/g, '0'));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
