import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import type { JobQueue, QueueFactory } from '../../../platform/queue.js';
import type { Clock } from '../../../platform/clock.js';
import { SendsRepository } from '../sends.repository.js';
import { ReceiversRepository } from '../receivers.repository.js';
import { SendProgressPublisher } from '../send-progress.service.js';

export const ARCHIVE_QUEUE = 'outbox-archive';
/** Receivers moved per statement: one short transaction each, so dispatch and reports never wait long. */
export const ARCHIVE_BATCH = 20_000;
const STUCK_MS = 120_000;

export interface ArchiveJob {
  sendId: number;
}

/**
 * The slow half of archiving: a send marked Archiving has its receivers moved to the archive table
 * in batches, then shows Archived. Each batch is atomic and the job repeats safely, so a crash only
 * delays it; the sweep enqueues sends whose job was lost.
 */
@injectable()
export class OutboxArchiver {
  private queue: JobQueue<ArchiveJob> | null = null;

  constructor(
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(ReceiversRepository) private readonly receivers: ReceiversRepository,
    @inject(SendProgressPublisher) private readonly progress: SendProgressPublisher,
    @inject(TYPES.QueueFactory) private readonly queues: QueueFactory,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  archiveQueue(): JobQueue<ArchiveJob> {
    this.queue ??= this.queues.queue<ArchiveJob>(ARCHIVE_QUEUE);
    return this.queue;
  }

  async enqueue(sendIds: number[], round = ''): Promise<void> {
    for (const sendId of sendIds) await this.archiveQueue().add({ sendId }, { jobId: `archive:${sendId}${round ? `:${round}` : ''}`, retries: 3 });
  }

  /** Worker processes only (the role that dispatches). */
  start(): void {
    this.archiveQueue().process(1, (job) => this.run(job.data.sendId));
  }

  async stop(): Promise<void> {
    await this.queue?.close(10_000);
  }

  async run(sendId: number): Promise<{ moved: number }> {
    const send = await this.sends.findById(undefined, sendId);
    if (!send || send.status !== 'Archiving') return { moved: 0 };
    let moved = 0;
    for (;;) {
      const n = await this.receivers.archiveBatch(sendId, ARCHIVE_BATCH);
      if (n === 0) break;
      moved += n;
      // Progress keeps the send out of the stuck sweep, which goes by updatedAt.
      await this.sends.update(undefined, sendId, {});
    }
    // Conditional: restored meanwhile (Unarchive), it keeps the status it was given back.
    const [done] = await this.sends.setStatusIf(sendId, 'Archiving', { status: 'Archived' });
    if (done) this.progress.push(done, true);
    this.logger.info({ sendId, moved }, 'send archived');
    return { moved };
  }

  /** Sends still Archiving after a while: their job was lost with a process; enqueue them again. */
  async resumeStuck(): Promise<void> {
    const stuck = await this.sends.stuckArchiving(new Date(this.clock.now().getTime() - STUCK_MS), 100);
    if (stuck.length > 0) await this.enqueue(stuck, `resume${Date.now().toString(36)}`);
  }
}
