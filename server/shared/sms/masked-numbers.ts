/**
 * Receivers a customer must never see (a regional send's, picked from the number bank): every path
 * that answers a receiver's number answers it masked. No imports: messaging, developer (webhooks,
 * REST v1) and the browser use one rule.
 */

/** `989121234567` → `98912***4567`: the country code, the operator prefix and the last four digits stay. */
export function maskMobile(number: string): string {
  const digits = String(number);
  if (digits.length < 9) return '***';
  return `${digits.slice(0, digits.length - 7)}***${digits.slice(-4)}`;
}

/**
 * `value` with every form of `number` in its strings masked (98…, 0…, +98…, the bare ten digits
 * all contain its last ten digits): a delivery report's raw receipt or a webhook body may carry
 * the number in any of them.
 */
export function hideNumberIn<T>(value: T, number: string): T {
  const tail = String(number).slice(-10);
  if (tail.length < 10) return value;
  const masked = `${tail.slice(0, 3)}***${tail.slice(-4)}`;
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
