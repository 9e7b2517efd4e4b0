import { inject, injectable } from 'inversify';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { RequestContext } from '../../platform/http/context.js';
import { ApiCallLogsRepository, type NewApiCallLog } from './api-call-logs.repository.js';
import type { ApiTokenRow } from './api-tokens.repository.js';
import { clientIdOf } from './api-guard.service.js';
import { hashSecret, isWellFormed } from './token-secret.js';

/** Batch size and period of the writer; the buffer bound beyond which the oldest rows are dropped. */
export const CALL_LOG_BATCH = 500;
export const CALL_LOG_FLUSH_MS = 250;
export const CALL_LOG_BUFFER_MAX = 50_000;
const CALL_LOG_RETRY_MS = 2_000;
/** How long call rows are kept (the hourly sweep deletes older ones). */
export const CALL_LOG_KEEP_DAYS = 30;
/** Characters of the request body and of the answer kept per row. */
export const CALL_LOG_TEXT_MAX = 2_000;

/** A row waiting in the buffer; `keyHash` names the token of a refused call until the flush resolves it. */
type Pending = NewApiCallLog & { keyHash: string | null };

function truncated(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > CALL_LOG_TEXT_MAX ? `${text.slice(0, CALL_LOG_TEXT_MAX)}…` : text;
}

/**
 * The REST API v1 call log. Each call (also those refused with 401/403/429) becomes one row when its
 * answer is finished; rows wait in memory and are inserted in batches, so the request path never
 * waits on the database. The buffer is bounded: with the database away the oldest rows are dropped
 * (counted, warned), never the process's memory. stop() writes what is left.
 */
@injectable()
export class ApiCallLogService {
  private buffer: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private dropped = 0;
  private lastDropWarning = 0;
  private stopped = false;

  constructor(
    @inject(ApiCallLogsRepository) private readonly repo: ApiCallLogsRepository,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  /** Records the call when its answer is finished. Captures the JSON answer as it is written. */
  watch(req: Request, res: Response, ctx: RequestContext): void {
    const started = process.hrtime.bigint();
    const createdAt = this.clock.now();
    // Read now: by the time an error answer finishes, Express has put the /api mount back on req.path.
    const requestPath = req.path.slice(0, 300);
    let answer: unknown;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      answer = body;
      return json(body);
    };
    res.once('finish', () => {
      const token = res.locals.apiToken as ApiTokenRow | undefined;
      const secret = token ? '' : req.get('x-api-key') ?? '';
      const data = (answer as { isSucceed?: boolean; data?: { id?: unknown } } | undefined);
      const sendId = req.method === 'POST' && data?.isSucceed && typeof data.data?.id === 'number' ? data.data.id : null;
      this.push({
        tokenId: token?.id ?? null,
        userId: token?.userId ?? null,
        organizationId: token?.organizationId ?? null,
        keyHash: !token && isWellFormed(secret) ? hashSecret(secret) : null,
        tokenIp: ctx.ip.slice(0, 45),
        clientId: clientIdOf(req),
        requestMethod: req.method,
        requestPath,
        status: res.statusCode,
        scheduledMessageId: sendId,
        // The body never holds the key (it travels in the x-api-key header).
        requestBody: truncated(req.body),
        resultData: truncated(answer),
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e6),
        createdAt,
      });
    });
  }

  private push(row: Pending): void {
    this.buffer.push(row);
    if (this.buffer.length > CALL_LOG_BUFFER_MAX) this.drop(this.buffer.length - CALL_LOG_BUFFER_MAX);
    if (this.stopped) return;
    if (this.buffer.length >= CALL_LOG_BATCH) void this.flush();
    else this.schedule(CALL_LOG_FLUSH_MS);
  }

  private drop(count: number): void {
    this.buffer.splice(0, count);
    this.dropped += count;
    const now = Date.now();
    if (now - this.lastDropWarning >= 10_000) {
      this.lastDropWarning = now;
      this.logger.warn({ dropped: this.dropped }, 'API call log buffer full: oldest rows dropped');
    }
  }

  private schedule(ms: number): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
    this.timer.unref();
  }

  /** Writes the buffer in batches; one flush at a time. Resolves when this flush is over. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.writeAll().then((ok) => {
      this.flushing = null;
      // After a failure the database gets a pause before the next try.
      if (this.buffer.length) this.schedule(ok ? CALL_LOG_FLUSH_MS : CALL_LOG_RETRY_MS);
    });
    return this.flushing;
  }

  private async writeAll(): Promise<boolean> {
    while (this.buffer.length) {
      const batch = this.buffer.splice(0, CALL_LOG_BATCH);
      try {
        await this.repo.insertMany(await this.resolveTokens(batch));
      } catch (err) {
        // Back to the front, in order, and retried later; the bound still holds.
        this.buffer.unshift(...batch);
        if (this.buffer.length > CALL_LOG_BUFFER_MAX) this.drop(this.buffer.length - CALL_LOG_BUFFER_MAX);
        this.logger.warn({ err, waiting: this.buffer.length }, 'API call log write failed; will retry');
        return false;
      }
    }
    return true;
  }

  /** A refused call's token, found by the hash of the key it presented (one query per batch). */
  private async resolveTokens(batch: Pending[]): Promise<NewApiCallLog[]> {
    const hashes = [...new Set(batch.map((r) => r.keyHash).filter((h): h is string => h !== null))];
    const tokens = new Map((await this.repo.tokensByHash(hashes)).map((t) => [t.tokenHash, t]));
    return batch.map(({ keyHash, ...row }) => {
      const token = keyHash ? tokens.get(keyHash) : undefined;
      return token ? { ...row, tokenId: token.id, userId: token.userId, organizationId: token.organizationId } : row;
    });
  }

  /** Shutdown: no more timers; what is buffered is written (one try). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.flushing) await this.flushing;
    await this.writeAll();
  }

  /** Deletes rows older than CALL_LOG_KEEP_DAYS, in chunks so no one statement holds the table long. */
  async sweep(now: Date, signal?: AbortSignal): Promise<number> {
    const before = new Date(now.getTime() - CALL_LOG_KEEP_DAYS * 86_400_000);
    let total = 0;
    for (;;) {
      // Past its deadline the scheduler aborts: the rest waits for the next hour.
      if (signal?.aborted) return total;
      const n = await this.repo.deleteOlderThan(before, 5_000);
      total += n;
      if (n < 5_000) return total;
    }
  }
}
