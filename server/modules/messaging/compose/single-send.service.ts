import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import type { Actor } from '../../../platform/actor.js';
import { conflict } from '../../../platform/http/errors.js';
import { isUniqueViolation } from '../../../platform/unit-of-work.js';
import { ComposeService, type ComposeInput, type GroupOutcome, type PreparedSingle, type StoreOptions } from './compose.service.js';
import { SendsRepository, type SendRow } from '../sends.repository.js';
import { judgeDescription } from '../send-rules.js';
import { publicSend } from '../sends.view.js';
import { priorityRank, type SendPriority } from '../../../shared/sends/send-priorities.js';
import type { ApiSendFlag } from '../../numbers/index.js';

/** One message to one number: the REST API's and the SMPP server's send, and the panel's fast send. */
export interface SingleSendInput {
  /** The line (private number id) the message goes out from. */
  line: number;
  to: string;
  text: string;
  /** The client's idempotency key (per user): a repeat answers the first send and sends nothing. */
  sendId?: string | null;
  isFlash?: boolean;
  /** Shown on the send in the outbox (an inbound rule's automatic answer names its rule). */
  description?: string | null;
  /** Typed by a person in the panel: the user's panel rules apply (see ComposeInput.byHand). */
  byHand?: boolean;
  /** The text's links: as they are, or shortened (issue 28; see ComposeInput.shortLinks). */
  shortLinks?: ComposeInput['shortLinks'];
  /**
   * The send's type (issue 30 part 3): `Single` (the panel's fast send and the module senders,
   * default) or `Api` (the REST API and the SMPP server), which needs `apiFlag` on the line.
   */
  sendType?: 'Single' | 'Api';
  /** With `Api`: the one line flag this API send needs (isSendApiSingle, isSendApiP2P, isSendOtp). */
  apiFlag?: ApiSendFlag;
  /**
   * The spec's SendPriority of the send (an OTP's format gives it; default Normal): the dispatcher
   * takes a line's higher-priority due sends first (messaging CONTEXT.md "Send priority").
   */
  priority?: SendPriority;
}

/** At most this many sends share one transaction (its statements stay small; an answer waits for its group). */
const MAX_GROUP = 250;
/**
 * Groups stored at once (see `pump`). The organization's credit rows are locked only by a group's
 * last two statements (`BillingService.commitGroup`), so groups overlap for the rest of their
 * transaction; each holds one pooled connection while it writes (the default pool has 10).
 */
const MAX_IN_FLIGHT = 4;

interface Waiting {
  prepared: PreparedSingle;
  options: StoreOptions;
  resolve(result: { row: SendRow; repeated: boolean }): void;
  reject(err: unknown): void;
}

/**
 * The one entry of single sends, and their lean path. Each request is judged and priced on its own
 * (reads only: the same checks and failure codes as any send); the writes of the requests that
 * arrive together are stored in one transaction (`ComposeService.storeGroup`): while one group
 * commits the next gathers, so under load a send costs a share of a few statements instead of its
 * own transaction, and the organization's credit row is locked once per group instead of once per
 * message. An answer is given only after its group committed: what is answered is stored and held.
 * `options.inTransaction` lets a caller store its own row (an SMPP message id) in that transaction.
 */
@injectable()
export class SingleSendService {
  private waiting: Waiting[] = [];
  private inFlight = 0;

  constructor(
    @inject(ComposeService) private readonly compose: ComposeService,
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  async send(ctx: Actor, input: SingleSendInput, options: StoreOptions = {}) {
    const sendType = input.sendType ?? 'Single';
    const compose: ComposeInput = {
      senderNumberId: input.line, smsBody: input.text, sendType, sendId: input.sendId ?? null, isFlashSms: input.isFlash === true,
      sources: [{ kind: 'manual', numbers: [input.to] }],
      ...(input.description ? { description: input.description } : {}),
      ...(input.shortLinks ? { shortLinks: input.shortLinks } : {}),
      ...(sendType === 'Api' && input.apiFlag ? { apiFlag: input.apiFlag } : {}),
    };
    // Every row of a group names its priority (the rows are inserted together, with one column list).
    options = { ...options, values: { ...options.values, priority: priorityRank(input.priority) } };
    if (input.byHand) judgeDescription(ctx.principal.profile as Record<string, unknown>, input.description);
    // A repeated client send id is found with the group's other ids (one read per group).
    const prepared = await this.compose.prepareSingle(ctx, compose);
    const { row, repeated } = await new Promise<{ row: SendRow; repeated: boolean }>((resolve, reject) => {
      this.waiting.push({ prepared, options, resolve, reject });
      this.pump();
    });
    return { ...publicSend(row), repeated };
  }

  /**
   * Up to MAX_IN_FLIGHT groups at once: while one waits for a round trip the others write, and
   * groups stay as big as the requests waiting (one request alone is a group of one: no added wait
   * at low load).
   */
  private pump(): void {
    while (this.waiting.length > 0 && this.inFlight < MAX_IN_FLIGHT) {
      const group = this.waiting.splice(0, MAX_GROUP);
      this.inFlight++;
      void this.storeGroup(group).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async storeGroup(group: Waiting[]): Promise<void> {
    let outcomes: GroupOutcome[] | null = null;
    try {
      outcomes = await this.compose.storeGroup(group.map(({ prepared, options }) => ({ prepared, options })));
    } catch (err) {
      // One member broke the group (a line limit, a send id another process stored first): each
      // is stored alone so that only it gets the refusal.
      if (group.length > 1) this.logger.debug({ err, size: group.length }, 'single-send group rolled back; storing one by one');
    }
    if (outcomes) {
      await Promise.all(outcomes.map((o, i) => {
        if ('ok' in o) return group[i].resolve({ row: o.ok, repeated: o.repeated });
        if ('err' in o) return group[i].reject(o.err);
        return this.alone(group[i]);
      }));
      return;
    }
    await Promise.all(group.map((w) => this.alone(w)));
  }

  private async alone(w: Waiting): Promise<void> {
    try {
      const { ctx, input } = w.prepared;
      if (input.sendId) {
        const existing = await this.sends.findByClientSendId(undefined, ctx.principal.userId, input.sendId);
        if (existing) return w.resolve({ row: existing, repeated: true });
      }
      w.resolve({ row: await this.compose.storePrepared(w.prepared, w.options), repeated: false });
    } catch (err) {
      const { ctx, input } = w.prepared;
      if (input.sendId && isUniqueViolation(err)) {
        const existing = await this.sends.findByClientSendId(undefined, ctx.principal.userId, input.sendId).catch(() => null);
        if (existing) return w.resolve({ row: existing, repeated: true });
        return w.reject(conflict('messaging.sendIdReused'));
      }
      w.reject(err);
    }
  }
}
