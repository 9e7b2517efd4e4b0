import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import type { Clock } from '../../../platform/clock.js';
import { isUniqueViolation, type Tx, type UnitOfWork } from '../../../platform/unit-of-work.js';
import { AppError, fieldError, forbidden, unauthorized, type ValidationIssue } from '../../../platform/http/errors.js';
import { OutboundUrlGuard } from '../../../platform/outbound/outbound-url-guard.js';
import { normalizeMobile } from '../../../shared/sms/phone-numbers.js';
import { ActorFactory } from '../../identity/index.js';
import { ContactsService } from '../../contacts/index.js';
import { PrivateNumbersService } from '../../numbers/index.js';
import { ComposeService } from '../../messaging/index.js';
import { ClubRepository, type ClubDeviceRow, type ClubMemberRow, type ClubPurchaseRow } from './club.repository.js';
import { CLUB_TIMESTAMP_TOLERANCE_MS, clubSignatureValid } from './club-signature.js';
import { delayMs } from './club-devices.service.js';
import { renderClubText } from './club-text.js';

/** The largest body a device may post (one purchase). */
export const CLUB_WEBHOOK_BODY_LIMIT = 16 * 1024;

/** One purchase as a device posts it (after its signature is checked). */
export interface DevicePurchase {
  deviceId: string;
  mobile: string;
  amount: number;
  purchaseId: string;
  /** Unix seconds when the device made the post. */
  timestamp: number;
  name?: string | null;
  /** The device's connection port (a phonebook with a deviceConnectionPort takes only that port's purchases). */
  port?: number | null;
}

export interface PurchaseOutcome {
  purchaseId: string;
  mobile: string;
  amount: number;
  points: number;
  repeated: boolean;
  member: { points: number; totalAmount: number; purchaseCount: number } | null;
  sendId: number | null;
  messageAt: string | null;
  messageFailureCode: string | null;
}

const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;

/**
 * Reads and judges a device's post. Order (nothing stored on any refusal): the device (live) and
 * the signature over the raw bytes (401, one answer for both so ids cannot be probed), the
 * timestamp (401 when more than 5 minutes from now), then the fields (400 on each), then the
 * approval (403: only a confirmed device's purchases count).
 */
export function parsePurchase(device: ClubDeviceRow | null, body: Buffer, signature: string | undefined, now: Date): DevicePurchase {
  if (!device || !clubSignatureValid(device.secret, body, signature)) throw unauthorized('club.signatureInvalid');
  let raw: unknown;
  try { raw = JSON.parse(body.toString('utf8')); } catch { throw fieldError('body', 'club.bodyInvalid'); }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw fieldError('body', 'club.bodyInvalid');
  const r = raw as Record<string, unknown>;
  if (!isInt(r.timestamp, 0, 1e11) || Math.abs(r.timestamp * 1000 - now.getTime()) > CLUB_TIMESTAMP_TOLERANCE_MS) throw unauthorized('club.timestampStale');
  const issues: ValidationIssue[] = [];
  const bad = (propertyName: string, key = 'club.fieldInvalid') => issues.push({ propertyName, key, params: { field: propertyName } });
  if (typeof r.deviceId !== 'string' || r.deviceId.trim().toLowerCase() !== device.deviceId.toLowerCase()) bad('deviceId', 'club.deviceIdMismatch');
  const mobile = typeof r.mobile === 'string' ? normalizeMobile(r.mobile) : null;
  if (!mobile) bad('mobile', 'club.mobileInvalid');
  if (!isInt(r.amount, 0, 1e13)) bad('amount');
  if (typeof r.purchaseId !== 'string' || !r.purchaseId.trim() || r.purchaseId.trim().length > 100) bad('purchaseId');
  if (r.name !== undefined && r.name !== null && (typeof r.name !== 'string' || r.name.length > 100)) bad('name');
  if (r.port !== undefined && r.port !== null && !isInt(r.port, 1, 65535)) bad('port');
  if (issues.length > 0) throw new AppError(400, 'status.400', {}, issues);
  if (device.status !== 'Confirmed') throw forbidden('club.deviceNotConfirmed');
  return {
    deviceId: device.deviceId, mobile: (mobile as { number: string }).number, amount: r.amount as number, purchaseId: (r.purchaseId as string).trim(), timestamp: r.timestamp,
    name: typeof r.name === 'string' && r.name.trim() ? r.name.trim() : null, port: (r.port as number | null | undefined) ?? null,
  };
}

/**
 * A store's purchases: a confirmed device's signed post (or a club file's row) adds to the
 * organization's club member, puts the customer into the device's phonebooks, and — when a
 * phonebook that took it says so — schedules the device's thank-you or points message through
 * compose, all in ONE transaction keyed by (device, purchase id): a repeated post finds the row and
 * answers what the first did (nothing stored again, nothing billed again).
 */
@injectable()
export class ClubPurchasesService {
  constructor(
    @inject(ClubRepository) private readonly repo: ClubRepository,
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(PrivateNumbersService) private readonly numbers: PrivateNumbersService,
    @inject(ComposeService) private readonly compose: ComposeService,
    @inject(ActorFactory) private readonly actors: ActorFactory,
    @inject(OutboundUrlGuard) private readonly outbound: OutboundUrlGuard,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  /** The public webhook: `deviceRowId` is the device's id in its URL, `body` the raw bytes that were signed. */
  async receive(deviceRowId: number, body: Buffer, signature: string | undefined): Promise<PurchaseOutcome> {
    const device = await this.repo.findLive(deviceRowId);
    const p = parsePurchase(device, body, signature, this.clock.now());
    return this.take(device as ClubDeviceRow, p);
  }

  private async take(device: ClubDeviceRow, p: DevicePurchase): Promise<PurchaseOutcome> {
    const earlier = await this.repo.purchase(device.id, p.purchaseId);
    if (earlier) return this.repeated(earlier);
    const now = this.clock.now();
    const points = device.rialsPerPoint ? Math.floor(p.amount / device.rialsPerPoint) : 0;
    // deviceConnectionPort: a phonebook with a port takes only the purchases of that port of the device.
    const books = (await this.uow.run((tx) => this.contacts.deviceFieldsOf(tx, device.phonebookIdList)))
      .filter((b) => b.organizationId === device.organizationId && (b.deviceConnectionPort === null || b.deviceConnectionPort === p.port));
    const wantsMessage = device.messageText !== null && books.some((b) => b.isSendMessageAfterAddFromDevice);
    const purchase = {
      organizationId: device.organizationId, deviceId: device.id, clubFileId: null, purchaseId: p.purchaseId, mobile: p.mobile, amount: p.amount, points,
      port: p.port ?? null, purchasedAt: new Date(p.timestamp * 1000), receivedAt: now, sendId: null, messageFailureCode: null,
    };
    const done: { stored: ClubPurchaseRow | null; member: ClubMemberRow | null } = { stored: null, member: null };
    const record = async (tx: Tx, sendId: number | null, failure: string | null) => {
      done.stored = await this.repo.insertPurchase(tx, { ...purchase, sendId, messageFailureCode: failure });
      done.member = await this.repo.addToMember(tx, { organizationId: device.organizationId, mobile: p.mobile, name: p.name ?? null, points, amount: p.amount, at: now, deviceId: device.id });
      for (const b of books) await this.contacts.addFromDevice(tx, b.id, p.mobile, p.name ?? null);
      await this.repo.updateDevice(tx, device.id, { lastPurchaseAt: now, ...(failure !== null ? { lastFailureCode: failure } : sendId !== null ? { lastFailureCode: null } : {}) });
    };
    let sendId: number | null = null;
    let messageAt: Date | null = null;
    let failure: string | null = null;
    try {
      if (wantsMessage) {
        const sent = await this.message(device, p, points, now, (tx, id) => record(tx, id, null));
        if ('failure' in sent) failure = sent.failure;
        else ({ sendId, at: messageAt } = sent);
      }
      if (!done.stored) await this.uow.run((tx) => record(tx, null, failure));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Two posts of one purchase at once: the other one's transaction won; answer as it did.
      const winner = await this.repo.purchase(device.id, p.purchaseId);
      if (winner) return this.repeated(winner);
      throw err;
    }
    const m = done.member;
    this.notifyStore(device, p, points, m);
    return {
      purchaseId: p.purchaseId, mobile: p.mobile, amount: p.amount, points, repeated: false,
      member: m ? { points: m.points, totalAmount: m.totalAmount, purchaseCount: m.purchaseCount } : null,
      sendId, messageAt: messageAt ? (messageAt as Date).toISOString() : null, messageFailureCode: failure,
    };
  }

  /**
   * The device's message, scheduled `delayValue delayType` after now through compose as the
   * device's owner (channel system), from its line — which must still carry isSendClub — with the
   * purchase's rows written in the send's own transaction. A refusal (credit, line, window) is the
   * purchase's `messageFailureCode` and the device's `lastFailureCode`; the purchase still counts.
   */
  private async message(device: ClubDeviceRow, p: DevicePurchase, points: number, now: Date, inTx: (tx: Tx, sendId: number) => Promise<void>): Promise<{ sendId: number; at: Date } | { failure: string }> {
    if (device.privateNumberId === null) return { failure: 'PrivateNumberNotValid' };
    const built = await this.actors.forUser(device.userId, device.organizationId, 'system', { requestId: `club:${device.id}:${p.purchaseId}`, userAgent: 'club-device' });
    if ('missing' in built) return { failure: built.missing === 'user' ? 'UserIsInactive' : 'OrganizationNotFound' };
    const line = (await this.numbers.myNumbers(built.actor, 'Single')).find((l) => l.id === device.privateNumberId);
    if (!line?.isSendClub) return { failure: 'PrivateNumberNotValid' };
    const before = await this.repo.member(device.organizationId, p.mobile);
    const text = renderClubText(device.messageText as string, {
      name: p.name ?? before?.name ?? null, amount: p.amount, points,
      totalPoints: (before?.points ?? 0) + points, totalAmount: (before?.totalAmount ?? 0) + p.amount, purchaseCount: (before?.purchaseCount ?? 0) + 1,
    });
    const delay = delayMs(device.delayType, device.delayValue);
    const at = new Date(now.getTime() + delay);
    try {
      const send = await this.compose.createInternal(built.actor, {
        senderNumberId: device.privateNumberId, smsBody: text, sendType: 'Single', sources: [{ kind: 'manual', numbers: [p.mobile] }],
        ...(delay > 0 ? { sendDirect: false, sendDateTime: at.toISOString() } : { sendDirect: true }),
        description: `club device ${device.deviceId} purchase ${p.purchaseId}`,
      }, { values: { sendSubType: 'Club' }, inTransaction: (tx, s) => inTx(tx, s.id) });
      return { sendId: send.id, at };
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return { failure: String((err.data as { failureCode?: string } | undefined)?.failureCode ?? 'NotSended') };
      throw err;
    }
  }

  private async repeated(row: ClubPurchaseRow): Promise<PurchaseOutcome> {
    const m = await this.repo.member(row.organizationId, row.mobile);
    return {
      purchaseId: row.purchaseId, mobile: row.mobile, amount: row.amount, points: row.points, repeated: true,
      member: m ? { points: m.points, totalAmount: m.totalAmount, purchaseCount: m.purchaseCount } : null,
      sendId: row.sendId, messageAt: null, messageFailureCode: row.messageFailureCode,
    };
  }

  /**
   * The store's own URL (`webhookUrl`), told after the commit that a member joined or its points
   * changed, through the outbound URL guard; once, not retried (the store can read the members
   * list). With isShowDetail the member's mobile and totals go in it, else only the purchase id and
   * the points of this purchase.
   */
  private notifyStore(device: ClubDeviceRow, p: DevicePurchase, points: number, m: ClubMemberRow | null): void {
    if (!device.webhookUrl) return;
    const event = m && m.purchaseCount === 1 ? 'member.joined' : 'member.points';
    const body = device.isShowDetail && m
      ? { event, deviceId: device.deviceId, purchaseId: p.purchaseId, points, member: { mobile: m.mobile, name: m.name, points: m.points, totalAmount: m.totalAmount, purchaseCount: m.purchaseCount } }
      : { event, deviceId: device.deviceId, purchaseId: p.purchaseId, points };
    void this.outbound.request({ method: 'POST', url: device.webhookUrl, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), timeoutMs: 5000 })
      .catch((err: unknown) => this.logger.warn({ err, deviceId: device.id }, 'club device webhookUrl call failed'));
  }
}
