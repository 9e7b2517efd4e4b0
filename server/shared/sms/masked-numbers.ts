/**
 * Numbers a reader must not see whole, by one rule: a regional send's receivers (picked from the
 * number bank) on every path that answers them, replies from them, and a phonebook's contacts when
 * it hides numbers from this reader (contacts' isShowNumber). No imports: messaging, developer
 * (webhooks, REST v1), inbound, contacts (and the browser, should it mask) use one rule.
 */

/**
 * `989121234567` → `98912***4567`: the country code, the operator prefix and the last four digits
 * stay, so a person can still tell rows apart. A shorter number (a landline `02188776655` →
 * `02188**6655`; seven digits `12***67`) keeps its first two and last two to four digits; four or
 * fewer are all stars.
 */
export function maskMobile(number: string): string {
  const digits = String(number);
  const n = digits.length;
  if (n <= 4) return '*'.repeat(n);
  if (n < 10) return `${digits.slice(0, 2)}${'*'.repeat(n - 4)}${digits.slice(-2)}`;
  return `${digits.slice(0, 5)}${'*'.repeat(n - 9)}${digits.slice(-4)}`;
}

/**
 * `value` with every form of `number` in its strings masked (98…, 0…, +98…, the bare ten digits
 * all contain its last ten digits): a delivery report's raw receipt or a webhook body may carry
 * the number in any of them.
 */
export function hideNumberIn<T>(value: T, number: string): T {
  const tail = String(number).slice(-10);
  if (tail.length < 10) return value;
  // The ten digits as they stand inside the 98 form's mask, so every form reads like `maskMobile`'s.
  const masked = maskMobile(`98${tail}`).slice(2);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.split(tail).join(masked);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object' && !(v instanceof Date)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/**
 * An inbound message as shown outside the store (inbox list and push, exports, forwards,
 * webhooks, SMPP): its sender masked, in the text too, when it was a hidden receiver
 * (`isHiddenSender`, inbound's CONTEXT.md "Hidden senders").
 */
export function shownSender<T extends { senderMobile: string; smsText: string; isHiddenSender?: boolean }>(row: T): T {
  if (!row.isHiddenSender) return row;
  return { ...row, senderMobile: maskMobile(row.senderMobile), smsText: hideNumberIn(row.smsText, row.senderMobile) };
}

/**
 * A send's receiver as shown outside the store (the outbox list and delivery report, the advanced
 * search and every outbox export, REST v1, delivery webhooks): as stored, or, when its send hides
 * its receivers (`hidden`: `sends.isHiddenReceivers`, a regional send or its resend), its
 * `toNumber` masked and every form of the number masked inside the rest of the row (the raw
 * receipt too).
 */
export function shownReceiver<T extends { toNumber?: unknown }>(row: T, hidden: boolean | undefined): T {
  if (!hidden) return row;
  const number = String(row.toNumber ?? '');
  return { ...hideNumberIn(row, number), toNumber: maskMobile(number) };
}
