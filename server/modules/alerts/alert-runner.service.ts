import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import type { Tx, UnitOfWork } from '../../platform/unit-of-work.js';
import { AppError } from '../../platform/http/errors.js';
import { ActorFactory } from '../identity/index.js';
import { NotificationsService } from '../notifications/index.js';
import { PrivateNumbersService } from '../numbers/index.js';
import { ComposeService } from '../messaging/index.js';
import { normalizeIranMobile } from '../../shared/sms/phone-numbers.js';
import type { SettingsService } from '../../platform/settings.service.js';
import {
  AlertsRepository, type AlertTarget, type CreditNotificationRow, type EnabledAlert, type PendingPaymentAlert, type RecordType,
} from './alerts.repository.js';

const DAY_MS = 86_400_000;
const PAGE = 100;
const IMPORTANCE = { Low: 'low', Normal: 'normal', High: 'high' } as const;
/** The installation's low-credit alert tells once per crossing (billing's alert before it did not repeat). */
const ONCE_PER_CROSSING_DAYS = 36_500;

export type AlertOutcome = 'fired' | 'rearmed';
interface Subject { subjectId: number; state: 'in' | 'out' | 'past'; title: string; body: string }
type Key = { organizationId: number; alertType: RecordType; subjectId: number };

/**
 * The alert pass (`alerts.send-alerts`, every minute, global). Each enabled alert setting is judged
 * against its subject (the organization's available credit, its expiry, each of its lines' expiry):
 * inside its condition it fires once — a panel notification to the organization's administrators
 * and/or one ordinary priced send to the configured mobiles — and again only after
 * daysOfSendFrequencyPeriod days while still inside; once the condition is over the credit
 * notification record is re-armed, so the next crossing fires again. The record's guarded claim
 * decides, in the same transaction as the send (or the panel notification), so a retry or a second
 * process never tells twice.
 */
@injectable()
export class AlertRunner {
  constructor(
    @inject(AlertsRepository) private readonly repo: AlertsRepository,
    @inject(ComposeService) private readonly compose: ComposeService,
    @inject(ActorFactory) private readonly actors: ActorFactory,
    @inject(PrivateNumbersService) private readonly numbers: PrivateNumbersService,
    @inject(NotificationsService) private readonly notifications: NotificationsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Settings) private readonly settings: SettingsService,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  /** One pass; answers what happened per `organizationId:alertType:subjectId` (tests read it). */
  async run(now: Date, signal?: AbortSignal): Promise<Record<string, AlertOutcome>> {
    const outcomes: Record<string, AlertOutcome> = {};
    for (let afterId = 0; ;) {
      const page = await this.repo.enabledAlerts(afterId, PAGE);
      if (page.length === 0) break;
      for (const alert of page) {
        afterId = alert.id;
        if (signal?.aborted) return outcomes;
        try {
          for (const subject of await this.subjects(alert, now)) {
            const key = { organizationId: alert.organizationId, alertType: alert.alertType, subjectId: subject.subjectId };
            const name = `${key.organizationId}:${key.alertType}:${key.subjectId}`;
            if (subject.state === 'out') {
              const rec = await this.repo.record(key.organizationId, key.alertType, key.subjectId);
              if (rec?.isSend) { await this.repo.rearm(key); outcomes[name] = 'rearmed'; }
            } else if (subject.state === 'in' && await this.fire(alert, key, subject, (tx) => this.repo.claim(tx, key, now, alert.daysOfSendFrequencyPeriod))) {
              outcomes[name] = 'fired';
            }
          }
        } catch (err) {
          // One organization's fault (a bug, the database) must not hold back the others; the next minute retries.
          this.logger.error({ err, alertSettingId: alert.id }, 'alert pass failed for one organization');
        }
      }
    }
    if (!signal?.aborted) await this.installationLowCredit(now, outcomes, signal);
    if (!signal?.aborted) await this.paymentAlerts(now, outcomes, signal);
    return outcomes;
  }

  /**
   * The installation's low-credit alert (main setting LowestCreditOfUser) for organizations that
   * saved no LowCredit alert of their own: it replaced billing's own panel alert, so an
   * organization is told once per crossing by one alert, never by two (CONTEXT.md). An organization
   * that saved its own LowCredit setting (even switched off) follows that setting only.
   */
  private async installationLowCredit(now: Date, outcomes: Record<string, AlertOutcome>, signal?: AbortSignal): Promise<void> {
    const raw = await this.settings.get('LowestCreditOfUser');
    const threshold = /^\d{1,18}$/.test(raw) ? BigInt(raw) : 0n;
    for (const organizationId of await this.repo.rearmDefaultLowCredit(threshold)) outcomes[`${organizationId}:LowCredit:0`] = 'rearmed';
    for (let afterId = 0; ;) {
      const page = await this.repo.defaultLowCredit(threshold, afterId, PAGE);
      if (page.length === 0) return;
      for (const target of page) {
        afterId = target.organizationId;
        if (signal?.aborted) return;
        const key: Key = { organizationId: target.organizationId, alertType: 'LowCredit', subjectId: 0 };
        try {
          if (await this.fire(target, key, lowCreditSubject(target.organizationName, target.available, threshold), (tx) => this.repo.claim(tx, key, now, ONCE_PER_CROSSING_DAYS))) {
            outcomes[`${key.organizationId}:LowCredit:0`] = 'fired';
          }
        } catch (err) {
          this.logger.error({ err, organizationId: target.organizationId }, 'installation low-credit alert failed for one organization');
        }
      }
    }
  }

  /**
   * Payment alerts queued by `PaymentAlertsListener` in the payment's own transaction: each told
   * once (its record claimed unsent → sent, never re-armed), here rather than in the payment's
   * transaction so a payment never waits on, or fails with, an SMS.
   */
  private async paymentAlerts(now: Date, outcomes: Record<string, AlertOutcome>, signal?: AbortSignal): Promise<void> {
    for (let afterId = 0; ;) {
      const page = await this.repo.pendingPaymentAlerts(afterId, PAGE);
      if (page.length === 0) return;
      for (const alert of page) {
        afterId = alert.recordId;
        if (signal?.aborted) return;
        const key: Key = { organizationId: alert.organizationId, alertType: alert.alertType, subjectId: alert.paymentId };
        try {
          if (await this.fire(alert, key, paymentSubject(alert), (tx) => this.repo.claimOnce(tx, alert.recordId, now))) {
            outcomes[`${key.organizationId}:${key.alertType}:${key.subjectId}`] = 'fired';
          }
        } catch (err) {
          this.logger.error({ err, recordId: alert.recordId }, 'payment alert failed');
        }
      }
    }
  }

  private async subjects(alert: EnabledAlert, now: Date): Promise<Subject[]> {
    const t = now.getTime();
    const window = (expire: Date): Subject['state'] => {
      const left = expire.getTime() - t;
      if (left > (alert.fromDays ?? 0) * DAY_MS) return 'out';
      if (left < (alert.toDays ?? 0) * DAY_MS) return 'past';
      return 'in';
    };
    const daysLeft = (expire: Date) => Math.max(0, Math.ceil((expire.getTime() - t) / DAY_MS));
    if (alert.alertType === 'LowCredit') {
      const credit = await this.repo.availableCredit(alert.organizationId);
      if (credit === null || alert.creditThreshold === null) return [];
      const threshold = BigInt(alert.creditThreshold);
      return [{ ...lowCreditSubject(alert.organizationName, credit, threshold), state: credit < threshold ? 'in' : 'out' }];
    }
    if (alert.alertType === 'OrganizationExpiration') {
      // The organization's flag gates its expiry alert (set from above on the organization form).
      if (!alert.isSendOrganizationExpirationAlertMessage || !alert.expireTime) return [];
      const d = daysLeft(alert.expireTime);
      return [{
        subjectId: 0, state: window(alert.expireTime),
        title: 'انقضای سازمان / Organization expiry',
        body: `سازمان ${alert.organizationName} ${d} روز دیگر منقضی می‌شود.\nThe organization ${alert.organizationName} expires in ${d} days.`,
      }];
    }
    // A line's own flag (isSendPrivateNumberExpirationMessage) picks the lines.
    return (await this.repo.expiringLines(alert.organizationId)).map((line) => {
      const d = daysLeft(line.expireTime);
      return {
        subjectId: line.id, state: window(line.expireTime),
        title: 'انقضای خط / Line expiry',
        body: `خط ${line.number} ${d} روز دیگر منقضی می‌شود.\nThe line ${line.number} expires in ${d} days.`,
      };
    });
  }

  /** Claims and tells; false when the claim says it was told already. */
  private async fire(alert: AlertTarget, key: Key, subject: Pick<Subject, 'title' | 'body'>, claim: (tx: Tx) => Promise<CreditNotificationRow | null>): Promise<boolean> {
    const tell = async (tx: Tx): Promise<number | null> => {
      const claimed = await claim(tx);
      if (!claimed) return null;
      if (alert.enablePanelNotification) {
        const told = new Map((await this.repo.admins(tx, alert.organizationId)).map((a) => [a.id, alert.organizationId]));
        // A line's expiry also tells the users it is assigned to (they may sit in an organization
        // below): they send from it, the spec's "private number expiration message" (numbers/CONTEXT.md).
        if (key.alertType === 'PrivateNumberExpiration') for (const u of await this.repo.lineUsers(tx, key.subjectId)) if (!told.has(u.id)) told.set(u.id, u.organizationId);
        for (const [userId, organizationId] of told) {
          await this.notifications.notify(tx, {
            userId, organizationId, kind: `Alert${alert.alertType}`,
            importance: IMPORTANCE[alert.importanceLevel], title: subject.title, body: subject.body,
          });
        }
      }
      return claimed.id;
    };
    const mobiles = alert.enableSmsNotification ? await this.smsMobiles(alert) : [];
    if (mobiles.length) {
      const sender = await this.systemSender();
      if (sender) {
        try {
          let told = false;
          await this.compose.createInternal(sender.actor, {
            senderNumberId: sender.lineId, smsBody: subject.body, sendType: 'Bulk', sendDirect: true,
            description: `${subject.title} (${alert.organizationName})`,
            sources: [{ kind: 'manual', numbers: mobiles }],
          }, {
            inTransaction: async (tx, send) => {
              const id = await tell(tx);
              if (id === null) throw new AlreadyTold();
              await this.repo.setScheduledMessage(tx, id, Number(send.id));
              told = true;
            },
          });
          return told;
        } catch (err) {
          if (err instanceof AlreadyTold) return false;
          if (!(err instanceof AppError)) throw err;
          // A refused SMS (no line left, the system organization's limits): the panel still tells.
          this.logger.warn({ err: err.key, organizationId: alert.organizationId, alertType: alert.alertType }, 'alert SMS refused; panel notification only');
        }
      } else {
        this.logger.warn({ organizationId: alert.organizationId }, 'no system line to send alert SMS from; panel notification only');
      }
    }
    return (await this.uow.run(tell)) !== null;
  }

  /** The configured mobiles, plus the administrators' when the organization's isSendAlertToOrganizationAdmin is on. */
  private async smsMobiles(alert: AlertTarget): Promise<string[]> {
    const out = new Set(alert.mobiles);
    if (alert.isSendAlertToOrganizationAdmin) {
      for (const admin of await this.uow.run((tx) => this.repo.admins(tx, alert.organizationId))) {
        const n = admin.mobile ? normalizeIranMobile(admin.mobile) : null;
        if (n) out.add(n);
      }
    }
    return [...out];
  }

  /**
   * Who sends and pays: the system organization's administrator from the system organization's
   * first public line open to bulk sends (the seeded simulator line on a fresh install). The
   * system organization is never charged (billing), so the SMS is priced like any send and shown in
   * the system organization's outbox, and the alerted organization's credit is untouched — a
   * low-credit warning that cost the customer credit, or could not go for the lack of it, would defeat itself.
   */
  private async systemSender() {
    const sys = await this.repo.systemSender();
    if (!sys) return null;
    const built = await this.actors.forUser(sys.userId, sys.organizationId, 'system', { requestId: 'alerts', userAgent: 'alerts' });
    if ('missing' in built) return null;
    // The system organization is the root: every line it may use is its own; the oldest public one wins.
    const lines = (await this.numbers.myNumbers(built.actor, 'Bulk')).filter((l) => l.agentType === 'SMS').sort((a, b) => Number(b.isPublic) - Number(a.isPublic) || a.id - b.id);
    const line = lines[0];
    return line ? { actor: built.actor, lineId: line.id } : null;
  }
}

class AlreadyTold extends Error {}

function lowCreditSubject(organizationName: string, credit: bigint, threshold: bigint): Subject {
  return {
    subjectId: 0, state: 'in',
    title: 'اعتبار کم / Low credit',
    body: `اعتبار ${organizationName} (${credit} ریال) کمتر از ${threshold} ریال است.\nThe credit of ${organizationName} (${credit} rials) is below ${threshold} rials.`,
  };
}

const PAYMENT_TYPE_FA: Record<string, string> = { Cash: 'نقدی', Cheque: 'چک', Card: 'کارت به کارت', Account: 'واریز به حساب', OnLine: 'آنلاین' };

function paymentSubject(p: PendingPaymentAlert): Pick<Subject, 'title' | 'body'> {
  if (p.alertType === 'CreateOnlinePayment') {
    return {
      title: 'پرداخت آنلاین / Online payment',
      body: `پرداخت آنلاین ${p.amount} ریال از ${p.payerName} انجام شد (پرداخت ${p.paymentId}).\nAn online payment of ${p.amount} rials from ${p.payerName} was made (payment ${p.paymentId}).`,
    };
  }
  return {
    title: 'پرداخت جدید / New payment',
    body: `پرداخت ${PAYMENT_TYPE_FA[p.typePayment] ?? p.typePayment} ${p.amount} ریال از ${p.payerName} ثبت شد و منتظر تأیید است (پرداخت ${p.paymentId}).\n`
      + `A ${p.typePayment} payment of ${p.amount} rials from ${p.payerName} was registered and awaits confirmation (payment ${p.paymentId}).`,
  };
}
