import { inject, injectable } from 'inversify';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { TYPES } from '../../../platform/tokens.js';
import type { JobQueue, QueueFactory } from '../../../platform/queue.js';
import { SINGLE_LANE_TYPES, type SendRow } from '../sends.repository.js';

export interface BatchJob {
  sendId: number;
  fromSeq: number;
  toSeq: number;
  /** How often this job already came back because another worker held its range. */
  waits?: number;
}

/** Receivers per queue job; a job is the unit a crashed worker's successor takes over. */
export const BATCH_SIZE = 1_000;
const DISPATCH_QUEUE = 'dispatch';
const SINGLE_DISPATCH_QUEUE = 'dispatch-single';
export type Lane = 'bulk' | 'single';

/** One-receiver Single and Api sends (the REST API's and SMPP server's, issue 30 part 3) take the single lane. */
export function laneOf(send: SendRow): Lane {
  return (SINGLE_LANE_TYPES as readonly string[]).includes(send.sendType) && send.recipientCount <= 1 ? 'single' : 'bulk';
}

/**
 * The step of a gradual send a receiver belongs to: when it is due and where the step ends.
 * Null for any other send (everything is due at once).
 */
export function gradualStep(send: SendRow, seq: number): { index: number; dueAt: number; endSeq: number } | null {
  const size = Number(send.gradualStepCount ?? 0);
  const minutes = Number(send.gradualIntervalMinutes ?? 0);
  if (!(size > 0) || !(minutes > 0)) return null;
  const index = Math.floor(seq / size);
  return { index, dueAt: new Date(send.dateTimeSend).getTime() + index * minutes * 60_000, endSeq: (index + 1) * size };
}

/**
 * The two range-job queues every dispatch piece shares (the due-send scheduler enqueues, the range
 * worker and the single-send lane enqueue again), and the one name this process's leases carry.
 */
@injectable()
export class DispatchQueues {
  private queue: JobQueue<BatchJob> | null = null;
  private singleQueue: JobQueue<BatchJob> | null = null;
  /** Names this process in the leases it holds (for people reading the table; the fence decides). */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(@inject(TYPES.QueueFactory) private readonly queues: QueueFactory) {}

  /**
   * Two lanes with their own workers: one-receiver single sends (OTPs, API and SMPP sends) never
   * wait behind the range jobs of a million-receiver bulk send, which would otherwise fill the one
   * queue for minutes.
   */
  dispatchQueue(lane: Lane = 'bulk'): JobQueue<BatchJob> {
    if (lane === 'single') {
      this.singleQueue ??= this.queues.queue<BatchJob>(SINGLE_DISPATCH_QUEUE);
      return this.singleQueue;
    }
    this.queue ??= this.queues.queue<BatchJob>(DISPATCH_QUEUE);
    return this.queue;
  }

  /** Closes the queues this process opened (their running jobs are waited for up to `ms`). */
  async close(ms: number): Promise<void> {
    await Promise.all([this.queue?.close(ms), this.singleQueue?.close(ms)]);
  }
}
