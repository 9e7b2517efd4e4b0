/**
 * The spec's SendPriority, lowest first, and how a send stores it (`sends.priority`, migration 0104):
 * the value's position in this list, so the dispatcher's pick orders by a small integer. No
 * imports: the browser bundle reads this file too.
 */
export const SEND_PRIORITIES = ['Lowest', 'VeryLow', 'Low', 'Normal', 'AboveNormal', 'High', 'VeryHigh', 'Highest'] as const;
export type SendPriority = (typeof SEND_PRIORITIES)[number];

/** What every send stores unless it says otherwise (and every send stored before 0104 reads as). */
export const NORMAL_PRIORITY_RANK = 3;

/** The stored rank of a priority (Normal for anything unknown: a rank is never guessed upward). */
export function priorityRank(priority: string | null | undefined): number {
  const i = SEND_PRIORITIES.indexOf(priority as SendPriority);
  return i < 0 ? NORMAL_PRIORITY_RANK : i;
}

/** The spec's name of a stored rank. */
export function priorityOfRank(rank: number | null | undefined): SendPriority {
  return SEND_PRIORITIES[Number(rank ?? NORMAL_PRIORITY_RANK)] ?? 'Normal';
}
