import { normalizeMobile, splitRecipients, toLatinDigits } from '../../../../server/shared/sms/phone-numbers';

/**
 * What was typed or pasted into the single mobile field, as numbers. The separators are the
 * server's (newline, comma, Persian comma, semicolon, tab: splitRecipients). A piece between them
 * that reads as one number with its spaces ("0912 123 4567") is one number; otherwise its
 * space-separated parts are numbers of their own ("09121110081 09121110082").
 */
export function mobilesIn(text: string): string[] {
  const out: string[] = [];
  for (const piece of splitRecipients(toLatinDigits(text))) {
    if (normalizeMobile(piece)) out.push(piece.replace(/[\s-]/g, ''));
    else out.push(...piece.split(/\s+/).filter(Boolean));
  }
  return out;
}

export interface MobileListChange {
  /** The list with the new valid numbers appended, in the order given. */
  list: string[];
  added: string[];
  /** Already in the list (the same number in any form: 0912…, +98912…, 98912…) or given twice. */
  duplicates: string[];
  invalid: string[];
}

/** Adds the numbers in `text` to `list`: valid ones once each, the rest reported. */
export function addMobiles(list: readonly string[], text: string): MobileListChange {
  const seen = new Set(list.map((m) => normalizeMobile(m)?.number ?? m));
  const added: string[] = [];
  const duplicates: string[] = [];
  const invalid: string[] = [];
  for (const mobile of mobilesIn(text)) {
    const normalized = normalizeMobile(mobile);
    if (!normalized) invalid.push(mobile);
    else if (seen.has(normalized.number)) duplicates.push(mobile);
    else {
      seen.add(normalized.number);
      added.push(mobile);
    }
  }
  return { list: [...list, ...added], added, duplicates, invalid };
}
