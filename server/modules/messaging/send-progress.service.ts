import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Realtime } from '../../platform/realtime.js';
import type { Clock } from '../../platform/clock.js';
import { OrganizationsService } from '../organizations/index.js';
import type { SendRow } from './sends.repository.js';
import { handOutOf } from './hand-out.js';

/** The claim of `OutBox/...`: progress is pushed to whom the outbox would show the send. */
const OUTBOX_CLAIM = 'SmsReports.Outbox';
/** As long as a principal is cached (identity's principal cache): a moved organization's sends are pushed along its old path no longer than REST answers from it. */
const PATH_TTL_MS = 5_000;

/**
 * A send's progress to the outboxes that show it (`send-progress`). Best effort and after commit:
 * a push is a hint to refresh, never the record — the outbox's REST answers are. Counts pushed
 * here are receivers' states; "sent" counts are submissions, not deliveries.
 */
@injectable()
export class SendProgressPublisher {
  private lastPush = new Map<number, number>();
  private paths = new Map<number, { at: number; settled: boolean; path: Promise<string | null> }>();

  constructor(
    @inject(TYPES.Realtime) private readonly realtime: Realtime,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  /** At most a few times a second per send, unless `force` (a final or visible change of state). */
  push(send: SendRow, force: boolean): void {
    const now = Date.now();
    if (!force && now - (this.lastPush.get(send.id) ?? 0) < 250) return;
    this.lastPush.set(send.id, now);
    if (force) this.lastPush.delete(send.id);
    const payload = {
      id: send.id, queueStatus: send.queueStatus, status: send.status, failureCode: send.failureCode,
      recipientCount: send.recipientCount, pendingCount: send.pendingCount, sentCount: send.sentCount, failedCount: send.failedCount,
      deliveredCount: send.deliveredCount, notDeliveredCount: send.notDeliveredCount, canceledCount: send.canceledCount,
      // The hand-out and its estimate as OutBox/GetAll and Get answer them, so a push keeps the bar and the finish time current.
      handOut: handOutOf(send, this.clock.now()),
    };
    // Readers as the outbox has them: administrators of the organization and above, the sender among plain users.
    void this.organizationPath(send.organizationId).then((organizationPath) => {
      if (organizationPath === null) return;
      this.realtime.emitToReaders({ claim: OUTBOX_CLAIM, organizationId: send.organizationId, organizationPath, userIds: [send.userId] }, 'send-progress', payload);
    });
  }

  /**
   * A delivery-status request's progress and result (`delivery-status-request`), to the same readers
   * as `send-progress`. Every push is sent (a request's pages are few and far apart).
   */
  pushStatusRequest(send: Pick<SendRow, 'id' | 'organizationId' | 'userId'>, request: Record<string, unknown>): void {
    void this.organizationPath(send.organizationId).then((organizationPath) => {
      if (organizationPath === null) return;
      this.realtime.emitToReaders({ claim: OUTBOX_CLAIM, organizationId: send.organizationId, organizationPath, userIds: [send.userId] }, 'delivery-status-request', { id: send.id, ...request });
    });
  }

  /**
   * Pushes of one organization wait on one promise, so they leave in the order they were made
   * (the final state is never overtaken by an earlier count); a lookup in flight is never
   * replaced. Null for a deleted organization: nobody reads its outbox.
   */
  private organizationPath(organizationId: number): Promise<string | null> {
    const now = Date.now();
    const hit = this.paths.get(organizationId);
    if (hit && (!hit.settled || now - hit.at < PATH_TTL_MS)) return hit.path;
    if (this.paths.size >= 10_000) this.paths.clear();
    const entry = { at: now, settled: false, path: Promise.resolve<string | null>(null) };
    entry.path = this.organizations.findById(organizationId).then((o) => o?.path ?? null, () => null).finally(() => { entry.settled = true; });
    this.paths.set(organizationId, entry);
    return entry.path;
  }
}
