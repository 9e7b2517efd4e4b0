/**
 * Iranian mobile prefixes per operator, as data in one place. Source: the operators' published
 * number ranges as allocated by the Communications Regulatory Authority (CRA) numbering plan,
 * as commonly listed in 2025 (MCI "Hamrah-e Aval", MTN Irancell, RighTel, and the MVNOs that the
 * billing module prices as "other"). Prefixes are written without the leading 0 and matched
 * longest first against the national number (the 10 digits after 98).
 * Keep this file free of imports: the browser client reads it too.
 */

/** Every operator a recipient is counted and priced under (billing's tariff columns). */
export const OPERATORS = ['mci', 'irancell', 'rightel', 'other', 'international'] as const;
export type MobileOperator = (typeof OPERATORS)[number];
/** The operators a smart send can target, each with its own tariff percentage. */
export const SMART_OPERATORS = ['mci', 'irancell', 'rightel'] as const satisfies readonly MobileOperator[];

export const IRAN_MOBILE_PREFIXES: Readonly<Record<string, Exclude<MobileOperator, 'international'>>> = {
  // MCI
  '910': 'mci', '911': 'mci', '912': 'mci', '913': 'mci', '914': 'mci', '915': 'mci', '916': 'mci', '917': 'mci', '918': 'mci', '919': 'mci',
  '990': 'mci', '991': 'mci', '992': 'mci', '993': 'mci', '994': 'mci', '995': 'mci', '996': 'mci',
  // Taliya's range: its subscribers were moved onto MCI's network when Taliya was wound up, so
  // 0932 numbers are MCI's to price and route (they were counted as "other" before).
  '932': 'mci',
  // MTN Irancell
  '900': 'irancell', '901': 'irancell', '902': 'irancell', '903': 'irancell', '904': 'irancell', '905': 'irancell',
  '930': 'irancell', '933': 'irancell', '935': 'irancell', '936': 'irancell', '937': 'irancell', '938': 'irancell', '939': 'irancell', '941': 'irancell',
  // RighTel
  '920': 'rightel', '921': 'rightel', '922': 'rightel', '923': 'rightel',
  // MVNOs and smaller operators (Kish TKC, Shatel Mobile, Samantel, ApTel, Arian Tel ...). Not
  // verified against the CRA plan here (no access from this machine): 9955 (read as MCI through
  // '995') and the 999x split are the doubtful entries; correct them here when the plan says so.
  '934': 'other', '998': 'other', '999': 'other',
  '9981': 'other', '9990': 'other', '9998': 'other', '9999': 'other',
};

const LONGEST = Math.max(...Object.keys(IRAN_MOBILE_PREFIXES).map((p) => p.length));

/** The operator of a normalized number (`98` + 10 digits, or another country's digits). */
export function operatorOfNumber(normalized: string): MobileOperator {
  if (!(normalized.length === 12 && normalized.startsWith('989'))) return 'international';
  const national = normalized.slice(2);
  for (let len = LONGEST; len >= 3; len--) {
    const op = IRAN_MOBILE_PREFIXES[national.slice(0, len)];
    if (op) return op;
  }
  return 'other';
}
