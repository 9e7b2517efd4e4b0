import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import { isUniqueViolation, UnitOfWork } from '../../../platform/unit-of-work.js';
import type { Actor } from '../../../platform/actor.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError, badRequest, fieldError, notFound } from '../../../platform/http/errors.js';
import { ActorFactory } from '../../identity/index.js';
import { PrivateNumbersService } from '../../numbers/index.js';
import { AuditService } from '../../audit/index.js';
import { ComposeService, type ComposeInput } from '../compose/compose.service.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { SendsRepository, type SendRow } from '../sends.repository.js';
import { ResendRepository, type ResendRuleRow } from './resend.repository.js';
import { hasOwnTexts } from '../send-rules.js';

/** How far back the automatic sweep looks for finished sends (a longer outage than this is not made up). */
const AUTO_RESEND_LOOKBACK_MS = 7 * 86_400_000;
const AUTO_RESEND_BATCH = 100;

export interface ManualResendInput {
  id: number;
  deliveryStatuses: string[];
  senderNumberId: number;
  sendId?: string | null;
  /** A gradual resend: both step fields (one alone is answered on the missing one). */
  gradualStepCount?: number | null;
  gradualIntervalMinutes?: number | null;
}

export interface ResendRuleInput {
  privateNumberId: number;
  deliveryStatus: string[];
  targetPrivateNumbers: number[];
}

/**
 * Resend: a send made again, as a new ordinary send (own price, hold, dispatch and settlement
 * through compose), for the receivers of an earlier send whose delivery status is one of the
 * chosen ones — by hand from the outbox, or by the spec's automatic resend rules of a line once a
 * send from it has finished.
 */
@injectable()
export class ResendService {
  constructor(
    @inject(ResendRepository) private readonly repo: ResendRepository,
    @inject(ComposeService) private readonly compose: ComposeService,
    @inject(OutboxService) private readonly outbox: OutboxService,
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(PrivateNumbersService) private readonly numbers: PrivateNumbersService,
    @inject(ActorFactory) private readonly actors: ActorFactory,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  /**
   * "Resend to failed" from the outbox detail. Idempotent: the client's `sendId`, or — without one —
   * a key of the original, the statuses and the line, is the new send's client send id, so a
   * double click or a repeated request answers the first resend (`repeated: true`).
   */
  async manual(ctx: Actor, input: ManualResendInput) {
    if (input.deliveryStatuses.length === 0) throw fieldError('deliveryStatuses', 'messaging.resendNeedsStatus');
    const original = await this.outbox.visible(ctx, input.id);
    if (original.sendSubType === 'Voice') throw badRequest('messaging.resendVoice');
    // Each receiver of a dynamic send had its own text; the send row holds only the template.
    if (hasOwnTexts(original)) throw badRequest(original.sendType === 'Dynamic' ? 'messaging.resendDynamic' : 'messaging.resendP2P');
    const statuses = [...new Set(input.deliveryStatuses)].sort();
    const gradual = input.gradualStepCount != null || input.gradualIntervalMinutes != null
      ? { stepCount: input.gradualStepCount ?? 0, intervalMinutes: input.gradualIntervalMinutes ?? 0 } : null;
    // The kind is part of the key: a gradual request after a direct one is another resend, not a repeat.
    const kind = gradual ? `:gradual:${gradual.stepCount}x${gradual.intervalMinutes}` : '';
    const sendId = input.sendId ?? `resend:${original.id}:${input.senderNumberId}:${statuses.join(',')}${kind}`;
    return this.compose.create(ctx, { ...this.resendInput(original, input.senderNumberId, statuses, sendId), gradual }, {
      values: { isResend: true, resendOfSendId: original.id, isHiddenReceivers: original.isHiddenReceivers === true },
      inTransaction: (tx, row) => this.repo.addCountResendOther(tx, original.id, row.recipientCount),
    });
  }

  /** The sends made again from this one, and the one it was made from: the outbox detail's links. */
  async links(ctx: Actor, id: number) {
    const send = await this.outbox.visible(ctx, id);
    const resendOf = send.resendOfSendId ? Number(send.resendOfSendId) : null;
    return { id: send.id, isResend: send.isResend === true, resendOfSendId: resendOf, resendRuleId: send.resendRuleId ?? null, countResendOther: send.countResendOther ?? 0, resends: await this.repo.resendsOf(send.id) };
  }

  private resendInput(original: SendRow, senderNumberId: number, statuses: string[], sendId: string | null): ComposeInput {
    return {
      senderNumberId, smsBody: original.smsText, sendType: 'Bulk', isFlashSms: original.isFlashSms, sendDirect: true, sendId,
      description: typeof original.description === 'string' ? original.description : null,
      sources: [{ kind: 'resend', sendId: original.id, deliveryStatuses: statuses }],
    };
  }

  // ---- automatic resend rules --------------------------------------------------------------

  async rules(ctx: Actor, privateNumberId?: number) {
    const items = await this.repo.rules(ctx.tenant, privateNumberId);
    return { items, totalCount: items.length };
  }

  async createRule(ctx: Actor, input: ResendRuleInput) {
    if (input.deliveryStatus.length === 0) throw fieldError('deliveryStatus', 'messaging.resendNeedsStatus');
    const targets = [...new Set(input.targetPrivateNumbers)];
    if (targets.length === 0) throw fieldError('targetPrivateNumbers', 'messaging.resendNeedsTarget');
    if (targets.includes(input.privateNumberId)) throw fieldError('targetPrivateNumbers', 'messaging.resendTargetIsSource');
    // Only lines the caller may send from: the rule sends in their organization's name.
    const usable = new Set((await this.numbers.myNumbers(ctx, 'Bulk')).map((l) => l.id));
    if (!usable.has(input.privateNumberId)) throw fieldError('privateNumberId', 'messaging.resendLineNotUsable');
    if (targets.some((t) => !usable.has(t))) throw fieldError('targetPrivateNumbers', 'messaging.resendLineNotUsable');
    return this.uow.run(async (tx) => {
      const rule = await this.repo.insertRule(tx, {
        organizationId: ctx.tenant.organizationId, createdByUserId: ctx.principal.userId, privateNumberId: input.privateNumberId,
        deliveryStatus: [...new Set(input.deliveryStatus)], targetPrivateNumbers: targets,
      });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'ResendRule', referenceId: rule.id, newData: { ...input } });
      return rule;
    });
  }

  async deleteRule(ctx: Actor, id: number) {
    const rule = await this.repo.rule(ctx.tenant, id);
    if (!rule) throw notFound('messaging.resendRuleNotFound');
    await this.uow.run(async (tx) => {
      await this.repo.deleteRule(tx, id, this.clock.now());
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'ResendRule', referenceId: id, newData: {} });
    });
    return { id };
  }

  /**
   * The scheduled sweep (`messaging.auto-resend`): every finished send of a line with a rule gets
   * the rule's resend once. Safe run twice, late, or in several processes at once: the run row is
   * written in the resend's own transaction under the primary key (send, rule), so a second
   * attempt rolls back whole (nothing stored, nothing held); a crash before the commit leaves no
   * row and the next sweep makes it.
   */
  async runDue(now: Date): Promise<number> {
    let made = 0;
    for (const c of await this.repo.candidates(new Date(now.getTime() - AUTO_RESEND_LOOKBACK_MS), AUTO_RESEND_BATCH)) {
      try {
        if (await this.resendFor(c.sendId, c.ruleId)) made++;
      } catch (err) {
        // Not a refusal (the database, a bug): no run row, so the next sweep tries again.
        this.logger.error({ err, sendId: c.sendId, ruleId: c.ruleId }, 'automatic resend failed');
      }
    }
    return made;
  }

  /** One rule's resend of one finished send; true when this call made it. */
  async resendFor(sendId: number, ruleId: number): Promise<boolean> {
    if (await this.repo.run(sendId, ruleId)) return false;
    const [original, rule] = await Promise.all([this.sends.findById(undefined, sendId), this.repo.ruleById(ruleId)]);
    if (!original || !rule) return false;
    const built = await this.actors.forUser(original.userId, original.organizationId, 'system', { requestId: `resend:${sendId}:${ruleId}`, userAgent: 'auto-resend' });
    if ('missing' in built) {
      await this.repo.recordRunOutcome({ sendId, ruleId, failureCode: built.missing === 'user' ? 'UserIsInactive' : 'OrganizationNotFound' });
      return false;
    }
    return this.tryTargets(built.actor, original, rule);
  }

  /** The rule's target lines in order: the first that can carry the resend does. */
  private async tryTargets(ctx: Actor, original: SendRow, rule: ResendRuleRow): Promise<boolean> {
    let failureCode = 'NotSended';
    for (const target of rule.targetPrivateNumbers) {
      try {
        await this.compose.createInternal(ctx, this.resendInput(original, target, rule.deliveryStatus, null), {
          values: { isResend: true, resendOfSendId: original.id, resendRuleId: rule.id, isHiddenReceivers: original.isHiddenReceivers === true },
          inTransaction: async (tx, row) => {
            await this.repo.insertRun(tx, { sendId: original.id, ruleId: rule.id, resendSendId: row.id, failureCode: null });
            await this.repo.addCountResendOther(tx, original.id, row.recipientCount);
          },
        });
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        if (!(err instanceof AppError)) throw err;
        failureCode = String((err.data as { failureCode?: string } | undefined)?.failureCode ?? 'NotSended');
        // Nobody to resend to: another line would find nobody either.
        if (failureCode === 'RecipientNotExist') break;
      }
    }
    await this.repo.recordRunOutcome({ sendId: original.id, ruleId: rule.id, failureCode });
    return false;
  }
}
