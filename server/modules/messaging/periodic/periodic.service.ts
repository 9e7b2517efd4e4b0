import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import { UnitOfWork, type Tx, isUniqueViolation } from '../../../platform/unit-of-work.js';
import type { Actor } from '../../../platform/actor.js';
import { AppError, badRequest, fieldError, notFound } from '../../../platform/http/errors.js';
import { normalizeSearch } from '../../../platform/http/search.js';
import type { Clock } from '../../../platform/clock.js';
import { ActorFactory } from '../../identity/index.js';
import { AuditService } from '../../audit/index.js';
import { ComposeService, GRADUAL_MIN_RECIPIENTS, type ComposeInput } from '../compose/compose.service.js';
import { sendFailure, judgeDescription } from '../send-rules.js';
import { SendsRepository } from '../sends.repository.js';
import { PeriodicRepository, type PeriodicSendRow } from './periodic.repository.js';
import { ALL_DAYS, dayString, nextOccurrence, scheduleIssues, shortestGapMinutes, tehranDay, upcomingOccurrences, type PeriodicSchedule, type PeriodType } from './periodic-schedule.js';
import { countParts } from '../../../shared/sms/sms-text.js';
import { FAILURE_CODES, type FailureCode } from '../statuses.js';

export interface PeriodicScheduleInput {
  periodType?: PeriodType;
  period?: number;
  daysOfWeek?: number[];
  sendHour?: number;
  sendMinute?: number;
  /** Tehran calendar day YYYY-MM-DD; today when absent. */
  startDate?: string | null;
  endDate?: string | null;
  maxOccurrences?: number | null;
}

/** Thrown inside an occurrence's transaction when another scheduler recorded the occurrence first. */
class OccurrenceTaken extends Error {}

const notFoundPeriodic = () => notFound('messaging.periodicNotFound');

function scheduleOf(row: PeriodicSendRow): PeriodicSchedule {
  return {
    periodType: row.periodType, period: row.period, daysOfWeek: row.daysOfWeek, sendHour: row.sendHour, sendMinute: row.sendMinute,
    startDate: row.startDate, endDate: row.endDate, maxOccurrences: row.maxOccurrences,
  };
}

export function publicPeriodic(row: PeriodicSendRow): Record<string, unknown> {
  return { ...row };
}

/**
 * Periodic sends: a definition that makes one ordinary send per occurrence. Each occurrence goes
 * through the compose path (its own price, hold and limits, since credit and tariffs change
 * between occurrences); one that cannot go out is stored as a failed send with the spec's failure
 * code and the series goes on.
 */
@injectable()
export class PeriodicService {
  constructor(
    @inject(PeriodicRepository) private readonly repo: PeriodicRepository,
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(ComposeService) private readonly compose: ComposeService,
    @inject(ActorFactory) private readonly actors: ActorFactory,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  /** A plain user sees their own definitions; administrators their organization's (and below). */
  private ownerFilter(ctx: Actor): number | undefined {
    return ctx.principal.isAdmin || ctx.principal.scope === 'superAdmin' || ctx.principal.scope === 'reseller' ? undefined : ctx.principal.userId;
  }

  /**
   * Validates the schedule and the send as of its first occurrence, stores the definition and its
   * receivers. With `input.gradual` it is a GradualPeriodic definition: each occurrence is a
   * gradual send, judged now like one (the gradual minimum of receivers) and its steps must end
   * before the next occurrence starts.
   */
  async create(ctx: Actor, input: ComposeInput, scheduleInput: PeriodicScheduleInput) {
    if (input.byHand) judgeDescription(ctx.principal.profile as Record<string, unknown>, input.description);
    const now = this.clock.now();
    const schedule: PeriodicSchedule = {
      periodType: scheduleInput.periodType ?? 'Daily',
      period: scheduleInput.period ?? 1,
      daysOfWeek: [...new Set(scheduleInput.daysOfWeek ?? ALL_DAYS)].sort(),
      sendHour: scheduleInput.sendHour ?? 9,
      sendMinute: scheduleInput.sendMinute ?? 0,
      startDate: scheduleInput.startDate || dayString(tehranDay(now)),
      endDate: scheduleInput.endDate || null,
      maxOccurrences: scheduleInput.maxOccurrences ?? null,
    };
    const issues = scheduleIssues(schedule);
    if (issues.length > 0) throw badRequest(issues[0].key, issues[0].params ?? {}, issues);
    const gradual = input.gradual ?? null;
    if (gradual && !(gradual.stepCount >= 1)) throw fieldError('gradualStepCount', 'messaging.gradualFieldsRequired');
    if (gradual && !(gradual.intervalMinutes >= 1)) throw fieldError('gradualIntervalMinutes', 'messaging.gradualFieldsRequired');
    const first = nextOccurrence(schedule, now, 0);
    if (!first) throw fieldError(schedule.endDate ? 'endDate' : 'startDate', 'messaging.periodicNoOccurrence');
    const prepared = await this.compose.prepareForLater(ctx, { ...input, sendId: null, gradual: null, sendDirect: false, sendDateTime: first.toISOString() });
    if (gradual) {
      if (prepared.recipientCount < GRADUAL_MIN_RECIPIENTS) throw fieldError('receivers', 'messaging.gradualMinimum', { min: GRADUAL_MIN_RECIPIENTS });
      const spanMinutes = (Math.ceil(prepared.recipientCount / gradual.stepCount) - 1) * gradual.intervalMinutes;
      if (spanMinutes >= shortestGapMinutes(schedule)) throw fieldError('gradualIntervalMinutes', 'messaging.gradualPeriodicOverlap');
    }
    const row = await this.uow.run(async (tx) => {
      const created = await this.repo.insert(tx, {
        organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId,
        privateNumberId: prepared.line.id, senderAgentId: prepared.line.senderAgentId, senderNumber: prepared.line.number, lineType: prepared.line.lineType,
        smsText: prepared.text, isFlashSms: input.isFlashSms === true, sendType: input.sendType, description: input.description ?? null,
        recipientCount: prepared.items.length, wrongNumberCount: prepared.wrongNumberCount, duplicateCount: prepared.duplicateCount,
        ...schedule, gradualStepCount: gradual?.stepCount ?? null, gradualIntervalMinutes: gradual?.intervalMinutes ?? null,
        dateTimeNext: first, status: 'Active',
      });
      await this.repo.insertRecipients(tx, created.id, prepared.items);
      await this.audit.record(tx, ctx, {
        operationType: 'Create', className: 'PeriodicSend', referenceId: created.id,
        newData: { recipientCount: prepared.items.length, senderNumber: prepared.line.number, ...schedule, gradual },
      });
      return created;
    });
    await this.compose.sourcesConsumed(input);
    return {
      ...publicPeriodic(row),
      occurrencePrice: prepared.totalPrice, smsParts: prepared.smsParts, blackListCount: prepared.blackListCount,
      upcoming: upcomingOccurrences(schedule, now, 5, 0),
    };
  }

  async list(ctx: Actor, q: { pageIndex: number; pageSize: number; search?: string; status?: string }) {
    const search = normalizeSearch({ search: q.search, pageIndex: q.pageIndex, pageSize: q.pageSize }).search ?? null;
    const page = await this.repo.list(ctx.tenant, { ...q, search, userId: this.ownerFilter(ctx) });
    return { items: page.items.map(publicPeriodic), totalCount: page.totalCount };
  }

  /** Stops future occurrences; a send already made by an occurrence is an ordinary send (cancel it in the outbox). */
  async cancel(ctx: Actor, id: number) {
    const row = await this.repo.findVisible(ctx.tenant, id);
    const owner = this.ownerFilter(ctx);
    if (!row || (owner !== undefined && row.userId !== owner)) throw notFoundPeriodic();
    const canceled = await this.uow.run(async (tx) => {
      const updated = await this.repo.cancel(tx, id);
      if (!updated) throw badRequest('messaging.periodicNotActive');
      await this.audit.record(tx, ctx, { operationType: 'Cancel', className: 'PeriodicSend', referenceId: id });
      return updated;
    });
    return publicPeriodic(canceled);
  }

  /**
   * Makes the occurrence of every active definition due at `now`; answers how many occurrences
   * were recorded (sent or failed). Safe to run twice or concurrently: an occurrence is recorded
   * in the same transaction as its send, guarded by the definition's occurrence count and the
   * unique (periodicSendId, periodicOccurrence) index. Occurrences missed while nothing ran are
   * not made up: one send is made now and the next falls after `now`. `signal` (the scheduled job's)
   * ends the pass between definitions: each occurrence is its own transaction, the rest stay due.
   */
  async runDue(now: Date, signal?: AbortSignal): Promise<number> {
    let recorded = 0;
    for (const def of await this.repo.due(now, 100)) {
      if (signal?.aborted) break;
      try {
        if (await this.runOne(def, now)) recorded++;
      } catch (err) {
        // Not a refusal (the database, a bug): the definition stays due and the next tick tries again.
        this.logger.error({ err, periodicSendId: def.id }, 'periodic occurrence failed');
      }
    }
    return recorded;
  }

  private async runOne(def: PeriodicSendRow, now: Date): Promise<boolean> {
    const occurrence = def.occurrences + 1;
    const subType = subTypeOf(def);
    const next = nextOccurrence(scheduleOf(def), now, occurrence);
    const advance = async (tx: Tx, sendId: number, failureCode: FailureCode | null) => {
      const moved = await this.repo.advance(tx, def.id, def.occurrences, {
        occurrences: occurrence, failedOccurrences: def.failedOccurrences + (failureCode ? 1 : 0),
        dateTimeNext: next, status: next ? 'Active' : 'Finished', dateTimeLast: now, lastSendId: sendId, lastFailureCode: failureCode,
      });
      if (!moved) throw new OccurrenceTaken();
    };
    try {
      const ctx = await this.ownerActor(def);
      const items = await this.repo.recipients(def.id);
      await this.compose.createInternal(ctx, {
        senderNumberId: def.privateNumberId, smsBody: def.smsText, sendType: def.sendType as ComposeInput['sendType'], isFlashSms: def.isFlashSms,
        description: def.description, sendDirect: true, gradual: gradualOf(def),
        sources: [{ kind: 'list', items, wrongNumberCount: def.wrongNumberCount, duplicateCount: def.duplicateCount }],
      }, {
        values: { sendSubType: subType, periodicSendId: def.id, periodicOccurrence: occurrence },
        inTransaction: (tx, send) => advance(tx, send.id, null),
      });
      return true;
    } catch (err) {
      if (err instanceof OccurrenceTaken || isUniqueViolation(err)) return false;
      if (!(err instanceof AppError)) throw err;
      const code = failureCodeOf(err);
      try {
        await this.uow.run(async (tx) => {
          const parts = countParts(def.smsText);
          const send = await this.sends.insertSend(tx, {
            organizationId: def.organizationId, userId: def.userId, privateNumberId: def.privateNumberId, senderAgentId: def.senderAgentId,
            senderNumber: def.senderNumber, lineType: def.lineType, sendType: def.sendType, sendSubType: subType, smsText: def.smsText,
            isFlashSms: def.isFlashSms, smsEncoding: parts.encoding, smsParts: parts.parts, recipientCount: 0, pendingCount: 0,
            queueStatus: 'Failed', status: 'ErrorInSending', failureCode: code, dateTimeSend: now, dateTimeEnd: now,
            refundPolicy: { deliveryBase: false, deliveryLevel1: false, deliveryLevel2: false, refundDeliveryStatusId: null },
            description: def.description, periodicSendId: def.id, periodicOccurrence: occurrence,
          });
          await advance(tx, send.id, code);
        });
        return true;
      } catch (inner) {
        if (inner instanceof OccurrenceTaken || isUniqueViolation(inner)) return false;
        throw inner;
      }
    }
  }

  /**
   * The definition's owner as the actor of the occurrence (channel `system`), built by identity from
   * the same sources as a signed-in principal, so the occurrence is judged exactly as their own send.
   */
  private async ownerActor(def: PeriodicSendRow): Promise<Actor> {
    const built = await this.actors.forUser(def.userId, def.organizationId, 'system', { requestId: `periodic:${def.id}:${def.occurrences + 1}`, userAgent: 'periodic-scheduler' });
    if ('missing' in built) throw sendFailure(built.missing === 'user' ? 'UserIsInactive' : 'OrganizationNotFound');
    return built.actor;
  }
}

/** A GradualPeriodic definition's occurrence is a gradual send of its steps. */
function gradualOf(def: PeriodicSendRow): ComposeInput['gradual'] {
  return def.gradualStepCount && def.gradualIntervalMinutes ? { stepCount: def.gradualStepCount, intervalMinutes: def.gradualIntervalMinutes } : null;
}

/** The spec's SendSubTypes: Periodic, or GradualPeriodic when each occurrence goes out gradually. */
function subTypeOf(def: PeriodicSendRow): 'Periodic' | 'GradualPeriodic' {
  return gradualOf(def) ? 'GradualPeriodic' : 'Periodic';
}

/** The spec's failure code an occurrence refusal carries; a refusal without one is NotSended. */
function failureCodeOf(err: AppError): FailureCode {
  const code = (err.data as { failureCode?: string } | undefined)?.failureCode;
  return code && (FAILURE_CODES as readonly string[]).includes(code) ? (code as FailureCode) : 'NotSended';
}
