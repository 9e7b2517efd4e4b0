import { inject, injectable, multiInject, optional } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import { afterCommit, UnitOfWork, type Tx, isUniqueViolation } from '../../../platform/unit-of-work.js';
import type { Actor } from '../../../platform/actor.js';
import { AppError, appErrorBody, conflict, fieldError, forbidden } from '../../../platform/http/errors.js';
import type { Translator } from '../../../platform/i18n.js';
import type { Clock } from '../../../platform/clock.js';
import type { Logger } from 'pino';
import { BillingService, creditFailure, type GroupHoldItem, type HoldCheck, type PriceBreakdown } from '../../billing/index.js';
import type { SettingsService } from '../../../platform/settings.service.js';
import { OrganizationsService, type OrganizationRow } from '../../organizations/index.js';
import { LinesService, type ApiSendFlag, type SendLine } from '../../numbers/index.js';
import { AuditService } from '../../audit/index.js';
import { MediaService } from '../../media/index.js';
import { spokenText, VOICE_TEXT_MAX_LENGTH, voiceParts, voiceTextSeconds, type VoiceSendingMethod } from '../../../shared/voice/voice-rules.js';
import { countParts, specEncoding, containsLink, escapeHtmlTags, findForbiddenCharacters, hasForbiddenCharacters, isOnlyForbidden } from '../../../shared/sms/sms-text.js';
import { RecipientSet } from './recipient-set.js';
import { SendsRepository, type SendRow } from '../sends.repository.js';
import { ReceiversRepository, type RecipientInput } from '../receivers.repository.js';
import { SendSelectionsRepository } from '../send-selections.repository.js';
import { RECIPIENT_SOURCES, type GatheredRecipients, type RecipientSource, type RecipientSourceInput } from './recipient-sources.js';
import type { RecipientSelection } from './recipient-source-contract.js';
import { OPERATOR_COLUMNS, waitingStatus, type SendTypeName } from '../statuses.js';
import { holdReference, judgeSendDate, judgeWindows, sendFailure, standingFailure, judgeDescription } from '../send-rules.js';
import { publicSend } from '../sends.view.js';
import { DispatchSignal } from '../dispatch-signal.js';
import { LINK_SHORTENER, type LinkPlan, type LinkShortener, type ShortLinkMode } from './link-shortener.js';

/** The spec's minimum for a gradual send. */
export const GRADUAL_MIN_RECIPIENTS = 1_000;

/** What an internal caller (the periodic scheduler) adds to a send it creates. */
export interface StoreOptions {
  /** Extra columns of the send row (sendSubType, periodicSendId, periodicOccurrence). */
  values?: Record<string, unknown>;
  /** Runs inside the send's transaction after it is stored and held; throwing undoes everything. */
  inTransaction?: (tx: Tx, send: SendRow) => Promise<void>;
  /**
   * Like `inTransaction`, for sends stored in a group (single sends): called ONCE per group with
   * every send of the group that carries the same hook (same `key`), so a caller's own rows are
   * one statement per group, not one per send.
   */
  groupHook?: GroupHook;
}

export interface GroupHook {
  key: string;
  run(tx: Tx, sends: SendRow[]): Promise<void>;
}

export interface ComposeInput {
  senderNumberId: number;
  smsBody: string;
  sendType: SendTypeName;
  sources: RecipientSourceInput[];
  isFlashSms?: boolean;
  /** UTC instant; absent or sendDirect ⇒ now. */
  sendDateTime?: string | null;
  sendDirect?: boolean;
  sendId?: string | null;
  description?: string | null;
  /**
   * Typed by a person in the panel (the send routes set it): the user's panel rules apply, today
   * isSendSmsDescriptionRequired (`judgeDescription`). The price preview does not judge them.
   */
  byHand?: boolean;
  /** A gradual send: `stepCount` receivers every `intervalMinutes` from dateTimeSend. */
  gradual?: { stepCount: number; intervalMinutes: number } | null;
  /**
   * A voice send (sendSubType Voice, `ScheduledMessages/CreateVoice`): an uploaded file
   * (`voiceFile`, a media id) or text read out by the provider (`voiceText`); `smsBody` is unused.
   */
  voice?: VoiceInput | null;
  /**
   * A P2P file without a template: every receiver's text comes from the file, so `smsBody` is not
   * the message and is not judged; the send row shows its most expensive receiver's text.
   */
  textPerReceiver?: boolean;
  /**
   * The text was confirmed before the send by someone who may confirm the organization's sends (a
   * pattern confirmed from above, patterns/): the send skips the confirmation queue.
   */
  textApproved?: boolean;
  /**
   * A caller's own judgement of the resolved line (targeting's regional sends: the line's gender,
   * group and automatic flags), run right after the line resolves. Throws a refusal; answers
   * `{ confirm: true }` when the send must wait for an administrator's confirmation.
   */
  lineRule?: (line: SendLine) => { confirm?: boolean } | void;
  /**
   * The links of the text (issue 28): left as they are (None, absent), one short link per send,
   * or a personal link per receiver (who clicked is known). Through `LINK_SHORTENER`.
   */
  shortLinks?: ShortLinkMode;
  /** An Api send's own line flag (numbers' API_SEND_FLAGS): the line must carry it (issue 30 part 3). */
  apiFlag?: ApiSendFlag;
}

export interface VoiceInput {
  sendingMethod: VoiceSendingMethod;
  voiceFile?: number | null;
  voiceText?: string | null;
}

/** What a voice send stores on its row and the dispatcher hands the gateway. */
interface PreparedVoice {
  sendingMethod: VoiceSendingMethod;
  mediaId: number | null;
  text: string | null;
  seconds: number;
  /** What the outbox shows as the send's text: the spoken text, or the file's title. */
  shown: string;
}

/** `blockedCount`: the blocked receivers of a selection (not in `blocked`, which then is empty). */
type Split = { sendable: RecipientInput[]; blocked: RecipientInput[]; counts: Record<string, number>; recipientCount: number; blockedCount?: number };

/** A single send judged (not yet against the blacklist and the price), waiting to be stored with others (`storeGroup`). */
export interface PreparedSingle {
  ctx: Actor;
  input: ComposeInput;
  p: Prepared;
}

/** See `ComposeService.freshReads`. */
const READS_TTL_MS = 2_000;
interface SingleReads { at: number; chain: OrganizationRow[]; line: SendLine }

/** `alone`: the send must be stored by itself (`storePrepared`), where it gets its own answer. */
export type GroupOutcome = { ok: SendRow; repeated: boolean } | { err: unknown } | { alone: true };

/** A member of a group's transaction: the send, its receivers as judged, and its planned hold. */
interface GroupItem { prepared: PreparedSingle; options: StoreOptions; split: Split; hold: GroupHoldItem }

/** Receivers per operator. */
function countsOf(recipients: RecipientInput[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of recipients) counts[r.operator] = (counts[r.operator] ?? 0) + 1;
  return counts;
}

/** A send row's price columns from the hold's breakdown of the sender's price. */
function priceColumns(b: PriceBreakdown): Record<string, string> {
  return { sendPrice: b.price.toString(), resolutionOfParliamentPrice: b.levy.toString(), taxPrice: b.tax.toString(), totalPrice: b.total.toString() };
}

/** A group whose hold was refused: rolled back whole, its members stored one by one. */
class GroupRefused extends Error {
  constructor() {
    super('single-send group: a hold was refused; storing its sends one by one');
  }
}

interface Prepared {
  line: SendLine;
  text: string;
  parts: ReturnType<typeof countParts>;
  recipients: GatheredRecipients;
  at: Date;
  chain: OrganizationRow[];
  voice: PreparedVoice | null;
  /** A dynamic send: its most expensive receiver (what the preview shows; the send row's parts). */
  dynamic: DynamicSample | null;
  /** The caller's lineRule asked for the confirmation queue. */
  confirm?: boolean;
  /** The send's short links, stored in its transaction. */
  links?: LinkPlan | null;
}

/** The receiver of a dynamic send whose own text has the most parts (the first of them). */
export interface DynamicSample {
  toNumber: string;
  smsText: string;
  smsParts: number;
}

/**
 * Compose and price: validates a send, resolves its receivers, and — in one transaction — stores
 * the send and its receivers, marks the blacklisted ones, holds the price along the organization
 * chain and consumes the line's limits. Either all of it happens or nothing does.
 */
@injectable()
export class ComposeService {
  constructor(
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(ReceiversRepository) private readonly receivers: ReceiversRepository,
    @inject(SendSelectionsRepository) private readonly selections: SendSelectionsRepository,
    @inject(LinesService) private readonly lines: LinesService,
    @inject(BillingService) private readonly billing: BillingService,
    @inject(TYPES.Settings) private readonly settings: SettingsService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @multiInject(RECIPIENT_SOURCES) private readonly recipientSources: RecipientSource[],
    @inject(AuditService) private readonly audit: AuditService,
    @inject(MediaService) private readonly media: MediaService,
    @inject(DispatchSignal) private readonly signal: DispatchSignal,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.Translator) private readonly translator: Translator,
    @inject(LINK_SHORTENER) @optional() private readonly shortener: LinkShortener | null = null,
  ) {}

  async setting(key: string): Promise<number> {
    // Main settings carry a default for every key (MAIN_SETTING_DEFAULTS).
    return Number((await this.settings.values()).get(key));
  }

  /**
   * The price preview: counts per operator, parts, blacklist, wrong numbers, price, levy, VAT, and
   * `problems` — every reason the send would be refused after its receivers are known (the chain's
   * tariffs and credit, the line's limits), judged by the same rules the send runs
   * (`standingProblems`), each as the send would answer it (`failureCode`, `message`, and for the
   * chain the organization and what it lacks). What `prepare` refuses is refused here too (400),
   * exactly as the send refuses it. Writes nothing, holds nothing, counts nothing.
   */
  async calculate(ctx: Actor, input: ComposeInput) {
    const p = await this.prepare(ctx, input);
    const { blocked, blockedCount, counts, parts, recipientCount } = await this.split(p, ctx.tenant.organizationId);
    const check = recipientCount > 0 ? await this.standingProblems(ctx, p, parts, recipientCount) : null;
    const price = check?.price ?? null;
    return {
      recipientCount,
      mciCount: counts.mci ?? 0, mtnCount: counts.irancell ?? 0, rightelCount: counts.rightel ?? 0, otherCount: counts.other ?? 0, internationalCount: counts.international ?? 0,
      blackListCount: blockedCount ?? blocked.length,
      wrongNumberCount: p.recipients.wrongNumberCount,
      duplicateCount: p.recipients.duplicateCount,
      invalidSamples: p.recipients.invalidSamples,
      smsParts: p.parts.parts, smsEncoding: specEncoding(p.parts.encoding), smsLength: p.parts.length,
      sendPrice: price?.price ?? '0', resolutionOfParliamentPrice: price?.levy ?? '0', taxPrice: price?.tax ?? '0', totalPrice: price?.total ?? '0',
      // False when the sending organization's own tariff cannot price it (its problem is listed).
      priced: price !== null,
      taxPercent: check?.taxPercent ?? null, levyPerPart: check?.levyPerPart ?? null,
      senderNumber: p.line.number,
      voiceSeconds: p.voice?.seconds ?? null,
      // A dynamic send: the most expensive receiver's text (smsParts above is its parts).
      dynamicSample: p.dynamic,
      problems: (check?.problems ?? []).map((err) => this.problemView(ctx, err, p.chain)),
    };
  }

  /**
   * The standing checks of a send whose receivers are known, one rule for the preview and the send:
   * billing judges the hold along the chain without holding (`BillingService.checkHold`: every
   * payer's tariff and rate, then each line's credit — the hold's own rules) and numbers judges the
   * line's day and month limits without counting. Problems come in the order the send meets them,
   * so the first is what `store` answers.
   */
  private async standingProblems(ctx: Actor, p: Prepared, parts: Record<string, number>, recipientCount: number): Promise<HoldCheck> {
    const check = await this.billing.checkHold({ organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId, parts, lineType: p.line.lineType });
    const limits = await this.lines.limitsFailure({ privateNumberId: p.line.id, userId: ctx.principal.userId, count: recipientCount, at: p.at });
    return limits ? { ...check, problems: [...check.problems, limits] } : check;
  }

  /**
   * One problem as the send would answer it — its data (failure code, organization, amounts) and its
   * message in the caller's language — and `fixable`: whether the caller may fix it. Tariffs and
   * credit are given from above, so an organization's problem is the caller's to fix only when the
   * caller administers an organization strictly above it; a user's allowance, when the caller is an
   * administrator and not that user. Anything else (a line's limit) is not fixed from the preview.
   */
  private problemView(ctx: Actor, err: AppError, chain: OrganizationRow[]): Record<string, unknown> {
    const { message } = appErrorBody((c, k, params) => this.translator.t(c, k, params), ctx.culture, err);
    const data = err.data as Record<string, unknown> & { organizationId?: number; userId?: number | null; failureCode?: string };
    const org = chain.find((o) => o.id === data.organizationId);
    const above = !!org && ctx.tenant.subtree && org.id !== ctx.principal.organizationId && org.path.startsWith(ctx.principal.organizationPath);
    const fixable = data.failureCode === 'UserCreditNotEnough' ? ctx.tenant.subtree && data.userId !== ctx.principal.userId : above;
    return { ...data, message, fixable };
  }

  async create(ctx: Actor, input: ComposeInput, options: StoreOptions = {}) {
    if (input.byHand) judgeDescription(ctx.principal.profile as Record<string, unknown>, input.description);
    if (input.sendId) {
      const existing = await this.sends.findByClientSendId(undefined, ctx.principal.userId, input.sendId);
      if (existing) return { ...publicSend(existing), repeated: true };
    }
    const p = await this.prepare(ctx, input);
    let send: SendRow;
    try {
      send = await this.store(ctx, input, p, options);
    } catch (err) {
      if (input.sendId && isUniqueViolation(err)) {
        const existing = await this.sends.findByClientSendId(undefined, ctx.principal.userId, input.sendId);
        if (existing) return { ...publicSend(existing), repeated: true };
        throw conflict('messaging.sendIdReused');
      }
      throw this.saveFailure(err);
    }
    await this.sourcesConsumed(input);
    return { ...publicSend(send), repeated: false };
  }

  /**
   * Creates a send for an internal caller (the periodic scheduler) in the given user's context,
   * through the same checks, price, hold and limits as the API. No client send id, no upload.
   */
  async createInternal(ctx: Actor, input: ComposeInput, options: StoreOptions): Promise<SendRow> {
    return this.store(ctx, input, await this.prepare(ctx, input), options);
  }

  /**
   * Checks a send that will be made later (a periodic definition) as if it went out at
   * `input.sendDateTime`: standing, line, windows, text, receivers and the price. Answers the
   * normalized receivers (the blacklist is applied at each occurrence) and the price of one
   * occurrence now. Writes nothing.
   */
  async prepareForLater(ctx: Actor, input: ComposeInput) {
    // A definition's occurrences are sends of their own; links drawn now would belong to none of them.
    if (input.shortLinks && input.shortLinks !== 'None') throw fieldError('shortLinkMode', 'messaging.shortLinksNotLater');
    const p = await this.prepare(ctx, input);
    if (p.recipients.selection) throw new Error('a selection of receivers cannot define a send made later');
    const { parts, recipientCount, blocked } = await this.split(p, ctx.tenant.organizationId);
    if (recipientCount === 0) throw sendFailure('RecipientNotExist', 'receivers');
    // Priced as the hold will price each occurrence; a chain that cannot price it (a tariff or a rate
    // missing) refuses the definition now, while credit and limits are judged at each occurrence.
    const check = await this.billing.checkHold({ organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId, parts, lineType: p.line.lineType });
    const unpriced = check.problems.find((e) => PRICING_CODES.has(String((e.data as { failureCode?: string }).failureCode)));
    if (unpriced || !check.price) throw unpriced ?? creditFailure('GroupPriceIsNull', ctx.tenant.organizationId);
    return {
      line: p.line, text: p.text, smsParts: p.parts.parts, items: p.recipients.items, recipientCount, blackListCount: blocked.length,
      wrongNumberCount: p.recipients.wrongNumberCount, duplicateCount: p.recipients.duplicateCount, totalPrice: check.price.total,
    };
  }

  /**
   * A refusal stays as it is; anything else failed inside the send's transaction (the database
   * refused a write), so it rolled back whole: nothing was stored, held or counted. The caller
   * gets ErrorInSaveJob (503: try again) instead of a bare server error.
   */
  private saveFailure(err: unknown): AppError {
    if (err instanceof AppError) return err;
    this.logger.error({ err }, 'saving a send failed; its transaction rolled back');
    return new AppError(503, 'messaging.ErrorInSaveJob', {}, [], { failureCode: 'ErrorInSaveJob' });
  }

  /** Judges, prices and stores a prepared send in one transaction (the hold and the limits with it). */
  private async store(ctx: Actor, input: ComposeInput, p: Prepared, options: StoreOptions): Promise<SendRow> {
    const organizationId = ctx.tenant.organizationId;
    if (p.recipients.selection) return this.storeSelection(ctx, input, p, options);
    // Judged before the transaction: on the embedded database every query inside it must use its
    // handle, and the tariff and blacklist reads are not transactional anyway.
    const { sendable, blocked, counts, parts, recipientCount } = await this.split(p, organizationId);
    if (recipientCount === 0) throw sendFailure('RecipientNotExist', 'receivers');
    if (input.gradual && recipientCount < GRADUAL_MIN_RECIPIENTS) throw fieldError('receivers', 'messaging.gradualMinimum', { min: GRADUAL_MIN_RECIPIENTS });
    // The early check, the preview's own (`standingProblems`): a tariff or rate missing anywhere in
    // the chain, credit short on any line, a line limit passed, or ErrorCalculate is answered here,
    // before up to a million receivers are loaded. Its price is not stored: the hold prices the send
    // again inside the transaction and the send row takes the hold's breakdown (price once).
    const { problems } = await this.standingProblems(ctx, p, parts, recipientCount);
    if (problems.length) throw problems[0];
    return this.uow.run(async (tx) => {
      // The file was checked before the transaction; from here until commit it cannot be deleted.
      if (p.voice?.mediaId) await this.media.keepForSend(tx, p.voice.mediaId);
      const values = this.sendValues(ctx, input, p, { sendable, blocked, counts, recipientCount }, options);
      const inserted = await this.sends.insertSend(tx, values);
      // Sendable receivers take seq 0..n-1, so dispatch batches are plain ranges; blacklisted ones follow.
      await this.receivers.insertRecipients(tx, inserted.id, sendable, 0, 'WaitingForSend');
      if (blocked.length > 0) await this.receivers.insertRecipients(tx, inserted.id, blocked, sendable.length, 'BlackList');
      const held = await this.billing.hold(tx, { reference: holdReference(inserted.id), organizationId, userId: ctx.principal.userId, parts, lineType: p.line.lineType });
      // The sending organization's price as the hold computed it (for the system organization, which
      // holds nothing, its price at its own tariff; none when its tariff went away since the check).
      if (!held.price) throw creditFailure('GroupPriceIsNull', organizationId);
      const row = await this.sends.setPrice(tx, inserted.id, held.price);
      await this.lines.consumeLimits(tx, { privateNumberId: p.line.id, userId: ctx.principal.userId, count: recipientCount, at: p.at });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'ScheduledMessage', referenceId: row.id, newData: { recipientCount, senderNumber: p.line.number, sendType: input.sendType } });
      if (options.inTransaction) await options.inTransaction(tx, row);
      if (options.groupHook) await options.groupHook.run(tx, [row]);
      if (p.links) await p.links.save(tx, row.id);
      afterCommit(tx, () => this.signal.wake());
      return row;
    });
  }

  /**
   * A send whose receivers are a selection (`GatheredRecipients.selection`): the receivers are
   * loaded inside the transaction by one `INSERT … SELECT` with the blacklist and opt-outs judged in
   * SQL (the same lists and rules as `split`), and the send row takes the counts the load answers.
   * There is no early check before the load (its counts are only known after it): the hold and the
   * line limits inside the transaction refuse with the same answers, and a refusal rolls the load
   * back with everything else.
   *
   * A selection with `later` is only counted here (the same pick, the same judgement, no row
   * written): the send is held from those counts and `send_selections` keeps how to load it, which
   * the scheduler does when it takes the send (dispatch/selection-loader.service.ts). A million
   * receivers written inside the request were most of its time (messaging's CONTEXT.md
   * "Selections loaded at extraction").
   */
  private async storeSelection(ctx: Actor, input: ComposeInput, p: Prepared, options: StoreOptions): Promise<SendRow> {
    const organizationId = ctx.tenant.organizationId;
    const selection = p.recipients.selection as RecipientSelection;
    const includeGeneral = p.line.sendToBlackList ? null : p.line.isGeneralBlackList;
    const rule = await this.receivers.blockRule(organizationId, includeGeneral);
    return this.uow.run(async (tx) => {
      const values = this.sendValues(ctx, input, p, { sendable: [], blocked: [], counts: {}, recipientCount: 0 }, options);
      const inserted = await this.sends.insertSend(tx, values);
      const loaded = selection.later
        ? await this.receivers.countPick(tx, selection.picked, rule)
        : await this.receivers.loadSelection(tx, inserted.id, selection.picked, rule);
      const counts = loaded.sendable;
      const recipientCount = Object.values(counts).reduce((a, b) => a + b, 0);
      if (recipientCount === 0) throw sendFailure('RecipientNotExist', 'receivers');
      if (input.gradual && recipientCount < GRADUAL_MIN_RECIPIENTS) throw fieldError('receivers', 'messaging.gradualMinimum', { min: GRADUAL_MIN_RECIPIENTS });
      const columns: Record<string, unknown> = { recipientCount, blackListCount: loaded.blocked, pendingCount: recipientCount };
      for (const [op, column] of Object.entries(OPERATOR_COLUMNS)) columns[column] = counts[op] ?? 0;
      await this.sends.update(tx, inserted.id, columns);
      const parts = partsOf(counts, p);
      const held = await this.billing.hold(tx, { reference: holdReference(inserted.id), organizationId, userId: ctx.principal.userId, parts, lineType: p.line.lineType });
      if (!held.price) throw creditFailure('GroupPriceIsNull', organizationId);
      if (selection.later) {
        await this.selections.insert(tx, { sendId: inserted.id, kind: selection.later.kind, recipe: selection.later.recipe, includeGeneral, heldSendable: counts, heldParts: parts });
      }
      const row = await this.sends.setPrice(tx, inserted.id, held.price);
      await this.lines.consumeLimits(tx, { privateNumberId: p.line.id, userId: ctx.principal.userId, count: recipientCount, at: p.at });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'ScheduledMessage', referenceId: row.id, newData: { recipientCount, senderNumber: p.line.number, sendType: input.sendType } });
      if (options.inTransaction) await options.inTransaction(tx, row);
      if (options.groupHook) await options.groupHook.run(tx, [row]);
      if (p.links) await p.links.save(tx, row.id);
      afterCommit(tx, () => this.signal.wake());
      return row;
    });
  }

  /**
   * Judges and prices one send without writing: everything `create` checks before its transaction.
   * The grouped single-send path stores many of these with `storeGroup`.
   */
  async prepareSingle(ctx: Actor, input: ComposeInput): Promise<PreparedSingle> {
    return { ctx, input, p: await this.prepare(ctx, input, true) };
  }

  /**
   * The organization chain and the resolved line of a single send, reused for READS_TTL_MS: a
   * busy integrator's sends then read nothing before their group's transaction. What this may miss
   * for that long is a change made since (a line or organization deactivated, an assignment
   * removed); money is never judged from it (the hold locks and reads the accounts), and expiry
   * dates are compared with the clock on every send.
   */
  private freshReads(key: string, nowMs: number): SingleReads | null {
    const r = this.singleReads.get(key);
    if (!r) return null;
    if (nowMs - r.at > READS_TTL_MS) {
      this.singleReads.delete(key);
      return null;
    }
    return r;
  }

  private keepReads(key: string, reads: SingleReads): void {
    if (this.singleReads.size >= 10_000) this.singleReads.clear();
    this.singleReads.set(key, reads);
  }

  private readonly singleReads = new Map<string, SingleReads>();
  private readonly loadingReads = new Map<string, Promise<SingleReads>>();

  /**
   * The cached reads of a key, loaded once however many sends ask at the same moment: when the
   * entry expires under load, every request in flight would otherwise read the chain and resolve
   * the line again (five statements each, 64 at once on a busy API). A refusal is shared by the
   * requests that waited for it and never kept.
   */
  private async sharedReads(key: string, nowMs: number, load: () => Promise<SingleReads>): Promise<SingleReads> {
    const fresh = this.freshReads(key, nowMs);
    if (fresh) return fresh;
    let loading = this.loadingReads.get(key);
    if (!loading) {
      loading = load().then((reads) => { this.keepReads(key, reads); return reads; });
      this.loadingReads.set(key, loading);
      const forget = () => { if (this.loadingReads.get(key) === loading) this.loadingReads.delete(key); };
      loading.then(forget, forget);
    }
    return loading;
  }

  /** One prepared send alone, exactly as `create` stores it (the grouped path's fallback). */
  async storePrepared(item: PreparedSingle, options: StoreOptions): Promise<SendRow> {
    try {
      return await this.store(item.ctx, item.input, item.p, options);
    } catch (err) {
      // A client send id stored meanwhile is the caller's to answer (the first send, repeated).
      if (item.input.sendId && isUniqueViolation(err)) throw err;
      throw this.saveFailure(err);
    }
  }

  /**
   * Stores prepared single sends together (design and invariants: CONTEXT.md, "The single lane").
   * Before the transaction, side by side on the pool: the client send ids already used (a repeat
   * answers the first send; a repeat inside the group waits for its first), the blacklist per
   * organization and kind of list and the opt-outs per organization (a blocked number is
   * RecipientNotExist, as alone), and the holds' plan (chains, tariffs: each send's price). Then
   * ONE transaction (`writeGroup`) of a fixed number of statements, whatever the group's size.
   * A send whose plan was refused (no tariff, no rate) is answered `alone`: the caller stores it by
   * itself, where it gets its own refusal. If the credit guard refuses (credit ran out inside the
   * group), a line limit is reached or a client send id was stored meanwhile by another process,
   * the whole transaction rolls back and throws: the caller then stores each send alone.
   */
  async storeGroup(items: { prepared: PreparedSingle; options: StoreOptions }[]): Promise<GroupOutcome[]> {
    const outcomes: (GroupOutcome | null)[] = items.map(() => null);
    const withId = items.map((it, i) => ({ it, i })).filter(({ it }) => it.prepared.input.sendId);
    // The blacklist per organization and kind of list; opt-outs per organization (every line honours them).
    const byList = new Map<string, { organizationId: number; general: boolean; numbers: string[] }>();
    const byOrganization = new Map<number, string[]>();
    for (const { prepared: { ctx, p } } of items) {
      const numbers = p.recipients.items.map((r) => r.number);
      if (!p.line.sendToBlackList) {
        const key = `${ctx.tenant.organizationId}:${p.line.isGeneralBlackList ? 1 : 0}`;
        const entry = byList.get(key) ?? { organizationId: ctx.tenant.organizationId, general: p.line.isGeneralBlackList, numbers: [] };
        entry.numbers.push(...numbers);
        byList.set(key, entry);
      }
      byOrganization.set(ctx.tenant.organizationId, [...(byOrganization.get(ctx.tenant.organizationId) ?? []), ...numbers]);
    }
    const blocked = new Set<string>();
    const optedOut = new Set<string>();
    const [stored, , , plan] = await Promise.all([
      withId.length > 0
        ? this.sends.findByClientSendIds(withId.map(({ it }) => ({ userId: it.prepared.ctx.principal.userId, clientSendId: it.prepared.input.sendId as string })))
        : Promise.resolve(new Map<string, SendRow>()),
      Promise.all([...byList].map(async ([key, { organizationId, general, numbers }]) => {
        for (const n of await this.receivers.blacklistedAmong(numbers, organizationId, general)) blocked.add(`${key}:${n}`);
      })),
      Promise.all([...byOrganization].map(async ([organizationId, numbers]) => {
        for (const n of await this.receivers.optedOutAmong(numbers, organizationId)) optedOut.add(`${organizationId}:${n}`);
      })),
      // Planned for every receiver: a single send's one receiver is either sendable or refused.
      this.billing.planGroup(items.map(({ prepared: { ctx, p } }) => ({
        organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId, parts: partsOf(countsOf(p.recipients.items), p), lineType: p.line.lineType,
      }))),
    ]);
    // Client send ids: stored before, or earlier in this group.
    const firstOf = new Map<string, number>();
    const repeatOf = new Map<number, number>();
    for (const { it, i } of withId) {
      const key = `${it.prepared.ctx.principal.userId}:${it.prepared.input.sendId}`;
      const before = stored.get(key);
      if (before) outcomes[i] = { ok: before, repeated: true };
      else if (firstOf.has(key)) repeatOf.set(i, firstOf.get(key) as number);
      else firstOf.set(key, i);
    }
    const todo: { i: number; split: Split; hold: GroupHoldItem }[] = [];
    items.forEach(({ prepared: { ctx, p } }, i) => {
      if (outcomes[i] || repeatOf.has(i)) return;
      const key = `${ctx.tenant.organizationId}:${p.line.isGeneralBlackList ? 1 : 0}`;
      const split: Split = { sendable: [], blocked: [], counts: {}, recipientCount: 0 };
      for (const r of p.recipients.items) {
        if ((!p.line.sendToBlackList && blocked.has(`${key}:${r.number}`)) || optedOut.has(`${ctx.tenant.organizationId}:${r.number}`)) split.blocked.push(r);
        else {
          split.sendable.push(r);
          split.counts[r.operator] = (split.counts[r.operator] ?? 0) + 1;
        }
      }
      split.recipientCount = split.sendable.length;
      // A blacklisted number alone is refused as `store` refuses it (and the blacklisted receivers
      // of a single send are only that one number).
      if (split.recipientCount === 0 || split.blocked.length > 0) {
        outcomes[i] = { err: sendFailure('RecipientNotExist', 'receivers') };
        return;
      }
      const planned = plan.items[i];
      if ('err' in planned) {
        outcomes[i] = { alone: true };
        return;
      }
      todo.push({ i, split, hold: planned });
    });
    if (todo.length > 0) {
      const written = await this.uow.run((tx) => this.writeGroup(tx, todo.map(({ i, split, hold }) => ({ ...items[i], split, hold }))));
      todo.forEach(({ i }, k) => { outcomes[i] = written[k]; });
    }
    for (const [i, first] of repeatOf) {
      const o = outcomes[first] as GroupOutcome;
      outcomes[i] = 'ok' in o ? { ok: o.ok, repeated: true } : o;
    }
    return outcomes as GroupOutcome[];
  }

  /**
   * The group's transaction: ids, the sends with their prices, their receivers, the line limits,
   * the audit rows and the callers' rows, then the holds (`BillingService.commitGroup`), whose
   * credit rows every group and settlement of the organization share: locked by the last two
   * statements only, so groups in flight overlap everywhere else. A refused guard rolls back the
   * whole group (GroupRefused): each send is then stored alone and only the refused ones are
   * refused (rare, and always right).
   */
  private async writeGroup(tx: Tx, items: GroupItem[]): Promise<GroupOutcome[]> {
    const ids = await this.sends.nextIds(tx, items.length);
    const rows = await this.writeRows(tx, items, ids);
    if (!(await this.billing.commitGroup(tx, items.map((it) => it.hold), ids.map((id) => holdReference(id))))) throw new GroupRefused();
    afterCommit(tx, () => this.signal.wake());
    return rows.map((row) => ({ ok: row, repeated: false }));
  }

  /** Writes a group's sends and everything that goes with them (receivers, limits, audit, the callers' rows). */
  private async writeRows(tx: Tx, items: GroupItem[], ids: number[]): Promise<SendRow[]> {
    const rows = await this.sends.insertSends(tx, items.map((it, i) => ({
      ...this.sendValues(it.prepared.ctx, it.prepared.input, it.prepared.p, it.split, it.options),
      ...priceColumns(it.hold.price), id: ids[i],
    })));
    await this.receivers.insertSingles(tx, items.flatMap((it, k) => it.split.sendable.map((recipient) => ({ sendId: rows[k].id, recipient }))));
    const limits = new Map<string, { privateNumberId: number; userId: number; count: number; at: Date }>();
    for (const { prepared: { ctx, p }, split } of items) {
      const key = `${p.line.id}:${ctx.principal.userId}`;
      const l = limits.get(key);
      if (l) l.count += split.recipientCount;
      else limits.set(key, { privateNumberId: p.line.id, userId: ctx.principal.userId, count: split.recipientCount, at: p.at });
    }
    for (const l of limits.values()) await this.lines.consumeLimits(tx, l);
    await this.audit.recordMany(tx, items.map((it, k) => ({
      ctx: it.prepared.ctx,
      entry: { operationType: 'Create', className: 'ScheduledMessage', referenceId: rows[k].id, newData: { recipientCount: it.split.recipientCount, senderNumber: it.prepared.p.line.number, sendType: it.prepared.input.sendType } },
    })));
    const hooks = new Map<string, { hook: GroupHook; sends: SendRow[] }>();
    for (const [k, it] of items.entries()) {
      const { inTransaction, groupHook } = it.options;
      if (inTransaction) await inTransaction(tx, rows[k]);
      if (it.prepared.p.links) await it.prepared.p.links.save(tx, rows[k].id);
      if (groupHook) {
        const entry = hooks.get(groupHook.key) ?? { hook: groupHook, sends: [] };
        entry.sends.push(rows[k]);
        hooks.set(groupHook.key, entry);
      }
    }
    for (const { hook, sends } of hooks.values()) await hook.run(tx, sends);
    return rows;
  }

  /** The row of a new send (its price comes from the hold, written after it). */
  private sendValues(ctx: Actor, input: ComposeInput, p: Prepared, split: Split, options: StoreOptions): Record<string, unknown> {
    const organizationId = ctx.tenant.organizationId;
    // The line's confirmP2pAndDynamic sends its dynamic and P2P sends through the confirmation queue too.
    const confirm = p.confirm === true || (input.textApproved !== true && ((p.chain[p.chain.length - 1] as Record<string, unknown>).isConfirmMessage === true
      || (p.line.confirmP2pAndDynamic && (input.sendType === 'Dynamic' || input.sendType === 'P2P'))));
    const { blocked, counts, recipientCount } = split;
    const values: Record<string, unknown> = {
      organizationId, userId: ctx.principal.userId, clientSendId: input.sendId ?? null,
      privateNumberId: p.line.id, senderAgentId: p.line.senderAgentId, senderNumber: p.line.number, lineType: p.line.lineType,
      sendType: input.sendType, sendSubType: p.voice ? 'Voice' : input.gradual ? 'Gradual' : 'Direct',
      sendingMethod: p.voice?.sendingMethod ?? null, voiceMediaId: p.voice?.mediaId ?? null, voiceText: p.voice?.text ?? null, voiceSeconds: p.voice?.seconds ?? null,
      gradualStepCount: input.gradual?.stepCount ?? null, gradualIntervalMinutes: input.gradual?.intervalMinutes ?? null, smsText: p.text, isFlashSms: input.isFlashSms === true,
      smsEncoding: p.parts.encoding, smsParts: p.parts.parts,
      wrongNumberCount: p.recipients.wrongNumberCount, duplicateCount: p.recipients.duplicateCount,
      recipientCount, blackListCount: split.blockedCount ?? blocked.length, pendingCount: recipientCount,
      ...waitingStatus(confirm ? 'WatingForConfirm' : 'Ready', p.at > this.clock.now()),
      dateTimeSend: p.at, refundPolicy: p.line.refundPolicy, description: input.description ?? null,
      // The phonebooks it was made from: the outbox search filters by them.
      phonebookIds: phonebookIdsOf(input),
    };
    for (const [op, column] of Object.entries(OPERATOR_COLUMNS)) values[column] = counts[op] ?? 0;
    Object.assign(values, options.values ?? {});
    return values;
  }

  /**
   * Receivers the line may send to (in order) and those it may not — on a blacklist it honours, or
   * opted out of the organization by text message (every line honours that) — with counts per operator.
   */
  private async split(p: Prepared, organizationId: number): Promise<Split & { parts: Record<string, number> }> {
    if (p.recipients.selection) return this.selectionSplit(p, organizationId);
    const numbers = p.recipients.items.map((r) => r.number);
    const blacklisted = p.line.sendToBlackList ? new Set<string>() : await this.receivers.blacklistedAmong(numbers, organizationId, p.line.isGeneralBlackList);
    for (const n of await this.receivers.optedOutAmong(numbers, organizationId)) blacklisted.add(n);
    const sendable: RecipientInput[] = [];
    const blocked: RecipientInput[] = [];
    const counts: Record<string, number> = {};
    for (const r of p.recipients.items) {
      if (blacklisted.has(r.number)) {
        blocked.push(r);
      } else {
        sendable.push(r);
        counts[r.operator] = (counts[r.operator] ?? 0) + 1;
      }
    }
    // Parts to price per operator: a dynamic send's receivers each carry their own.
    let parts: Record<string, number>;
    if (p.dynamic) {
      parts = {};
      for (const r of sendable) parts[r.operator] = (parts[r.operator] ?? 0) + (r.parts ?? 1);
    } else parts = partsOf(counts, p);
    return { sendable, blocked, counts, parts, recipientCount: sendable.length };
  }

  /**
   * A selection's split for the preview, from counts only (nothing is picked): per operator, the
   * candidates and how many of them the blacklist or opt-outs block. When the selection takes every
   * candidate this is exact; when it takes fewer, the picked share of each operator (and of the
   * blocked) is the candidates' share, rounded so the parts add up to the size — the send itself
   * answers the exact counts of what it picked.
   */
  private async selectionSplit(p: Prepared, organizationId: number): Promise<Split & { parts: Record<string, number> }> {
    const selection = p.recipients.selection as RecipientSelection;
    const rule = await this.receivers.blockRule(organizationId, p.line.sendToBlackList ? null : p.line.isGeneralBlackList);
    const byOperator = !rule.blacklist && !rule.optOuts && selection.candidateCounts
      ? Object.fromEntries(Object.entries(selection.candidateCounts).map(([op, total]) => [op, { total, blocked: 0 }]))
      : await this.receivers.countSelection(selection.candidates, rule);
    const total = Object.values(byOperator).reduce((a, b) => a + b.total, 0);
    const size = Math.min(p.recipients.size, total);
    const picked = shareOut(size, Object.fromEntries(Object.entries(byOperator).map(([op, c]) => [op, c.total])));
    const blockedByOp = Object.fromEntries(Object.entries(byOperator).map(([op, c]) => [op, c.total === 0 ? 0 : Math.round((picked[op] * c.blocked) / c.total)]));
    const counts: Record<string, number> = {};
    let blockedCount = 0;
    for (const [op, n] of Object.entries(picked)) {
      blockedCount += blockedByOp[op];
      if (n - blockedByOp[op] > 0) counts[op] = n - blockedByOp[op];
    }
    const recipientCount = Object.values(counts).reduce((a, b) => a + b, 0);
    return { sendable: [], blocked: [], counts, recipientCount, blockedCount, parts: partsOf(counts, p) };
  }

  private async prepare(ctx: Actor, input: ComposeInput, cachedReads = false): Promise<Prepared> {
    if (input.gradual && !(input.gradual.stepCount >= 1)) throw fieldError('gradualStepCount', 'messaging.gradualFieldsRequired');
    if (input.gradual && !(input.gradual.intervalMinutes >= 1)) throw fieldError('gradualIntervalMinutes', 'messaging.gradualFieldsRequired');
    const now = this.clock.now();
    const direct = input.sendDirect !== false && !input.sendDateTime;
    const readsKey = `${ctx.tenant.organizationId}:${ctx.principal.userId}:${ctx.principal.isAdmin ? 1 : 0}:${input.senderNumberId}:${input.sendType}:${input.apiFlag ?? ''}`;
    const user = ctx.principal.profile as Record<string, unknown>;
    // A send date is judged after the standing and before the line, as always (the first failure is named).
    let at = now;
    const load = async (): Promise<SingleReads> => {
      const chain = await this.organizations.chainOf(ctx.tenant.organizationId);
      const standing = standingFailure(chain, user, now);
      if (standing) throw sendFailure(standing);
      if (!direct) at = judgeSendDate(input.sendDateTime as string, now);
      const line = await this.uow.run((tx) => this.lines.resolveForSend(tx, {
        organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId, isOrganizationAdmin: ctx.principal.isAdmin,
        privateNumberId: input.senderNumberId, sendType: input.sendType, at, ...(input.apiFlag ? { apiFlag: input.apiFlag } : {}),
      }));
      return { at: now.getTime(), chain, line };
    };
    const { chain, line } = cachedReads && direct ? await this.sharedReads(readsKey, now.getTime(), load) : await load();
    // Judged on every send, cached reads or not: an expiry date passes with the clock.
    const standing = standingFailure(chain, user, now);
    if (standing) throw sendFailure(standing);
    const org = chain[chain.length - 1] as OrganizationRow & Record<string, unknown>;
    judgeWindows(org, line.agentWindow, at, direct);
    const confirm = input.lineRule?.(line)?.confirm === true;
    let voice: PreparedVoice | null = null;
    let judged: { text: string; parts: ReturnType<typeof countParts> } | null;
    if (input.voice) {
      // A voice line plays audio; it cannot carry a text message, and an SMS line cannot carry voice.
      if (line.agentType !== 'Voice') throw fieldError('senderNumberId', 'messaging.voiceLineRequired');
      voice = await this.judgeVoice(ctx, input.voice);
      judged = { text: voice.shown, parts: voicePartCount(voice.seconds) };
    } else {
      if (line.agentType === 'Voice') throw fieldError('senderNumberId', 'messaging.smsOnVoiceLine');
      if (input.isFlashSms && !line.isCanSendFlashSms) throw fieldError('isFlashSms', 'messaging.flashNotAllowed');
      judged = input.textPerReceiver ? null : await this.judgeText(org, input.smsBody ?? '');
    }

    const recipients = await this.gather(ctx, input.sources);
    if (recipients.size === 0) throw sendFailure('RecipientNotExist', 'receivers');
    // Short links: the original text was judged above (isAllowLink refuses its links as without
    // shortening); the texts that go out — shorter or longer — are judged and priced below.
    let links: LinkPlan | null = null;
    if (input.shortLinks && input.shortLinks !== 'None') {
      if (!this.shortener) throw fieldError('shortLinkMode', 'messaging.shortLinksUnavailable');
      if (input.voice || input.textPerReceiver) throw fieldError('shortLinkMode', 'messaging.shortLinksNoText');
      if (input.shortLinks === 'PerReceiver' && recipients.selection) throw fieldError('shortLinkMode', 'messaging.shortLinksNoList');
      links = await this.shortener.plan(ctx, input.shortLinks, input.smsBody ?? '', recipients.items);
      if (links.sharedText !== null && judged) judged = await this.judgeText(org, links.sharedText);
    }
    // Receivers with their own texts (a dynamic send, a P2P file): a source gives every receiver a
    // text or none, as the receivers' load decides (`insertRecipients`).
    const ownTexts = input.sendType === 'Dynamic' || input.textPerReceiver === true || recipients.items[0]?.text !== undefined;
    const dynamic = ownTexts ? await this.judgeDynamicTexts(org, recipients.items) : null;
    const parts = dynamic ? countParts(dynamic.smsText) : (judged as { parts: ReturnType<typeof countParts> }).parts;
    const text = judged?.text ?? (dynamic as DynamicSample).smsText;
    return { line, text, parts, recipients, at, chain, voice, dynamic, confirm, links };
  }

  /**
   * A voice message: the user's isCanSendVoice, then the file (the caller's own media, priced at its
   * whole seconds) or the text (estimated seconds, see voice-rules.ts). Parts = ceil(seconds / 30).
   */
  private async judgeVoice(ctx: Actor, input: VoiceInput): Promise<PreparedVoice> {
    if ((ctx.principal.profile as Record<string, unknown>).isCanSendVoice !== true) throw forbidden('messaging.voiceNotAllowed');
    if (input.sendingMethod === 'File') {
      if (!input.voiceFile) throw fieldError('voiceFile', 'messaging.voiceFileRequired');
      const file = await this.media.voiceFileFor(ctx, input.voiceFile);
      return { sendingMethod: 'File', mediaId: file.id, text: null, seconds: file.seconds, shown: file.title };
    }
    const text = (input.voiceText ?? '').trim();
    if (!text) throw fieldError('voiceText', 'messaging.voiceTextRequired');
    // Pauses and vowel marks alone would be a paid call of silence.
    if (!spokenText(text)) throw fieldError('voiceText', 'messaging.voiceTextNothingSpoken');
    if (text.length > VOICE_TEXT_MAX_LENGTH) throw fieldError('voiceText', 'messaging.voiceTextTooLong', { max: VOICE_TEXT_MAX_LENGTH });
    if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u202A-\u202E\u2066-\u2069]/.test(text)) throw fieldError('voiceText', 'messaging.voiceTextInvalid');
    return { sendingMethod: 'Text', mediaId: null, text, seconds: voiceTextSeconds(text), shown: text };
  }

  /** The text rules: empty, forbidden characters, links, parts. Answers the text as it will be sent. */
  async judgeText(org: Record<string, unknown>, raw: string): Promise<{ text: string; parts: ReturnType<typeof countParts> }> {
    if (!raw.trim()) throw fieldError('smsBody', 'messaging.textEmpty');
    if (isOnlyForbidden(raw)) throw sendFailure('SmsTextIsFilter', 'smsBody', { chars: '' });
    const forbidden = findForbiddenCharacters(raw);
    if (forbidden.length > 0) throw sendFailure('SmsTextIsFilter', 'smsBody', { chars: forbidden.map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ') });
    if (!org.isAllowLink && containsLink(raw)) throw sendFailure('LinkIsNotAllowed', 'smsBody');
    const text = escapeHtmlTags(raw);
    const parts = countParts(text);
    const maxParts = await this.setting('MaxSmsParts');
    if (parts.parts > maxParts) throw fieldError('smsBody', 'messaging.textTooLong', { max: maxParts });
    return { text, parts };
  }

  /**
   * A dynamic send's own texts, judged as the template was (`judgeText`): HTML tags written in
   * parentheses, forbidden characters a contact's value brought are dropped (the value is data,
   * not the sender's text), a link needs the organization's isAllowLink, and each receiver's parts
   * at most MaxSmsParts. Sets each receiver's text and parts; answers the most expensive receiver.
   */
  private async judgeDynamicTexts(org: Record<string, unknown>, items: RecipientInput[]): Promise<DynamicSample> {
    const maxParts = await this.setting('MaxSmsParts');
    let sample: DynamicSample | null = null;
    for (let i = 0; i < items.length; i++) {
      // Judging a text costs microseconds, a file of a million rows seconds: other requests get the loop between slices.
      if (i > 0 && i % TEXT_SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const r = items[i];
      let text = escapeHtmlTags(r.text ?? '');
      if (hasForbiddenCharacters(text)) for (const c of findForbiddenCharacters(text)) text = text.split(c).join('');
      if (!org.isAllowLink && containsLink(text)) throw sendFailure('LinkIsNotAllowed', 'smsBody');
      // An empty text still goes as one (empty) part: the spec sends an empty field as empty text.
      const parts = Math.max(1, countParts(text).parts);
      if (parts > maxParts) throw fieldError('smsBody', 'messaging.dynamicTextTooLong', { mobile: r.number, parts, max: maxParts });
      r.text = text;
      r.parts = parts;
      if (!sample || parts > sample.smsParts) sample = { toNumber: r.number, smsText: text, smsParts: parts };
    }
    return sample as DynamicSample;
  }

  /**
   * The receivers of a request, through the registered sources. Kinds a source excludes are
   * refused together with it; a whole list (a stored list, an upload) is the send's receivers as
   * it is; every other input adds to one set, in the sources' registration order.
   */
  private async gather(ctx: Actor, inputs: RecipientSourceInput[]): Promise<GatheredRecipients> {
    const kinds = new Set(inputs.map((s) => s.kind));
    for (const source of this.recipientSources) {
      if (kinds.has(source.kind) && source.excludes?.some((k) => kinds.has(k))) throw fieldError(source.field, 'messaging.modesCombined');
    }
    for (const input of inputs) this.sourceOf(input);
    const set = new RecipientSet();
    const settings = { setting: (key: string) => this.setting(key) };
    for (const source of this.recipientSources) {
      for (const input of inputs) {
        if (input.kind !== source.kind) continue;
        const whole = await source.collect(ctx, input, set, settings);
        if (whole) return whole;
      }
    }
    return set;
  }

  /** Lets each source of a stored send (or periodic definition) drop what it kept for it (an upload's file). */
  async sourcesConsumed(input: Pick<ComposeInput, 'sources'>): Promise<void> {
    for (const item of input.sources) await this.sourceOf(item).consumed?.(item);
  }

  private sourceOf(input: RecipientSourceInput): RecipientSource {
    const source = this.recipientSources.find((s) => s.kind === input.kind);
    // A kind in the input union without a registered provider is a wiring mistake, not a request error.
    if (!source) throw new Error(`no recipient source registered for kind ${input.kind}`);
    return source;
  }
}

/** Receivers' own texts judged between two turns of the event loop. */
const TEXT_SLICE = 5_000;

/** The failure codes of pricing (as opposed to credit or limits): a periodic definition that meets one could never send. */
const PRICING_CODES = new Set(['GroupPriceIsNull', 'NotDefineSmsRateType']);

/** `size` shared out over the keys in proportion to their weights (largest remainders), summing to `size`. */
function shareOut(size: number, weights: Record<string, number>): Record<string, number> {
  const total = Object.values(weights).reduce((a, b) => a + b, 0);
  const out: Record<string, number> = {};
  if (total === 0) return out;
  const rests: [string, number][] = [];
  let given = 0;
  for (const [k, w] of Object.entries(weights)) {
    const exact = (size * w) / total;
    out[k] = Math.floor(exact);
    given += out[k];
    rests.push([k, exact - out[k]]);
  }
  rests.sort((a, b) => b[1] - a[1]);
  for (let i = 0; given < size && i < rests.length; i++, given++) out[rests[i][0]] += 1;
  return out;
}

/** SMS parts per operator: receivers × parts of the message. */
function partsOf(counts: Record<string, number>, p: Prepared): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const [op, n] of Object.entries(counts)) parts[op] = n * p.parts.parts;
  return parts;
}

/** A voice message's parts in the shape the SMS path prices: one part per started 30 seconds. */
function voicePartCount(seconds: number): ReturnType<typeof countParts> {
  return { encoding: 'ucs2', length: 0, parts: voiceParts(seconds), perPart: 0, remaining: 0 };
}

/** The phonebooks a compose request reads, in the order named; null when it reads none. */
function phonebookIdsOf(input: ComposeInput): number[] | null {
  const ids = input.sources.flatMap((s) => (s.kind === 'phonebook' ? s.phonebookIds : []));
  return ids.length ? [...new Set(ids)] : null;
}
