import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import { afterCommit, UnitOfWork } from '../../../platform/unit-of-work.js';
import type { Actor } from '../../../platform/actor.js';
import { badRequest, fieldError } from '../../../platform/http/errors.js';
import type { Clock } from '../../../platform/clock.js';
import { OrganizationsService } from '../../organizations/index.js';
import { LinesService } from '../../numbers/index.js';
import { AuditService } from '../../audit/index.js';
import { SendsRepository, type SendRow } from '../sends.repository.js';
import { ComposeService } from './compose.service.js';
import { hasOwnTexts, judgeSendDate, judgeWindows } from '../send-rules.js';
import { SendAccessService } from '../send-access.service.js';
import { SendStopService } from '../send-stop.service.js';
import { DispatchSignal } from '../dispatch-signal.js';
import { publicSend } from '../sends.view.js';
import { WAITING_QUEUE_STATUSES, waitingStatus } from '../statuses.js';

/** Sends that may be paused for an edit: not taken by the scheduler yet. */
const EDITABLE: readonly string[] = [...WAITING_QUEUE_STATUSES, 'WatingForConfirm'];

/** An edit left open longer than this stops the send, as leaving the edit page does. */
export const EDIT_ABANDON_MINUTES = 30;

export interface EditInput {
  id: number;
  smsBody?: string;
  sendDateTime?: string | null;
  sendDirect?: boolean;
}

/**
 * Editing a send that has not gone out (the spec's queue status Updating): the send is paused
 * while its owner edits, then goes back to where it was. Its text may change but not its part
 * count, so the price and the credit held for it stay exact (a different price is a new send);
 * its time may change within the windows, and its line limits move with its day and month.
 * Leaving the edit without saving stops the send, as the spec says.
 */
@injectable()
export class SendEditService {
  constructor(
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(ComposeService) private readonly compose: ComposeService,
    @inject(SendAccessService) private readonly access: SendAccessService,
    @inject(SendStopService) private readonly stopper: SendStopService,
    @inject(LinesService) private readonly lines: LinesService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(DispatchSignal) private readonly signal: DispatchSignal,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  async start(ctx: Actor, id: number) {
    const send = await this.access.visible(ctx, id);
    if (!EDITABLE.includes(send.queueStatus)) throw badRequest('messaging.cannotEdit');
    // Its price comes from the file's or text's length, not the SMS text rules an edit judges by.
    if (send.sendSubType === 'Voice') throw badRequest('messaging.voiceNotEditable');
    const row = await this.uow.run(async (tx) => {
      const locked = await this.sends.findById(tx, id, true);
      if (!locked || !EDITABLE.includes(locked.queueStatus)) throw badRequest('messaging.cannotEdit');
      const paused = await this.sends.transition(tx, id, [locked.queueStatus], { queueStatus: 'Updating', editFromQueueStatus: locked.queueStatus, editStartedAt: this.clock.now() });
      await this.audit.record(tx, ctx, { operationType: 'StartEdit', className: 'ScheduledMessage', referenceId: id });
      return paused as SendRow;
    });
    return publicSend(row);
  }

  async update(ctx: Actor, input: EditInput) {
    const send = await this.access.visible(ctx, input.id);
    if (send.queueStatus !== 'Updating') throw badRequest('messaging.notEditing');
    const now = this.clock.now();
    const chain = await this.organizations.chainOf(send.organizationId);
    const org = chain[chain.length - 1] as unknown as Record<string, unknown>;

    let text = send.smsText;
    let encoding = send.smsEncoding;
    if (input.smsBody !== undefined) {
      // Each receiver of a dynamic send holds its own text, filled when the send was made.
      if (hasOwnTexts(send) && input.smsBody !== send.smsText) throw fieldError('smsBody', send.sendType === 'Dynamic' ? 'messaging.editDynamicText' : 'messaging.editP2PText');
      const judged = await this.compose.judgeText(org, input.smsBody);
      if (judged.parts.parts !== send.smsParts) throw fieldError('smsBody', 'messaging.editChangesParts', { parts: send.smsParts });
      text = judged.text;
      encoding = judged.parts.encoding;
    }
    const direct = input.sendDirect === true;
    let at = new Date(send.dateTimeSend);
    if (direct) at = now;
    else if (input.sendDateTime) at = judgeSendDate(input.sendDateTime, now);
    if (at.getTime() < now.getTime()) at = now;
    const line = await this.uow.run((tx) => this.lines.resolveForSend(tx, {
      organizationId: send.organizationId, userId: send.userId, isOrganizationAdmin: ctx.principal.isAdmin || ctx.principal.userId !== send.userId,
      privateNumberId: send.privateNumberId, sendType: send.sendType as never, at,
    }));
    judgeWindows(org, line.agentWindow, at, direct);

    const textChanged = text !== send.smsText;
    const row = await this.uow.run(async (tx) => {
      const locked = await this.sends.findById(tx, input.id, true);
      if (!locked || locked.queueStatus !== 'Updating') throw badRequest('messaging.notEditing');
      const before = new Date(locked.dateTimeSend);
      if (before.getTime() !== at.getTime() && locked.pendingCount > 0) {
        // The day and month limits count a send on its own date: move it with the send.
        const counted = { privateNumberId: locked.privateNumberId, userId: locked.userId, count: locked.recipientCount };
        await this.lines.releaseLimits(tx, { ...counted, at: before });
        await this.lines.consumeLimits(tx, { ...counted, at });
      }
      // Back where it was; a changed text needs a new confirmation where the organization requires one.
      const from = locked.editFromQueueStatus;
      const back = waitingStatus(from === 'WatingForConfirm' || (textChanged && org.isConfirmMessage === true) ? 'WatingForConfirm' : from === 'Confirmed' ? 'Confirmed' : 'Ready', at > now);
      const saved = await this.sends.transition(tx, input.id, ['Updating'], {
        smsText: text, smsEncoding: encoding, dateTimeSend: at, ...back, editFromQueueStatus: null, editStartedAt: null,
      });
      await this.audit.record(tx, ctx, {
        operationType: 'Update', className: 'ScheduledMessage', referenceId: input.id,
        oldData: { smsText: locked.smsText, dateTimeSend: before }, newData: { smsText: text, dateTimeSend: at },
      });
      afterCommit(tx, () => this.signal.wake());
      return saved as SendRow;
    });
    return publicSend(row);
  }

  /** Leaving the edit without saving: the send stops (what it held is given back when it settles). */
  async abandon(ctx: Actor, id: number) {
    const send = await this.access.visible(ctx, id);
    if (send.queueStatus !== 'Updating') throw badRequest('messaging.notEditing');
    const row = await this.uow.run(async (tx) => {
      const stopped = await this.stopper.stopWaiting(tx, id, 'UserCancelRequest');
      if (!stopped) throw badRequest('messaging.notEditing');
      await this.audit.record(tx, ctx, { operationType: 'AbandonEdit', className: 'ScheduledMessage', referenceId: id });
      return stopped;
    });
    return publicSend(row);
  }

  /** Edits left open longer than EDIT_ABANDON_MINUTES are abandoned (the editor closed the page). */
  async abandonStale(now: Date): Promise<number> {
    const stale = await this.sends.editsStartedBefore(new Date(now.getTime() - EDIT_ABANDON_MINUTES * 60_000), 100);
    let stopped = 0;
    for (const send of stale) {
      if (await this.uow.run((tx) => this.stopper.stopWaiting(tx, send.id, 'UserCancelRequest'))) stopped++;
    }
    if (stopped > 0) this.logger.warn({ stopped }, 'sends whose edit was left open were stopped');
    return stopped;
  }
}
