/** What a club message may name: the customer, this purchase, and the member's totals after it. */
export const CLUB_PLACEHOLDERS = ['name', 'amount', 'points', 'totalPoints', 'totalAmount', 'purchaseCount'] as const;
export type ClubPlaceholder = (typeof CLUB_PLACEHOLDERS)[number];

const PATTERN = /\{(\w+)\}/g;

/** Placeholder names in a text that a club message cannot fill (matched in any case). */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set(CLUB_PLACEHOLDERS.map((p) => p.toLowerCase()));
  const out = new Set<string>();
  for (const m of text.matchAll(PATTERN)) if (!known.has(m[1].toLowerCase())) out.add(m[1]);
  return [...out];
}

/** The message with its placeholders filled (a missing name reads as nothing). */
export function renderClubText(text: string, values: Record<ClubPlaceholder, string | number | null>): string {
  const byLower = new Map(Object.entries(values).map(([k, v]) => [k.toLowerCase(), v]));
  return text.replace(PATTERN, (whole, name: string) => {
    if (!byLower.has(name.toLowerCase())) return whole;
    const v = byLower.get(name.toLowerCase());
    return v === null || v === undefined ? '' : String(v);
  }).replace(/ {2,}/g, ' ').trim();
}
