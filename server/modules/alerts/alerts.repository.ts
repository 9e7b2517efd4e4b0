import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';

export const ALERT_TYPES = ['LowCredit', 'OrganizationExpiration', 'PrivateNumberExpiration'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
/** Alerts of one event each (a payment), raised by the organization's flags, not by an alert setting. */
export const PAYMENT_ALERT_TYPES = ['CreatePayment', 'CreateOnlinePayment'] as const;
export type PaymentAlertType = (typeof PAYMENT_ALERT_TYPES)[number];
/** What a credit notification record is about. */
export type RecordType = AlertType | PaymentAlertType;
export const IMPORTANCE_LEVELS = ['Low', 'Normal', 'High'] as const;
export type ImportanceLevel = (typeof IMPORTANCE_LEVELS)[number];

export interface NotificationSettingRow {
  enableSmsNotification: boolean;
  enablePanelNotification: boolean;
  mobiles: string[];
}

export interface AlertSettingRow {
  alertType: AlertType;
  isEnableSendNotification: boolean;
  daysOfSendFrequencyPeriod: number;
  importanceLevel: ImportanceLevel;
  fromDays: number | null;
  toDays: number | null;
  creditThreshold: string | null;
}

/** An enabled alert with what the job needs to judge it. */
export interface EnabledAlert extends AlertSettingRow, NotificationSettingRow {
  id: number;
  organizationId: number;
  organizationName: string;
  expireTime: Date | null;
  isSendOrganizationExpirationAlertMessage: boolean;
  isSendAlertToOrganizationAdmin: boolean;
}

/** Who is told and how: the alerted organization with its notification setting. */
export interface AlertTarget extends NotificationSettingRow {
  organizationId: number;
  organizationName: string;
  alertType: RecordType;
  importanceLevel: ImportanceLevel;
  isSendAlertToOrganizationAdmin: boolean;
}

/** A payment alert waiting to be told (its record is not sent yet). */
export interface PendingPaymentAlert extends AlertTarget {
  recordId: number;
  alertType: PaymentAlertType;
  paymentId: number;
  payerName: string;
  typePayment: string;
  amount: string;
}

/** An organization without a LowCredit setting of its own whose credit is below the installation's LowestCreditOfUser. */
export interface DefaultLowCredit extends AlertTarget {
  available: bigint;
}

export interface CreditNotificationRow {
  id: number;
  organizationId: number;
  alertType: RecordType;
  subjectId: number;
  isSend: boolean;
  lastSendDateTime: Date | null;
  scheduledMessageId: number | null;
  sendCount: number;
}

const SETTING_COLUMNS = ['alertType', 'isEnableSendNotification', 'daysOfSendFrequencyPeriod', 'importanceLevel', 'fromDays', 'toDays', 'creditThreshold'];

function alertOf(r: Record<string, unknown>): AlertSettingRow {
  return {
    alertType: r.alertType as AlertType, isEnableSendNotification: Boolean(r.isEnableSendNotification),
    daysOfSendFrequencyPeriod: Number(r.daysOfSendFrequencyPeriod), importanceLevel: r.importanceLevel as ImportanceLevel,
    fromDays: r.fromDays === null ? null : Number(r.fromDays), toDays: r.toDays === null ? null : Number(r.toDays),
    creditThreshold: r.creditThreshold === null || r.creditThreshold === undefined ? null : String(r.creditThreshold),
  };
}

function mobilesOf(v: unknown): string[] {
  const list = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(list) ? list.map(String) : [];
}

/**
 * The alerts' own tables, and the few read-only facts of other modules the job judges (an
 * organization's available credit and expiry, its lines' expiry, its administrators): read in one
 * place so a pass costs a handful of queries, never written (CONTEXT.md, decision log).
 */
@injectable()
export class AlertsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async notificationSetting(organizationId: number): Promise<NotificationSettingRow | null> {
    const r = await this.knex('notification_settings').where({ organizationId }).first();
    return r ? { enableSmsNotification: Boolean(r.enableSmsNotification), enablePanelNotification: Boolean(r.enablePanelNotification), mobiles: mobilesOf(r.mobiles) } : null;
  }

  async alertSettings(organizationId: number): Promise<AlertSettingRow[]> {
    return (await this.knex('alert_settings').where({ organizationId }).select(SETTING_COLUMNS)).map(alertOf);
  }

  async save(tx: Tx, organizationId: number, notification: NotificationSettingRow, alerts: AlertSettingRow[]): Promise<void> {
    await tx('notification_settings')
      .insert({ organizationId, ...notification, mobiles: JSON.stringify(notification.mobiles) })
      .onConflict('organizationId').merge({ ...notification, mobiles: JSON.stringify(notification.mobiles), lastModified: tx.fn.now() });
    for (const a of alerts) {
      await tx('alert_settings').insert({ organizationId, ...a })
        .onConflict(['organizationId', 'alertType']).merge({ ...a, lastModified: tx.fn.now() });
    }
  }

  async organizationFlags(organizationId: number): Promise<Record<string, boolean>> {
    const r = await this.knex('organizations').where({ id: organizationId })
      .first('isSendAlertToOrganizationAdmin', 'isSendOrganizationExpirationAlertMessage', 'isSendAlertForCreatePayment', 'isSendAlertForCreateOnlinePayment');
    return Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, Boolean(v)]));
  }

  /** Enabled alerts after `afterId`, in id order (the job pages through them). */
  async enabledAlerts(afterId: number, limit: number): Promise<EnabledAlert[]> {
    const rows = await this.knex('alert_settings as a')
      .join('organizations as o', 'o.id', 'a.organizationId')
      .leftJoin('notification_settings as n', 'n.organizationId', 'a.organizationId')
      .where('a.isEnableSendNotification', true).where('a.id', '>', afterId).whereNull('o.deletedAt')
      .orderBy('a.id').limit(limit)
      .select('a.id', 'a.organizationId', ...SETTING_COLUMNS.map((c) => `a.${c}`), 'o.name as organizationName', 'o.expireTime',
        'o.isSendOrganizationExpirationAlertMessage', 'o.isSendAlertToOrganizationAdmin',
        'n.enableSmsNotification', 'n.enablePanelNotification', 'n.mobiles');
    return rows.map((r: Record<string, unknown>) => ({
      ...alertOf(r), id: Number(r.id), organizationId: Number(r.organizationId), organizationName: String(r.organizationName),
      expireTime: r.expireTime ? new Date(r.expireTime as string) : null,
      isSendOrganizationExpirationAlertMessage: Boolean(r.isSendOrganizationExpirationAlertMessage),
      isSendAlertToOrganizationAdmin: Boolean(r.isSendAlertToOrganizationAdmin),
      ...notificationOf(r),
    }));
  }

  /** The organization's own account's available credit (balance − held); null when it has none. */
  async availableCredit(organizationId: number): Promise<bigint | null> {
    const r = await this.knex('credit_accounts').where({ organizationId }).whereNull('userId').first(this.knex.raw('(balance - held)::text as available'));
    return r ? BigInt(r.available) : null;
  }

  /** Live lines of the organization with an expiry whose owner asked for the expiry message. */
  async expiringLines(organizationId: number): Promise<{ id: number; number: string; expireTime: Date }[]> {
    const rows = await this.knex('private_numbers').where({ organizationId, isSendPrivateNumberExpirationMessage: true })
      .whereNull('deletedAt').whereNotNull('expireTime').orderBy('id').select('id', 'number', 'expireTime');
    return rows.map((r: Record<string, unknown>) => ({ id: Number(r.id), number: String(r.number), expireTime: new Date(r.expireTime as string) }));
  }

  /** Active administrators of the organization, with their mobiles (may be null). */
  async admins(tx: Tx, organizationId: number): Promise<{ id: number; mobile: string | null }[]> {
    const rows = await tx('users').where({ organizationId, isAdmin: true, isActive: true }).whereNull('deletedAt').orderBy('id').select('id', 'mobile');
    return rows.map((r: { id: number; mobile: string | null }) => ({ id: Number(r.id), mobile: r.mobile }));
  }

  /** Active users a line is assigned to (read-only from numbers' `private_number_assignments`). */
  async lineUsers(tx: Tx, privateNumberId: number): Promise<{ id: number; organizationId: number }[]> {
    const rows = await tx('private_number_assignments as a').join('users as u', 'u.id', 'a.userId')
      .where('a.privateNumberId', privateNumberId).where('u.isActive', true).whereNull('u.deletedAt').orderBy('u.id').select('u.id', 'u.organizationId');
    return rows.map((r: { id: number; organizationId: number }) => ({ id: Number(r.id), organizationId: Number(r.organizationId) }));
  }

  /** The system organization and the user its alert SMS are sent as (its administrator). */
  async systemSender(): Promise<{ organizationId: number; userId: number } | null> {
    const org = await this.knex('organizations').where({ type: 'system' }).whereNull('deletedAt').orderBy('id').first('id', 'adminUserId');
    if (!org) return null;
    const userId = org.adminUserId ?? (await this.knex('users').where({ organizationId: org.id, isAdmin: true, isActive: true }).whereNull('deletedAt').orderBy('id').first('id'))?.id;
    return userId ? { organizationId: Number(org.id), userId: Number(userId) } : null;
  }

  async record(organizationId: number, alertType: RecordType, subjectId: number): Promise<CreditNotificationRow | null> {
    const r = await this.knex('credit_notifications').where({ organizationId, alertType, subjectId }).first();
    return r ? rowOf(r) : null;
  }

  /**
   * Claims the alert's next sending: the record is created if missing, and marked sent only when it
   * is not sent for this crossing yet, or its last sending is at least `frequencyDays` old. Answers
   * the claimed record, or null when another pass (or an earlier run) has it: the one guard that
   * makes an alert fire once per crossing, even with two processes.
   */
  async claim(tx: Tx, key: { organizationId: number; alertType: RecordType; subjectId: number }, now: Date, frequencyDays: number): Promise<CreditNotificationRow | null> {
    await tx('credit_notifications').insert(key).onConflict(['organizationId', 'alertType', 'subjectId']).ignore();
    const due = new Date(now.getTime() - frequencyDays * 86_400_000);
    const rows = await tx('credit_notifications').where(key)
      .where((q) => q.where('isSend', false).orWhere('lastSendDateTime', '<=', due))
      .update({ isSend: true, lastSendDateTime: now, sendCount: tx.raw('"sendCount" + 1') }).returning('*');
    return rows.length ? rowOf(rows[0]) : null;
  }

  // ---- payment alerts ----------------------------------------------------------------------

  /** The organization's payment alert flags (read in the payment's transaction). */
  async paymentFlags(tx: Tx, organizationId: number): Promise<{ isSendAlertForCreatePayment: boolean; isSendAlertForCreateOnlinePayment: boolean } | null> {
    const r = await tx('organizations').where({ id: organizationId }).whereNull('deletedAt').first('isSendAlertForCreatePayment', 'isSendAlertForCreateOnlinePayment');
    return r ? { isSendAlertForCreatePayment: Boolean(r.isSendAlertForCreatePayment), isSendAlertForCreateOnlinePayment: Boolean(r.isSendAlertForCreateOnlinePayment) } : null;
  }

  /** Queues a payment alert: an unsent record (subject = the payment), once per payment and type. */
  async queuePaymentAlert(tx: Tx, key: { organizationId: number; alertType: PaymentAlertType; subjectId: number }): Promise<void> {
    await tx('credit_notifications').insert(key).onConflict(['organizationId', 'alertType', 'subjectId']).ignore();
  }

  /** Queued payment alerts after `afterId`, in id order, with what their text needs. */
  async pendingPaymentAlerts(afterId: number, limit: number): Promise<PendingPaymentAlert[]> {
    const rows = await this.knex('credit_notifications as c')
      .join('organizations as o', 'o.id', 'c.organizationId')
      .join('payments as p', 'p.id', 'c.subjectId')
      .join('organizations as payer', 'payer.id', 'p.organizationId')
      .leftJoin('notification_settings as n', 'n.organizationId', 'c.organizationId')
      .whereIn('c.alertType', [...PAYMENT_ALERT_TYPES]).where('c.isSend', false).where('c.id', '>', afterId).whereNull('o.deletedAt')
      .orderBy('c.id').limit(limit)
      .select('c.id as recordId', 'c.organizationId', 'c.alertType', 'c.subjectId as paymentId', 'o.name as organizationName', 'o.isSendAlertToOrganizationAdmin',
        'payer.name as payerName', 'p.typePayment', this.knex.raw('p.amount::text as amount'),
        'n.enableSmsNotification', 'n.enablePanelNotification', 'n.mobiles');
    return rows.map((r: Record<string, unknown>) => ({
      recordId: Number(r.recordId), organizationId: Number(r.organizationId), organizationName: String(r.organizationName),
      alertType: r.alertType as PaymentAlertType, paymentId: Number(r.paymentId), payerName: String(r.payerName),
      typePayment: String(r.typePayment), amount: String(r.amount),
      // A confirmation waits on a payment made outside the panel; an online payment is done already.
      importanceLevel: r.alertType === 'CreatePayment' ? 'High' : 'Normal',
      isSendAlertToOrganizationAdmin: Boolean(r.isSendAlertToOrganizationAdmin),
      ...notificationOf(r),
    }));
  }

  /** Claims a queued alert of one event: only an unsent record is claimed, and it is never re-armed. */
  async claimOnce(tx: Tx, recordId: number, now: Date): Promise<CreditNotificationRow | null> {
    const rows = await tx('credit_notifications').where({ id: recordId, isSend: false })
      .update({ isSend: true, lastSendDateTime: now, sendCount: tx.raw('"sendCount" + 1') }).returning('*');
    return rows.length ? rowOf(rows[0]) : null;
  }

  // ---- the installation's low-credit alert (LowestCreditOfUser) -----------------------------

  /**
   * Organizations (after `afterId`, in id order) with no LowCredit setting of their own whose own
   * account's available credit is below `threshold`.
   */
  async defaultLowCredit(threshold: bigint, afterId: number, limit: number): Promise<DefaultLowCredit[]> {
    const rows = await this.knex('organizations as o')
      .join('credit_accounts as a', (j) => j.on('a.organizationId', 'o.id').andOnNull('a.userId'))
      .leftJoin('alert_settings as s', (j) => j.on('s.organizationId', 'o.id').andOnVal('s.alertType', 'LowCredit'))
      .leftJoin('notification_settings as n', 'n.organizationId', 'o.id')
      // The system organization is never charged: its credit is no warning's business.
      .whereNull('s.id').whereNull('o.deletedAt').whereNot('o.type', 'system').where('o.id', '>', afterId)
      .whereRaw('a.balance - a.held < ?::bigint', [threshold.toString()])
      .orderBy('o.id').limit(limit)
      .select('o.id as organizationId', 'o.name as organizationName', 'o.isSendAlertToOrganizationAdmin', this.knex.raw('(a.balance - a.held)::text as available'),
        'n.enableSmsNotification', 'n.enablePanelNotification', 'n.mobiles');
    return rows.map((r: Record<string, unknown>) => ({
      organizationId: Number(r.organizationId), organizationName: String(r.organizationName), alertType: 'LowCredit' as const,
      importanceLevel: 'High' as const, isSendAlertToOrganizationAdmin: Boolean(r.isSendAlertToOrganizationAdmin),
      available: BigInt(r.available as string), ...notificationOf(r),
    }));
  }

  /** Re-arms the installation's low-credit alert of organizations without a setting of their own whose credit is back at or above `threshold`. */
  async rearmDefaultLowCredit(threshold: bigint): Promise<number[]> {
    const { rows } = await this.knex.raw(
      `update credit_notifications c set "isSend" = false
         from credit_accounts a
        where c."alertType" = 'LowCredit' and c."subjectId" = 0 and c."isSend"
          and a."organizationId" = c."organizationId" and a."userId" is null and a.balance - a.held >= ?::bigint
          and not exists (select 1 from alert_settings s where s."organizationId" = c."organizationId" and s."alertType" = 'LowCredit')
        returning c."organizationId"`,
      [threshold.toString()],
    );
    return rows.map((r: { organizationId: number }) => Number(r.organizationId));
  }

  async setScheduledMessage(tx: Tx, id: number, scheduledMessageId: number): Promise<void> {
    await tx('credit_notifications').where({ id }).update({ scheduledMessageId });
  }

  /** The condition is over (credit back up, expiry moved out of the window): the next crossing fires again. */
  async rearm(key: { organizationId: number; alertType: RecordType; subjectId: number }): Promise<void> {
    await this.knex('credit_notifications').where({ ...key, isSend: true }).update({ isSend: false });
  }
}

function notificationOf(r: Record<string, unknown>): NotificationSettingRow {
  // No notification setting saved yet: the panel only (the defaults the settings page shows).
  return {
    enableSmsNotification: Boolean(r.enableSmsNotification),
    enablePanelNotification: r.enablePanelNotification === null || r.enablePanelNotification === undefined ? true : Boolean(r.enablePanelNotification),
    mobiles: mobilesOf(r.mobiles ?? '[]'),
  };
}

function rowOf(r: Record<string, unknown>): CreditNotificationRow {
  return {
    id: Number(r.id), organizationId: Number(r.organizationId), alertType: r.alertType as RecordType, subjectId: Number(r.subjectId),
    isSend: Boolean(r.isSend), lastSendDateTime: r.lastSendDateTime ? new Date(r.lastSendDateTime as string) : null,
    scheduledMessageId: r.scheduledMessageId === null || r.scheduledMessageId === undefined ? null : Number(r.scheduledMessageId),
    sendCount: Number(r.sendCount),
  };
}
