import { ALERT_TYPES, IMPORTANCE_LEVELS } from './alerts.repository.js';

const days = { type: ['integer', 'null'], minimum: 0, maximum: 365, default: null } as const;

const alertSettingSchema = {
  type: 'object', additionalProperties: false, required: ['alertType'],
  properties: {
    alertType: { type: 'string', enum: ALERT_TYPES },
    isEnableSendNotification: { type: 'boolean', default: false },
    daysOfSendFrequencyPeriod: { type: 'integer', minimum: 1, maximum: 365, default: 1 },
    importanceLevel: { type: 'string', enum: IMPORTANCE_LEVELS, default: 'Normal' },
    fromDays: days,
    toDays: days,
    // Integer rials as digits (money is never a float).
    creditThreshold: { type: ['string', 'null'], pattern: '^[0-9]{1,15}$', default: null },
  },
} as const;

export const saveAlertSettingsSchema = {
  type: 'object', additionalProperties: false, required: ['notification', 'alerts'],
  properties: {
    notification: {
      type: 'object', additionalProperties: false, required: ['enableSmsNotification', 'enablePanelNotification', 'mobiles'],
      properties: {
        enableSmsNotification: { type: 'boolean' },
        enablePanelNotification: { type: 'boolean' },
        mobiles: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 } },
      },
    },
    alerts: { type: 'array', maxItems: ALERT_TYPES.length, items: alertSettingSchema },
  },
} as const;
