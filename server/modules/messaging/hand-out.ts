import type { SendRow } from './sends.repository.js';
import { DISPATCH_QUEUE_STATUSES } from './statuses.js';

/** No estimate before the send has been handing out this long: the first chunks' rate says little. */
const MIN_ELAPSED_MS = 2_000;
/** ... nor before this share of its receivers is handed out (a gradual send's first step). */
const MIN_SHARE = 0.01;

/**
 * How far a send is in handing its receivers to the operator — never delivery, which comes later
 * by report — and when that is expected to end. `active` while the send is in dispatch with
 * receivers not handed out yet; `endsAt`/`secondsLeft` null while active means "estimating"
 * (and always when not active).
 */
export interface HandOut {
  active: boolean;
  /** Receivers that left the queue: accepted by the operator (sent), refused or never sent (failed), or cancelled. */
  handedOutCount: number;
  /** handedOutCount of recipientCount, 0..100 rounded down (100 only when all are). */
  percent: number;
  endsAt: string | null;
  secondsLeft: number | null;
}

type Counts = Pick<SendRow, 'queueStatus' | 'recipientCount'> & { sentCount?: unknown; failedCount?: unknown; canceledCount?: unknown; dateTimeStart?: unknown };

/**
 * *(decided, issue 23 item 10)* The estimate is the send's average rate since dispatch began
 * (`dateTimeStart`): remaining ÷ (handed out ÷ elapsed). It needs no state, so every process and a
 * freshly opened page answer the same at once; it includes extraction and a gradual send's pauses,
 * so it is the send's own pace, slightly pessimistic at first and exact toward the end.
 */
export function handOutOf(send: Counts, now: Date): HandOut {
  const total = send.recipientCount;
  const handedOutCount = Math.min(total, Number(send.sentCount ?? 0) + Number(send.failedCount ?? 0) + Number(send.canceledCount ?? 0));
  const percent = total > 0 ? Math.floor((handedOutCount / total) * 100) : 100;
  const active = (DISPATCH_QUEUE_STATUSES as readonly string[]).includes(send.queueStatus) && handedOutCount < total;
  const none = { active, handedOutCount, percent, endsAt: null, secondsLeft: null };
  if (!active || !send.dateTimeStart) return none;
  const elapsed = now.getTime() - new Date(send.dateTimeStart as string | Date).getTime();
  if (elapsed < MIN_ELAPSED_MS || handedOutCount === 0 || handedOutCount < total * MIN_SHARE) return none;
  const leftMs = ((total - handedOutCount) * elapsed) / handedOutCount;
  return { active, handedOutCount, percent, endsAt: new Date(now.getTime() + leftMs).toISOString(), secondsLeft: Math.ceil(leftMs / 1000) };
}
