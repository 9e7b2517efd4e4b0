import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { Realtime } from '../../platform/realtime.js';
import type { Translator } from '../../platform/i18n.js';
import { afterCommit, savepoint, type Tx, type UnitOfWork } from '../../platform/unit-of-work.js';
import { AppError, conflict, notFound, type ValidationIssue } from '../../platform/http/errors.js';
import type { SchemaType } from '../../platform/http/router.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { countParts } from '../../shared/sms/sms-text.js';
import type { GeoArea } from '../../shared/targeting/geo-areas.js';
import type { SmartAudience, SmartEstimate } from '../../shared/targeting/smart-requests.answers.js';
import { FINAL_SMART_SMS_STATUSES, type BtsGateway, type BtsRefusal, type BtsRequestStatus, type BtsSmartRequest } from '../../gateways/gateway-sdk.js';
import { AuditService } from '../audit/index.js';
import { ApprovalsService, managerOwnerFilter, type ApprovalWorkflow } from '../approvals/index.js';
import { BillingService, type HoldView, type Operator } from '../billing/index.js';
import { NotificationsService } from '../notifications/index.js';
import { SenderAgentsService, type BtsAgent } from '../numbers/index.js';
import { SmartRequestsRepository, type SmartApprovalStatus, type SmartRequestRow } from './smart-requests.repository.js';
import { BtsConnections } from './bts-connections.service.js';
import { dailyLeft, nextStep, OCCURRENCE_LEAD_MS, type PeriodicRule } from './smart-periodic.js';
import { isBigTarget, MAX_AREA_KM2, MAX_CIRCLE_RADIUS_METERS, smartAreaProblem } from './smart-geometry.js';
import type {
  createP2PSmartRequestsSchema, createPeriodicSmartRequestSchema, createSmartRequestSchema, estimateSmartRequestSchema, smartRequestsQuery, updateSmartRequestSchema,
} from './smart-requests.schemas.js';

export type SmartRequestInput = SchemaType<typeof createSmartRequestSchema> & { periodicSmartSms?: SchemaType<typeof createPeriodicSmartRequestSchema>['periodicSmartSms'] };
type P2PInput = SchemaType<typeof createP2PSmartRequestsSchema>;
type UpdateInput = SchemaType<typeof updateSmartRequestSchema>;
type EstimateInput = SchemaType<typeof estimateSmartRequestSchema>;

/** The push to the owner's sockets on every stored progress (CONTEXT.md "Smart requests API"). */
export const SMART_PROGRESS_EVENT = 'smart-request-progress';
/** A submitted request with no final answer this long after its submit is timed out (status Unknown, hold released). */
export const SMART_ANSWER_TIMEOUT_MS = 6 * 60 * 60 * 1000;
/** A submitted request not heard of for this long is asked (`status`) by the poll job. */
export const SMART_POLL_AFTER_MS = 30_000;
const PRESENCE_MAX_MS = 60 * 60 * 1000;
const PRESENCE_MAX_BIG_MS = 5 * 60 * 1000;
/** The approval workflow's view of a request: its own spelling of the three states lives in `approvalStatus`. */
type ApprovalRow = { id: number; status: SmartApprovalStatus; decidedByUserId: number | null; decidedAt: Date | null; request: SmartRequestRow };

const BILLING_OPERATOR: Record<SmartRequestRow['operator'], Operator> = { MCI: 'mci', Irancell: 'irancell', Rightel: 'rightel' };
const FAILURE_STATUSES = new Set(['Failed', 'InternalError', 'NotFound']);

const REFUSAL_KEYS: Record<BtsRefusal['code'], { key: string; property: string }> = {
  NoArea: { key: 'targeting.smart.noArea', property: 'areas' },
  InvalidArea: { key: 'targeting.smart.outOfRange', property: 'areas' },
  OperatorRequired: { key: 'targeting.smart.operatorRequired', property: 'operator' },
  InvalidFilter: { key: 'targeting.smart.invalidFilter', property: 'request' },
  InvalidCount: { key: 'targeting.smart.countRequired', property: 'countToSend' },
  InvalidCellList: { key: 'targeting.smart.cellListWrong', property: 'cellList' },
  NoCellForOperator: { key: 'targeting.smart.noCellForOperator', property: 'cellList' },
  TextIsEmpty: { key: 'targeting.smart.textRequired', property: 'text' },
  InvalidRequest: { key: 'targeting.smart.invalidRequest', property: 'request' },
};

function refusalError(r: BtsRefusal): AppError {
  const { key, property } = REFUSAL_KEYS[r.code] ?? REFUSAL_KEYS.InvalidRequest;
  const propertyName = r.propertyName ?? property;
  const params = { reason: r.message ?? r.code };
  return new AppError(400, key, params, [{ propertyName, key, params }]);
}

const ref = (id: number) => `smart:${id}`;
const nullIfBlank = (s: string | null | undefined) => (s === undefined || s === null || s.trim() === '' ? null : s.trim());

/** What a caller may do with a request now (answers' `canEdit` / `canDecide` / `canCancel`). */
function editable(row: SmartRequestRow): boolean {
  // A confirmed periodic request is running (its occurrences are created from it) and an occurrence is the scheduler's: neither is edited.
  return row.stage === 'AwaitingApproval' || (row.stage === 'Queued' && row.approvalStatus === 'Confirmed' && row.requestKind !== 'Periodic');
}

const isPeriodicParent = (row: SmartRequestRow) => row.requestKind === 'Periodic' && row.parentId === null;
const OPEN_STAGES: SmartRequestRow['stage'][] = ['AwaitingApproval', 'Queued', 'Submitted'];

/**
 * Smart requests (issue 26, CONTEXT.md "Smart requests"): validated with the spec's messages,
 * approved through the shared approvals workflow unless the user may send smart requests without
 * confirmation, submitted to a `bts` sender agent with credit held for the requested count, and
 * settled exactly once by the count the operator reports as sent.
 */
@injectable()
export class SmartRequestsService {
  private readonly approval: ApprovalWorkflow<SmartApprovalStatus, ApprovalRow>;
  /** Tests shorten these; the jobs read them each run. */
  answerTimeoutMs = SMART_ANSWER_TIMEOUT_MS;
  pollAfterMs = SMART_POLL_AFTER_MS;

  constructor(
    @inject(SmartRequestsRepository) private readonly repo: SmartRequestsRepository,
    @inject(BtsConnections) private readonly connections: BtsConnections,
    @inject(SenderAgentsService) private readonly senderAgents: SenderAgentsService,
    @inject(BillingService) private readonly billing: BillingService,
    @inject(NotificationsService) private readonly notifications: NotificationsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(ApprovalsService) approvals: ApprovalsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.Realtime) private readonly realtime: Realtime,
    @inject(TYPES.Translator) private readonly translator: Translator,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {
    this.connections.onProgress((agentId, updates) => this.progress(agentId, updates));
    this.approval = approvals.register<SmartApprovalStatus, ApprovalRow>({
      className: 'SmartSmsRequest',
      statuses: { waiting: 'WatingForConfirm', confirmed: 'Confirmed', rejected: 'Rejected' },
      messages: { notFound: 'targeting.smart.notFound', decideForbidden: 'targeting.smart.decideForbidden' },
      lastModified: true,
      rejectReason: true,
      find: async (ctx, id, tx) => {
        const row = await this.repo.findVisible(ctx.tenant, managerOwnerFilter(ctx), id, tx);
        return row && { row: this.approvalView(row), organizationId: row.organizationId };
      },
      write: async (tx, id, patch) => {
        const row = (await this.repo.lock(tx, id)) as SmartRequestRow;
        // Decisions only while the request waits for one: the spec's "please wait" otherwise.
        if (row.stage !== 'AwaitingApproval') throw conflict('targeting.smart.wrongState');
        const now = this.clock.now();
        const confirmed = patch.status === 'Confirmed';
        const updated = await this.repo.update(tx, id, {
          approvalStatus: patch.status, decidedByUserId: patch.decidedByUserId, decidedAt: patch.decidedAt,
          rejectReason: patch.rejectReason ?? null, lastModified: patch.lastModified ?? now,
          stage: confirmed ? 'Queued' : 'Rejected', submitAfter: confirmed ? this.submitAfterOf(row, now) : null,
          ...(confirmed ? {} : { endedAt: now }),
        });
        return this.approvalView(updated);
      },
      remove: async () => { throw conflict('targeting.smart.wrongState'); },
    });
  }

  private approvalView(row: SmartRequestRow): ApprovalRow {
    return { id: row.id, status: row.approvalStatus, decidedByUserId: row.decidedByUserId, decidedAt: row.decidedAt, request: row };
  }

  private submitAfterOf(row: Pick<SmartRequestRow, 'sentDelayType' | 'sentDelayValue'>, now: Date): Date | null {
    const unit = row.sentDelayType === 'Minute' ? 60_000 : row.sentDelayType === 'Hour' ? 3_600_000 : 0;
    return unit && row.sentDelayValue > 0 ? new Date(now.getTime() + unit * row.sentDelayValue) : null;
  }

  // ----- validation -------------------------------------------------------------------------

  /** Every field problem at once, with the spec's messages; the BTS's own refusals come later from its estimate. */
  private check(input: EstimateInput, needsText: boolean): ValidationIssue[] {
    const issues: ValidationIssue[] = [];
    const add = (propertyName: string, key: string, params: Record<string, unknown> = {}) => issues.push({ propertyName, key, params });
    if (!nullIfBlank(input.requestName)) add('requestName', 'targeting.smart.titleRequired');
    if (needsText && !nullIfBlank(input.text)) add('text', 'targeting.smart.textRequired');
    if (!input.operator) add('operator', 'targeting.smart.operatorRequired');
    if (!(input.residenceState ?? true) && !input.joberState && !input.travellerState) add('residenceState', 'targeting.smart.audienceRequired');
    const type = input.smartRequestType ?? 'Area';
    const areas = (input.areas ?? []) as GeoArea[];
    if (type === 'Area') {
      if (areas.length === 0) add('areas', 'targeting.smart.noArea');
      areas.forEach((a, i) => {
        const problem = smartAreaProblem(a);
        if (problem) add(`areas[${i}]`, `targeting.smart.${problem}`, { max: problem === 'areaTooLarge' ? MAX_AREA_KM2 : MAX_CIRCLE_RADIUS_METERS });
      });
    } else if ((input.cellList ?? []).length === 0 || (input.cellList ?? []).some((c) => !/^[0-9]{1,20}$/.test(c))) {
      add('cellList', 'targeting.smart.cellListWrong');
    }
    const start = Date.parse(input.startDatetime);
    const end = Date.parse(input.endDatetime);
    if (!Number.isFinite(start) || !Number.isFinite(end)) add('startDatetime', 'targeting.smart.presenceRequired');
    else if (end <= start) add('endDatetime', 'targeting.smart.presenceOrder');
    else if (end - start > PRESENCE_MAX_MS) add('endDatetime', 'targeting.smart.presenceTooLong');
    else if (end - start >= PRESENCE_MAX_BIG_MS && isBigTarget(input.provinces ?? [], type === 'Area' && issues.every((i) => !i.propertyName.startsWith('areas')) ? areas : [])) {
      add('endDatetime', 'targeting.smart.presenceTooLongBig');
    }
    if ((input.sendCountType ?? 'Count') === 'Count' && !input.countToSend) add('countToSend', 'targeting.smart.countRequired');
    if (input.sendCountType === 'Percentage' && !input.percentageToSend) add('percentageToSend', 'targeting.smart.percentageRequired');
    if (input.ageFrom !== null && input.ageFrom !== undefined && input.ageTo !== null && input.ageTo !== undefined && input.ageFrom > input.ageTo) add('ageTo', 'targeting.smart.ageOrder');
    return issues;
  }

  private throwIssues(issues: ValidationIssue[]): void {
    if (issues.length === 0) return;
    const first = issues[0]!;
    throw new AppError(400, first.key, first.params, issues);
  }

  /** The stored fields of a request from its body (after `check`). */
  private fields(input: EstimateInput): Partial<SmartRequestRow> {
    const sendCountType = input.sendCountType ?? 'Count';
    return {
      requestName: (input.requestName ?? '').trim(),
      text: input.text ?? '',
      operator: input.operator as SmartRequestRow['operator'],
      areas: (input.smartRequestType ?? 'Area') === 'Area' ? (input.areas ?? []) as GeoArea[] : [],
      residenceState: input.residenceState ?? true,
      joberState: input.joberState ?? false,
      travellerState: input.travellerState ?? false,
      provinces: input.provinces ?? [],
      ageFrom: input.ageFrom ?? null,
      ageTo: input.ageTo ?? null,
      gender: input.gender ?? 'All',
      deviceType: nullIfBlank(input.deviceType),
      brand: nullIfBlank(input.brand),
      model: nullIfBlank(input.model),
      mobilePrefix: input.mobilePrefix ?? [],
      cellList: input.cellList ?? [],
      smartRequestType: input.smartRequestType ?? 'Area',
      operationType: nullIfBlank(input.operationType),
      periodicSmartSms: (input.periodicSmartSms ?? null) as Record<string, unknown> | null,
      grayListExpireHour: input.grayListExpireHour ?? null,
      sentDelayType: input.sentDelayType ?? 'None',
      sentDelayValue: input.sentDelayValue ?? 0,
      sendCountType,
      countToSend: sendCountType === 'Count' ? input.countToSend ?? null : null,
      percentageToSend: sendCountType === 'Percentage' ? input.percentageToSend ?? null : null,
      maxSendCount: input.maxSendCount ?? null,
      maxDailySendCount: input.maxDailySendCount ?? null,
      startDatetime: new Date(input.startDatetime),
      endDatetime: new Date(input.endDatetime),
      partsCount: Math.max(1, countParts(input.text ?? '').parts),
    };
  }

  /** `organizationId`: whose gray list counts, for an estimate before the row exists (the caller's). */
  private btsRequest(f: Partial<SmartRequestRow>, organizationId = f.organizationId): BtsSmartRequest {
    return {
      requestName: f.requestName!, operator: f.operator!, areas: f.areas ?? [], residenceState: f.residenceState!, joberState: f.joberState!,
      travellerState: f.travellerState!, provinces: f.provinces ?? [], ageFrom: f.ageFrom ?? null, ageTo: f.ageTo ?? null, gender: f.gender ?? 'All',
      deviceType: f.deviceType ?? null, brand: f.brand ?? null, model: f.model ?? null, mobilePrefix: f.mobilePrefix ?? [], cellList: f.cellList ?? [],
      smartRequestType: f.smartRequestType ?? null, operationType: f.operationType ?? null, sendCountType: f.sendCountType ?? 'Count',
      countToSend: f.countToSend ?? null, percentageToSend: f.percentageToSend ?? null, maxSendCount: f.maxSendCount ?? null,
      maxDailySendCount: f.maxDailySendCount ?? null, startDatetime: f.startDatetime!, endDatetime: f.endDatetime!,
      // The organization's id is opaque to the operator; the gray list is kept per organization.
      organizationKey: organizationId !== undefined ? `org-${organizationId}` : null,
      grayListExpireHour: f.grayListExpireHour ?? null,
    };
  }

  // ----- agents -----------------------------------------------------------------------------

  /** The active `bts` agents a request may name, the default (the first) first; seeds the simulator's like any smart call. */
  async agents(): Promise<{ items: { id: number; title: string }[] }> {
    const agents = await this.senderAgents.btsAgents();
    return { items: agents.filter((a) => a.isActive).map(({ id, title }) => ({ id, title })) };
  }

  /**
   * The `bts` agent a request goes to: the one named (active, of a loaded `bts` plugin), else the
   * installation's first active one. A fresh install gets a `bts-simulator` agent on first use
   * (numbers' `btsAgents`, the one reader of them).
   */
  private async agentFor(senderAgentId: number | undefined): Promise<BtsAgent> {
    const agents = await this.senderAgents.btsAgents();
    if (senderAgentId !== undefined) {
      const agent = agents.find((a) => a.id === senderAgentId);
      if (!agent) throw new AppError(400, 'targeting.smart.agentNotBts', {}, [{ propertyName: 'senderAgentId', key: 'targeting.smart.agentNotBts', params: {} }]);
      if (!agent.isActive) throw new AppError(400, 'targeting.smart.agentUnavailable', {}, [{ propertyName: 'senderAgentId', key: 'targeting.smart.agentUnavailable', params: {} }]);
      return agent;
    }
    const agent = agents.find((a) => a.isActive);
    if (!agent) throw new AppError(400, 'targeting.smart.noAgent');
    return agent;
  }

  /** A stored request's agent (live, of a loaded `bts` plugin); `agents`: a list the caller already read (the poll job reads it once per run). */
  private async agentById(id: number, agents?: BtsAgent[]): Promise<BtsAgent | null> {
    return (agents ?? (await this.senderAgents.btsAgents())).find((a) => a.id === id) ?? null;
  }

  private async gateway(agent: BtsAgent): Promise<BtsGateway> {
    try {
      return await this.connections.gatewayOf(agent);
    } catch (err) {
      this.logger.warn({ err, agentId: agent.id }, 'bts agent unavailable');
      throw new AppError(503, 'targeting.smart.agentUnavailable');
    }
  }

  // ----- calls ------------------------------------------------------------------------------

  /** Audience per operator and area from the BTS, and the price of what a submit would send now (nothing held). */
  async estimate(ctx: Actor, input: EstimateInput) {
    const { f, audience: est } = await this.estimated(ctx, input, false);
    const op = BILLING_OPERATOR[f.operator!];
    const parts = f.partsCount!;
    const unit = await this.billing.checkHold({ organizationId: ctx.principal.organizationId, userId: ctx.principal.userId, parts: { [op]: parts }, smart: true });
    const unitPrice = BigInt(unit.price?.total ?? '0');
    const price = est.sendableCount > 0
      ? BigInt((await this.billing.checkHold({ organizationId: ctx.principal.organizationId, userId: ctx.principal.userId, parts: { [op]: est.sendableCount * parts }, smart: true })).price?.total ?? '0')
      : 0n;
    const answer: SmartEstimate = { perOperator: est.perOperator, perArea: est.perArea, sendableCount: est.sendableCount, partsCount: parts, unitPrice: unitPrice.toString(), price: price.toString(), smartPercent: null };
    return answer;
  }

  /**
   * What Estimate, create and Update all do before anything is stored: every field problem at once
   * (`itemOf`: a P2P item's index, so its text and operator problems name `items[i]`), the stored
   * fields, the agent, and the BTS's own estimate — its refusals ('No cell in the area with
   * selected operator', …) answer the form as field errors.
   */
  private async estimated(ctx: Actor, input: EstimateInput, needsText: boolean, itemOf?: number): Promise<{ f: Partial<SmartRequestRow>; agent: BtsAgent; audience: SmartAudience }> {
    const issues = this.check(input, needsText);
    if (itemOf !== undefined) for (const issue of issues) if (issue.propertyName === 'text' || issue.propertyName === 'operator') issue.propertyName = `items[${itemOf}].${issue.propertyName}`;
    this.throwIssues(issues);
    const f = this.fields(input);
    const agent = await this.agentFor(input.senderAgentId);
    const est = await (await this.gateway(agent)).estimate(this.btsRequest(f, ctx.principal.organizationId));
    if (!est.ok) throw refusalError(est);
    return { f, agent, audience: { perOperator: est.perOperator, perArea: est.perArea, sendableCount: est.sendableCount } };
  }

  create(ctx: Actor, input: SmartRequestInput) {
    return this.createMany(ctx, [input], input.periodicSmartSms ? 'Periodic' : 'Single').then((rows) => rows[0]!);
  }

  /** P2P: one request per operator text, the audience shared (targeting CONTEXT.md). */
  async createP2P(ctx: Actor, input: P2PInput) {
    const { items, ...common } = input;
    const issues: ValidationIssue[] = [];
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (!item.operator) issues.push({ propertyName: `items[${i}].operator`, key: 'targeting.smart.p2pOperatorRequired', params: {} });
      else if (seen.has(item.operator)) issues.push({ propertyName: `items[${i}].operator`, key: 'targeting.smart.p2pDuplicateOperator', params: {} });
      else seen.add(item.operator);
    });
    this.throwIssues(issues);
    const inputs = items.map((item) => ({
      ...common, operator: item.operator, text: item.text,
      ...(item.countToSend !== undefined ? { countToSend: item.countToSend } : {}),
      ...(item.percentageToSend !== undefined ? { percentageToSend: item.percentageToSend } : {}),
    })) as SmartRequestInput[];
    return { items: await this.createMany(ctx, inputs, 'P2P') };
  }

  private async createMany(ctx: Actor, inputs: SmartRequestInput[], kind: SmartRequestRow['requestKind']) {
    const prepared: { f: Partial<SmartRequestRow>; agent: BtsAgent }[] = [];
    for (const [i, input] of inputs.entries()) {
      const { f, agent } = await this.estimated(ctx, input, true, kind === 'P2P' ? i : undefined);
      prepared.push({ f, agent });
    }
    const withoutConfirmation = ctx.principal.profile.isCanSendSmartWithoutConfirmation === true;
    const rows = await this.uow.run(async (tx) => {
      const now = this.clock.now();
      const out: SmartRequestRow[] = [];
      for (const { f, agent } of prepared) {
        const row = await this.repo.insert(tx, {
          ...f, organizationId: ctx.principal.organizationId, userId: ctx.principal.userId, requestKind: kind, groupId: out[0]?.id ?? null,
          senderAgentId: agent.id,
          stage: withoutConfirmation ? 'Queued' : 'AwaitingApproval', status: 'Stored', statusDatetime: now,
          approvalStatus: withoutConfirmation ? 'Confirmed' : 'WatingForConfirm',
          submitAfter: withoutConfirmation ? this.submitAfterOf(f as SmartRequestRow, now) : null,
          createdAt: now, lastModified: now,
        });
        await this.audit.record(tx, ctx, { operationType: 'Create', className: 'SmartSmsRequest', referenceId: row.id, organizationId: row.organizationId, newData: row });
        await this.alertCreated(tx, row, ctx.principal.userName);
        out.push(row);
      }
      return out;
    });
    const answered: SmartRequestRow[] = [];
    for (const row of rows) answered.push(row.stage === 'Queued' && !row.submitAfter ? await this.submit(row.id) : row);
    return answered.map((r) => this.answer(ctx, r));
  }

  async list(ctx: Actor, query: SchemaType<typeof smartRequestsQuery>) {
    const page = await this.repo.list(ctx.tenant, managerOwnerFilter(ctx), normalizeSearch({ ...query, pageIndex: query.pageIndex ?? 0, pageSize: query.pageSize ?? 20 }));
    return { items: page.items.map((r) => this.answer(ctx, r)), totalCount: page.totalCount };
  }

  async get(ctx: Actor, id: number) {
    const row = await this.repo.findVisible(ctx.tenant, managerOwnerFilter(ctx), id);
    if (!row) throw notFound('targeting.smart.notFound');
    return { ...this.answer(ctx, row), locations: row.locations, ...(await this.occurrencesOf(ctx, row)) };
  }

  /** Only before the request went to the operator; a changed request waits for approval again unless the user needs none. */
  async update(ctx: Actor, input: UpdateInput) {
    const { f, agent } = await this.estimated(ctx, input, true);
    const withoutConfirmation = ctx.principal.profile.isCanSendSmartWithoutConfirmation === true;
    const row = await this.uow.run(async (tx) => {
      const { row: view } = await this.approval.found(ctx, input.id, tx);
      const before = view.request;
      if (!editable(before)) throw conflict('targeting.smart.wrongState');
      const now = this.clock.now();
      const updated = await this.repo.update(tx, before.id, {
        ...f, senderAgentId: agent.id, lastModified: now, rejectReason: null,
        // A periodic request keeps its rule when an update does not restate it; only periodic requests carry one.
        periodicSmartSms: before.requestKind === 'Periodic' ? f.periodicSmartSms ?? before.periodicSmartSms : null,
        stage: withoutConfirmation ? 'Queued' : 'AwaitingApproval', approvalStatus: withoutConfirmation ? 'Confirmed' : 'WatingForConfirm',
        decidedByUserId: null, decidedAt: null, submitAfter: withoutConfirmation ? this.submitAfterOf(f as SmartRequestRow, now) : null,
      });
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'SmartSmsRequest', referenceId: before.id, organizationId: before.organizationId, oldData: before, newData: updated });
      return updated;
    });
    return this.answer(ctx, row.stage === 'Queued' && !row.submitAfter ? await this.submit(row.id) : row);
  }

  /** Confirm or Reject through the approvals workflow (404 → 403 → the 'please wait' 409); a confirmed request goes to the BTS at once (or after its delay). */
  async decide(ctx: Actor, id: number, decision: 'Confirm' | 'Reject', reason: string | null = null) {
    const view = await this.approval.decide(ctx, id, decision, reason);
    const row = view.request;
    return this.answer(ctx, row.stage === 'Queued' && !row.submitAfter ? await this.submit(row.id) : row);
  }

  /** Cancel: before the BTS, it just ends; at the BTS, the operator is told to stop and what it sent is settled. */
  async cancel(ctx: Actor, id: number) {
    const { row, externalId } = await this.uow.run(async (tx) => {
      const row = await this.repo.findVisible(ctx.tenant, managerOwnerFilter(ctx), id, tx);
      if (!row) throw notFound('targeting.smart.notFound');
      if (row.stage === 'AwaitingApproval' || row.stage === 'Queued') {
        const now = this.clock.now();
        // A periodic request stops here: the job creates no occurrence of a parent that left `Queued`.
        const stop = isPeriodicParent(row) ? { periodicStopReason: 'Cancelled', nextOccurrenceAt: null } : {};
        const updated = await this.repo.update(tx, id, { stage: 'Cancelled', failedReason: 'targeting.smart.cancelled', endedAt: now, lastModified: now, ...stop });
        await this.audit.record(tx, ctx, { operationType: 'Cancel', className: 'SmartSmsRequest', referenceId: id, organizationId: row.organizationId, oldData: row, newData: updated });
        this.pushAfterCommit(tx, updated);
        return { row: updated, externalId: null };
      }
      if (row.stage !== 'Submitted') throw conflict('targeting.smart.wrongState');
      if (row.externalId === null) {
        // Not yet taken by the operator (a submit under way or lost): nothing was sent.
        const updated = await this.finish(tx, row, { status: 'Failed', sentCount: 0, failedReason: 'targeting.smart.cancelled' }, 'Cancelled');
        return { row: updated, externalId: null };
      }
      // Marked first: the operator's final report may come by push before this call's own apply.
      const marked = await this.repo.update(tx, id, { cancelRequestedAt: this.clock.now() });
      await this.audit.record(tx, ctx, { operationType: 'Cancel', className: 'SmartSmsRequest', referenceId: id, organizationId: row.organizationId, oldData: row, newData: marked });
      return { row: marked, externalId: row.externalId };
    });
    if (isPeriodicParent(row)) {
      // Its running occurrence (at most one) is cancelled as any request is; ended ones stay settled.
      for (const o of await this.repo.occurrences(id)) {
        if (OPEN_STAGES.includes(o.stage)) await this.cancel(ctx, o.id).catch((err: unknown) => { if (!(err instanceof AppError && err.status === 409)) throw err; });
      }
      return this.answer(ctx, (await this.repo.get(id))!);
    }
    if (externalId === null) return this.answer(ctx, row);
    const agent = await this.agentById(row.senderAgentId);
    if (!agent) throw new AppError(503, 'targeting.smart.agentUnavailable');
    const status = await (await this.gateway(agent)).cancel(externalId);
    await this.apply(row.senderAgentId, status, 'Cancelled');
    return this.answer(ctx, (await this.repo.get(id))!);
  }

  // ----- to the BTS and back ----------------------------------------------------------------

  /**
   * Hands a confirmed request to its BTS: estimate now → hold credit for the sendable count (the
   * stage moves to `Submitted` in the same transaction, so two workers never both hold) → submit
   * → keep the operator's id. A refusal or a failure releases the hold and ends the request.
   */
  async submit(id: number): Promise<SmartRequestRow> {
    let row = await this.repo.get(id);
    if (!row || row.stage !== 'Queued') return row!;
    if (isPeriodicParent(row)) {
      // A periodic request is never submitted itself: its due occurrence is.
      await this.runParent(id, this.clock.now());
      return (await this.repo.get(id))!;
    }
    const agent = await this.agentById(row.senderAgentId);
    const request = this.btsRequest(row);
    let gateway: BtsGateway | null = null;
    let estimate: Awaited<ReturnType<BtsGateway['estimate']>> | null = null;
    let failure: string | null = null;
    try {
      if (!agent || !agent.isActive) throw new Error('agent');
      gateway = await this.connections.gatewayOf(agent);
      estimate = await gateway.estimate(request);
    } catch (err) {
      this.logger.warn({ err, id }, 'smart request: BTS not reachable at submit');
      failure = 'targeting.smart.agentUnavailable';
    }
    const claimed = await this.uow.run(async (tx) => {
      const locked = await this.repo.lock(tx, id);
      if (!locked || locked.stage !== 'Queued') return null;
      const now = this.clock.now();
      const end = (status: SmartRequestRow['status'], failedReason: string) =>
        this.finish(tx, locked, { status, sentCount: 0, failedReason }, 'Ended', false).then(() => null);
      // BTS down: stays queued; the submit job tries again.
      if (failure || !estimate) return null;
      if (!estimate.ok) return end('Failed', this.translator.t('fa', REFUSAL_KEYS[estimate.code]?.key ?? 'targeting.smart.invalidRequest', { reason: estimate.message ?? estimate.code }));
      if (estimate.sendableCount <= 0) return end('NotFound', 'targeting.smart.nobodyFound');
      const op = BILLING_OPERATOR[locked.operator];
      let hold: HoldView;
      try {
        hold = await savepoint(tx, (sp) => this.billing.hold(sp, {
          reference: ref(id), organizationId: locked.organizationId, userId: locked.userId, parts: { [op]: estimate.sendableCount * locked.partsCount }, smart: true,
        }));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return end('Failed', err.key);
      }
      const held = BigInt(hold.amount);
      await this.repo.update(tx, id, {
        stage: 'Submitted', requestedCount: estimate.sendableCount, heldAmount: held.toString(),
        unitPrice: (held / BigInt(estimate.sendableCount)).toString(), submittedAt: now, statusDatetime: now, lastModified: now,
      });
      return true;
    });
    if (!claimed || !gateway) return (await this.repo.get(id))!;
    let answer: Awaited<ReturnType<BtsGateway['submit']>> | null = null;
    try {
      answer = await gateway.submit(request, row.text);
    } catch (err) {
      this.logger.warn({ err, id }, 'smart request: BTS submit failed');
    }
    const late = await this.uow.run(async (tx) => {
      const locked = (await this.repo.lock(tx, id))!;
      if (answer?.ok) {
        if (locked.stage === 'Submitted' && locked.externalId === null) {
          row = await this.repo.update(tx, id, { externalId: answer.externalId, lastModified: this.clock.now() });
          this.pushAfterCommit(tx, row);
          return null;
        }
        // Cancelled or timed out while the operator took it: tell it to stop.
        return answer.externalId;
      }
      if (locked.stage !== 'Submitted') return null;
      const reason = answer && !answer.ok
        ? this.translator.t('fa', REFUSAL_KEYS[answer.code]?.key ?? 'targeting.smart.invalidRequest', { reason: answer.message ?? answer.code })
        : 'targeting.smart.agentUnavailable';
      await this.finish(tx, locked, { status: answer ? 'Failed' : 'InternalError', sentCount: 0, failedReason: reason }, 'Ended');
      return null;
    });
    if (late) await gateway.cancel(late).catch((err: unknown) => this.logger.warn({ err, id }, 'smart request: late cancel failed'));
    return (await this.repo.get(id))!;
  }

  /** `host.progress`: stored one by one; an update for an id not known yet is refused (the plugin hands it again). */
  async progress(agentId: number, updates: BtsRequestStatus[]): Promise<void> {
    // Read before the updates: a submit that stores its id between an update's lookup and a later
    // check would no longer look in flight, and its report (often the only, final one) would be
    // dropped. A submit's stage is committed before the BTS gets it, so any report about it finds
    // it in flight here or finds its id below.
    const waiting = await this.repo.hasSubmitInFlight(agentId);
    let unknown = 0;
    for (const u of updates) if (!(await this.apply(agentId, u, 'Ended'))) unknown += 1;
    if (unknown === 0) return;
    // Refused only while a submit of this agent waits for its id (the report may be about it);
    // otherwise the id is no request of ours and handing it again forever would help nobody.
    if (waiting) throw new Error(`${unknown} BTS progress updates name no submitted request yet`);
    this.logger.warn({ agentId, unknown }, 'BTS progress for unknown requests dropped');
  }

  /**
   * One operator status, stored under the row's lock: counts only grow (sent capped by the
   * requested count), a final status settles exactly once (the stage leaves `Submitted` in the
   * same transaction, so a repeated or concurrent report finds nothing to do). False: unknown id.
   */
  private async apply(agentId: number, u: BtsRequestStatus, endStage: 'Ended' | 'Cancelled'): Promise<boolean> {
    return this.uow.run(async (tx) => {
      const row = await this.repo.lockByExternal(tx, agentId, u.externalId);
      if (!row) return false;
      if (row.stage !== 'Submitted') return true;
      const sentCount = Math.min(row.requestedCount, Math.max(row.sentCount, u.sentCount));
      if (FINAL_SMART_SMS_STATUSES.includes(u.status)) {
        await this.finish(tx, row, { status: u.status, sentCount, foundCount: u.foundCount, deliveredCount: u.deliveredCount, failedReason: u.failedReason ?? null, locations: u.locations, at: u.at }, row.cancelRequestedAt ? 'Cancelled' : endStage);
        return true;
      }
      // Reports may arrive out of order (a push and a poll crossing): an older one than the stored one changes nothing.
      const storedAt = row.responseData?.at ? Date.parse(String(row.responseData.at)) : NaN;
      if (Number.isFinite(storedAt) && new Date(u.at).getTime() < storedAt) return true;
      const now = this.clock.now();
      const updated = await this.repo.update(tx, row.id, {
        status: u.status, statusDatetime: now, sentCount,
        foundCount: Math.max(row.foundCount, u.foundCount), deliveredCount: Math.min(sentCount, Math.max(row.deliveredCount, u.deliveredCount ?? 0)),
        responseData: this.responseData(u), ...(u.locations.length ? { locations: u.locations } : {}), lastModified: now,
      });
      this.pushAfterCommit(tx, updated);
      return true;
    });
  }

  private responseData(u: Partial<BtsRequestStatus>): Record<string, unknown> {
    return { status: u.status, foundCount: u.foundCount, sentCount: u.sentCount, deliveredCount: u.deliveredCount ?? null, failedReason: u.failedReason ?? null, at: u.at ?? null };
  }

  /**
   * Ends a request (locked, not yet ended): settles the hold by `sentCount` — the unsent part
   * refunded at the held rates, the rest charged; nothing sent = released — stores the final
   * status, pushes it, and raises the failure alert.
   */
  private async finish(
    tx: Tx, row: SmartRequestRow,
    end: { status: SmartRequestRow['status']; sentCount: number; failedReason: string | null; foundCount?: number; deliveredCount?: number; locations?: BtsRequestStatus['locations']; at?: Date },
    stage: 'Ended' | 'Cancelled', held = true,
  ): Promise<SmartRequestRow> {
    const now = this.clock.now();
    let settled = 0n;
    if (held && row.stage === 'Submitted' && row.requestedCount > 0) {
      const reference = ref(row.id);
      if (end.sentCount <= 0) {
        await this.billing.release(tx, reference);
      } else {
        const unsent = row.requestedCount - end.sentCount;
        if (unsent > 0) await this.billing.refund(tx, reference, { [BILLING_OPERATOR[row.operator]]: unsent * row.partsCount }, 'unsent');
        const view = await this.billing.settle(tx, reference);
        settled = BigInt(view.amount) - BigInt(view.lines.find((l) => l.role === 'organization' && l.organizationId === row.organizationId)?.refunded ?? '0');
      }
    }
    const sentCount = end.sentCount;
    const updated = await this.repo.update(tx, row.id, {
      stage, status: end.status, statusDatetime: now, endedAt: now, lastModified: now, sentCount,
      foundCount: Math.max(row.foundCount, end.foundCount ?? 0),
      deliveredCount: Math.min(sentCount, Math.max(row.deliveredCount, end.deliveredCount ?? 0)),
      settledAmount: settled.toString(), failedReason: end.failedReason,
      responseData: this.responseData({ ...end, failedReason: end.failedReason ?? undefined, sentCount }),
      ...(end.locations?.length ? { locations: end.locations } : {}),
    });
    if (stage === 'Ended' && FAILURE_STATUSES.has(end.status)) await this.alertFailed(tx, updated);
    this.pushAfterCommit(tx, updated);
    return updated;
  }

  // ----- periodic requests ------------------------------------------------------------------

  /**
   * `targeting.smart-periodic`: for each running periodic request whose next occurrence is due,
   * creates it (under the parent's lock) and submits it through the ordinary path.
   */
  async runPeriodic(now: Date = this.clock.now(), signal?: AbortSignal): Promise<number> {
    const ids = await this.repo.periodicDue(new Date(now.getTime() + OCCURRENCE_LEAD_MS), 50);
    let created = 0;
    for (const id of ids) {
      // A stopping server aborts: the parents left are due again at the next run.
      if (signal?.aborted) break;
      created += await this.runParent(id, now).catch((err: unknown) => { this.logger.warn({ err, id }, 'periodic smart request run failed'); return 0; });
    }
    return created;
  }

  private async runParent(id: number, now: Date): Promise<number> {
    const child = await this.nextOccurrence(id, now);
    if (!child) return 0;
    await this.submit(child.id);
    return 1;
  }

  /**
   * The next occurrence of a periodic request, created under the parent's row lock (so two
   * scheduler runs create it once; the unique (parentId, occurrenceIndex) is the second guard),
   * only once the previous one has ended (occurrences never overlap, and a day's sent total is
   * known). A step whose window has already passed is skipped, as is one whose Tehran day has
   * reached `maxDailySendCount`; an occurrence's `maxSendCount` is lowered to what is left of its
   * day. No further step (repetitions or end date reached): the parent ends `Done`, `Completed`.
   */
  private async nextOccurrence(id: number, now: Date): Promise<SmartRequestRow | null> {
    return this.uow.run(async (tx) => {
      const parent = await this.repo.lock(tx, id);
      if (!parent || !isPeriodicParent(parent) || parent.stage !== 'Queued' || parent.approvalStatus !== 'Confirmed') return null;
      if (parent.submitAfter && new Date(parent.submitAfter).getTime() > now.getTime()) return null;
      const rule = parent.periodicSmartSms as unknown as PeriodicRule | null;
      const occurrences = await this.repo.occurrences(id, tx);
      const last = occurrences.at(-1);
      if (last && OPEN_STAGES.includes(last.stage)) return null;
      const start = new Date(parent.startDatetime);
      const windowMs = new Date(parent.endDatetime).getTime() - start.getTime();
      let after = last?.occurrenceIndex ?? null;
      for (;;) {
        const next = rule ? nextStep(rule, start, after, occurrences.length) : null;
        if (!next) {
          const updated = await this.repo.update(tx, id, {
            stage: 'Ended', status: 'Done', statusDatetime: now, endedAt: now, lastModified: now, nextOccurrenceAt: null, periodicStopReason: 'Completed',
          });
          this.pushAfterCommit(tx, updated);
          return null;
        }
        const due = new Date(next.at.getTime() - OCCURRENCE_LEAD_MS);
        if (now.getTime() < due.getTime()) {
          if (parent.nextOccurrenceAt?.getTime?.() !== due.getTime()) await this.repo.update(tx, id, { nextOccurrenceAt: due });
          return null;
        }
        after = next.step;
        // Missed (the scheduler was down through the whole window): skipped, never sent late.
        if (now.getTime() >= next.at.getTime() + windowMs) continue;
        let maxSendCount = parent.maxSendCount;
        if (parent.maxDailySendCount !== null) {
          // Ended occurrences count what they sent, open ones what is held for them.
          const left = dailyLeft(parent.maxDailySendCount, occurrences.map((o) => ({ startDatetime: o.startDatetime, counted: OPEN_STAGES.includes(o.stage) ? o.requestedCount : o.sentCount })), next.at);
          if (left <= 0) continue;
          maxSendCount = Math.min(maxSendCount ?? left, left);
        }
        const child = await this.repo.insert(tx, {
          organizationId: parent.organizationId, userId: parent.userId, requestKind: 'Periodic', groupId: parent.id, parentId: parent.id, occurrenceIndex: next.step,
          requestName: parent.requestName, text: parent.text, senderAgentId: parent.senderAgentId, operator: parent.operator, areas: parent.areas,
          residenceState: parent.residenceState, joberState: parent.joberState, travellerState: parent.travellerState, provinces: parent.provinces,
          ageFrom: parent.ageFrom, ageTo: parent.ageTo, gender: parent.gender, deviceType: parent.deviceType, brand: parent.brand, model: parent.model,
          mobilePrefix: parent.mobilePrefix, cellList: parent.cellList, smartRequestType: parent.smartRequestType, operationType: parent.operationType,
          periodicSmartSms: null, grayListExpireHour: parent.grayListExpireHour, sentDelayType: 'None', sentDelayValue: 0,
          sendCountType: parent.sendCountType, countToSend: parent.countToSend, percentageToSend: parent.percentageToSend,
          maxSendCount, maxDailySendCount: parent.maxDailySendCount, startDatetime: next.at, endDatetime: new Date(next.at.getTime() + windowMs),
          stage: 'Queued', status: 'Stored', statusDatetime: now, approvalStatus: 'Confirmed', decidedByUserId: parent.decidedByUserId, decidedAt: parent.decidedAt,
          partsCount: parent.partsCount, submitAfter: null, createdAt: now, lastModified: now,
        });
        const following = nextStep(rule!, start, next.step, occurrences.length + 1);
        await this.repo.update(tx, id, { nextOccurrenceAt: following ? new Date(following.at.getTime() - OCCURRENCE_LEAD_MS) : null, lastModified: now });
        return child;
      }
    });
  }

  /** A periodic request's occurrences and their sums (Get/:id). */
  private async occurrencesOf(ctx: Actor, row: SmartRequestRow) {
    if (!isPeriodicParent(row)) return { occurrences: [], occurrenceTotals: null };
    const rows = await this.repo.occurrences(row.id);
    const occurrences = rows.map((o) => ({
      id: o.id, occurrenceIndex: o.occurrenceIndex ?? 0, stage: o.stage, status: o.status, startDatetime: o.startDatetime, endDatetime: o.endDatetime,
      maxSendCount: o.maxSendCount, requestedCount: o.requestedCount, sentCount: o.sentCount, deliveredCount: o.deliveredCount,
      heldAmount: o.heldAmount, settledAmount: o.settledAmount, failedReason: this.reasonOf(ctx, o.failedReason),
    }));
    const sum = (f: (o: SmartRequestRow) => number) => rows.reduce((n, o) => n + f(o), 0);
    const sumBig = (f: (o: SmartRequestRow) => string) => rows.reduce((n, o) => n + BigInt(f(o)), 0n).toString();
    return {
      occurrences,
      occurrenceTotals: {
        occurrenceCount: rows.length, requestedCount: sum((o) => o.requestedCount), sentCount: sum((o) => o.sentCount), deliveredCount: sum((o) => o.deliveredCount),
        heldAmount: sumBig((o) => (OPEN_STAGES.includes(o.stage) ? o.heldAmount : '0')), settledAmount: sumBig((o) => o.settledAmount),
      },
    };
  }

  // ----- jobs -------------------------------------------------------------------------------

  /** `targeting.smart-submit`: confirmed requests whose delay has passed (and those a down BTS left queued). */
  async submitDue(signal?: AbortSignal): Promise<number> {
    const ids = await this.repo.dueForSubmit(this.clock.now(), 50);
    let tried = 0;
    for (const id of ids) {
      // A stopping server aborts: the rest stay Queued for the next run (each submit claims its row itself).
      if (signal?.aborted) break;
      tried += 1;
      await this.submit(id).catch((err: unknown) => this.logger.warn({ err, id }, 'smart request submit failed'));
    }
    return tried;
  }

  /**
   * `targeting.smart-poll`: asks the BTS about submitted requests not heard of for `pollAfterMs`,
   * and times out those with no final answer `answerTimeoutMs` after their submit (status Unknown,
   * the hold released: nothing is charged that the operator never confirmed; the operator is told to stop).
   */
  async pollStale(signal?: AbortSignal): Promise<{ polled: number; timedOut: number }> {
    const now = this.clock.now();
    const rows = await this.repo.staleSubmitted(new Date(now.getTime() - this.pollAfterMs), 100);
    let polled = 0;
    let timedOut = 0;
    // Once per run, not per request: up to 100 rows would otherwise read sender_agents 100 times.
    const agents = rows.length > 0 ? await this.senderAgents.btsAgents() : [];
    for (const row of rows) {
      // A stopping server aborts: the rows left are still stale at the next run.
      if (signal?.aborted) break;
      const agent = await this.agentById(row.senderAgentId, agents);
      if (row.submittedAt && now.getTime() - new Date(row.submittedAt).getTime() >= this.answerTimeoutMs) {
        const ended = await this.uow.run(async (tx) => {
          const locked = await this.repo.lock(tx, row.id);
          if (!locked || locked.stage !== 'Submitted') return false;
          await this.finish(tx, locked, { status: 'Unknown', sentCount: 0, failedReason: 'targeting.smart.timedOut' }, 'Ended');
          return true;
        });
        if (ended) {
          timedOut += 1;
          if (agent && row.externalId) await this.connections.gatewayOf(agent).then((g) => g.cancel(row.externalId!)).catch(() => undefined);
        }
        continue;
      }
      await this.repo.markPolled(row.id, now);
      if (!agent || !row.externalId) continue;
      try {
        const status = await (await this.connections.gatewayOf(agent)).status(row.externalId);
        await this.apply(agent.id, status, 'Ended');
        polled += 1;
      } catch (err) {
        this.logger.warn({ err, id: row.id }, 'smart request poll failed');
      }
    }
    return { polled, timedOut };
  }

  async stop(): Promise<void> {
    await this.connections.stop();
  }

  // ----- alerts and answers -----------------------------------------------------------------

  /** enableSmartSmsFailureAlert: the owner and the organization's administrators get a panel notification. */
  private async alertFailed(tx: Tx, row: SmartRequestRow): Promise<void> {
    const flags = await this.repo.alertFlags(tx, row.organizationId);
    if (!flags.enableSmartSmsFailureAlert) return;
    const users = new Set([row.userId, ...(await this.repo.activeAdmins(tx, row.organizationId))]);
    const params = { name: row.requestName, status: row.status };
    for (const userId of users) {
      await this.notifications.notify(tx, {
        userId, organizationId: row.organizationId, kind: 'AlertSmartSmsFailure', importance: 'high',
        title: this.bilingual('targeting.smart.failedAlertTitle', {}, ' / '), body: this.bilingual('targeting.smart.failedAlert', params, '\n'),
      });
    }
  }

  /** isSendAlertForCreateSmartSmsRequest (of the parent organization): its administrators are told of a new request. */
  private async alertCreated(tx: Tx, row: SmartRequestRow, userName: string): Promise<void> {
    const flags = await this.repo.alertFlags(tx, row.organizationId);
    if (!flags.parentId || !flags.parentAlertsOnCreate) return;
    const params = { name: row.requestName, user: userName };
    for (const userId of await this.repo.activeAdmins(tx, flags.parentId)) {
      await this.notifications.notify(tx, {
        userId, organizationId: flags.parentId, kind: 'AlertCreateSmartSmsRequest',
        title: this.bilingual('targeting.smart.createdAlertTitle', {}, ' / '), body: this.bilingual('targeting.smart.createdAlert', params, '\n'),
      });
    }
  }

  /** Panel alerts are written in both languages, like the alerts module's (the reader's language is not known when they are raised). */
  private bilingual(key: string, params: Record<string, unknown>, separator: string): string {
    return `${this.translator.t('fa', key, params)}${separator}${this.translator.t('en-US', key, params)}`;
  }

  private pushAfterCommit(tx: Tx, row: SmartRequestRow): void {
    afterCommit(tx, () => this.realtime.emitToUser(row.userId, SMART_PROGRESS_EVENT, {
      id: row.id, stage: row.stage, status: row.status, statusDatetime: row.statusDatetime,
      foundCount: row.foundCount, sentCount: row.sentCount, deliveredCount: row.deliveredCount,
    }));
  }

  /** Our own reasons are stored as message keys and worded in the caller's language; the operator's are kept as written. */
  private reasonOf(ctx: Actor, failedReason: string | null): string | null {
    return failedReason && /^(targeting|billing)\./.test(failedReason) ? this.translator.t(ctx.culture, failedReason, {}) : failedReason;
  }

  /** The answer: stored fields, reasons in the caller's language, and what the caller may do now. */
  answer(ctx: Actor, row: SmartRequestRow) {
    const { locations: _locations, approvalStatus: _a, submittedAt: _s, lastPolledAt: _p, endedAt: _e, cancelRequestedAt: _c, ...rest } = row;
    const reason = this.reasonOf(ctx, row.failedReason);
    const manager = managerOwnerFilter(ctx) === null;
    return {
      ...rest,
      failedReason: reason,
      canEdit: editable(row),
      canDecide: manager && row.stage === 'AwaitingApproval',
      canCancel: ['AwaitingApproval', 'Queued', 'Submitted'].includes(row.stage),
    };
  }
}
