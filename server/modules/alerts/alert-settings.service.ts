import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, forbidden, type ValidationIssue } from '../../platform/http/errors.js';
import { normalizeIranMobile } from '../../shared/sms/phone-numbers.js';
import type { SchemaType } from '../../platform/http/router.js';
import { ALERT_TYPES, AlertsRepository, type AlertSettingRow, type AlertType } from './alerts.repository.js';
import type { saveAlertSettingsSchema } from './alerts.schemas.js';

/** What an organization that never saved its settings sees (and what the job assumes: nothing enabled). */
export function defaultAlert(alertType: AlertType): AlertSettingRow {
  return {
    alertType, isEnableSendNotification: false, daysOfSendFrequencyPeriod: 1, importanceLevel: 'Normal',
    fromDays: alertType === 'LowCredit' ? null : 7, toDays: alertType === 'LowCredit' ? null : 2,
    creditThreshold: alertType === 'LowCredit' ? '100000' : null,
  };
}

/**
 * The organization's (the caller's tenant, `c-org-id`) alert and notification settings. Only its
 * administrators (or one above) read and change them: they decide who is texted at whose cost.
 */
@injectable()
export class AlertSettingsService {
  constructor(
    @inject(AlertsRepository) private readonly repo: AlertsRepository,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async get(ctx: Actor) {
    this.assertAdmin(ctx);
    const organizationId = ctx.tenant.organizationId;
    const [notification, saved, flags] = await Promise.all([
      this.repo.notificationSetting(organizationId), this.repo.alertSettings(organizationId), this.repo.organizationFlags(organizationId),
    ]);
    return {
      notification: notification ?? { enableSmsNotification: false, enablePanelNotification: true, mobiles: [] },
      alerts: ALERT_TYPES.map((t) => saved.find((a) => a.alertType === t) ?? defaultAlert(t)),
      flags: {
        isSendAlertToOrganizationAdmin: Boolean(flags.isSendAlertToOrganizationAdmin),
        isSendOrganizationExpirationAlertMessage: Boolean(flags.isSendOrganizationExpirationAlertMessage),
        isSendAlertForCreatePayment: Boolean(flags.isSendAlertForCreatePayment),
        isSendAlertForCreateOnlinePayment: Boolean(flags.isSendAlertForCreateOnlinePayment),
      },
    };
  }

  async save(ctx: Actor, body: SchemaType<typeof saveAlertSettingsSchema>) {
    this.assertAdmin(ctx);
    const issues: ValidationIssue[] = [];
    const mobiles: string[] = [];
    body.notification.mobiles.forEach((m, i) => {
      const n = normalizeIranMobile(m);
      if (!n) issues.push({ propertyName: `notification.mobiles[${i}]`, key: 'alerts.mobileInvalid', params: { mobile: m } });
      else if (!mobiles.includes(n)) mobiles.push(n);
    });
    if (body.notification.enableSmsNotification && body.notification.mobiles.length === 0) {
      issues.push({ propertyName: 'notification.mobiles', key: 'alerts.mobilesRequired' });
    }
    const seen = new Set<string>();
    const alerts: AlertSettingRow[] = body.alerts.map((a, i) => {
      const at = (f: string) => `alerts[${i}].${f}`;
      if (seen.has(a.alertType)) issues.push({ propertyName: at('alertType'), key: 'alerts.alertTypeTwice', params: { alertType: a.alertType } });
      seen.add(a.alertType);
      const row: AlertSettingRow = {
        alertType: a.alertType, isEnableSendNotification: a.isEnableSendNotification, daysOfSendFrequencyPeriod: a.daysOfSendFrequencyPeriod,
        importanceLevel: a.importanceLevel, fromDays: a.fromDays, toDays: a.toDays, creditThreshold: a.creditThreshold,
      };
      if (a.alertType === 'LowCredit') {
        if (!a.creditThreshold || BigInt(a.creditThreshold) <= 0n) issues.push({ propertyName: at('creditThreshold'), key: 'alerts.creditThresholdRequired' });
        row.fromDays = null;
        row.toDays = null;
        return row;
      }
      row.creditThreshold = null;
      const freq = a.daysOfSendFrequencyPeriod;
      // The spec: "fromDays and toDays (more than the send frequency)".
      if (a.fromDays === null) issues.push({ propertyName: at('fromDays'), key: 'alerts.daysRequired' });
      else if (a.fromDays <= freq) issues.push({ propertyName: at('fromDays'), key: 'alerts.daysAboveFrequency', params: { frequency: freq } });
      if (a.toDays === null) issues.push({ propertyName: at('toDays'), key: 'alerts.daysRequired' });
      else if (a.toDays <= freq) issues.push({ propertyName: at('toDays'), key: 'alerts.daysAboveFrequency', params: { frequency: freq } });
      if (a.fromDays !== null && a.toDays !== null && a.fromDays < a.toDays) issues.push({ propertyName: at('toDays'), key: 'alerts.toDaysAfterFromDays' });
      return row;
    });
    if (issues.length) throw new AppError(400, 'status.400', {}, issues);
    const notification = { ...body.notification, mobiles };
    await this.uow.run((tx) => this.repo.save(tx, ctx.tenant.organizationId, notification, alerts));
    return this.get(ctx);
  }

  private assertAdmin(ctx: Actor): void {
    if (!ctx.principal.isAdmin) throw forbidden('alerts.adminsOnly');
  }
}
