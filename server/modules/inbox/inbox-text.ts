/**
 * How an inbound message's sender and line number are read. Encoding and parts come from the
 * shared SMS rules (`server/shared/sms`), so an inbound part counts exactly like an outbound one.
 */
import { normalizeIranMobile, toLatinDigits } from '../../shared/sms/phone-numbers.js';

/** An Iranian mobile in any usual form becomes 989XXXXXXXXX; anything else is kept as the gateway gave it. */
export function normalizeSender(from: string): string {
  const raw = from.trim();
  return normalizeIranMobile(raw) ?? raw;
}

/** The forms a line number may arrive in (as is, digits only, without the country prefix), best first. */
export function receiverCandidates(to: string): string[] {
  const raw = to.trim();
  const digits = toLatinDigits(raw).replace(/\D/g, '');
  const out = [raw, digits];
  const local = /^(?:0098|98)(\d{3,})$/.exec(digits);
  if (local) out.push(local[1]);
  return [...new Set(out.filter((s) => s !== ''))];
}
