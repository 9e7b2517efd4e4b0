import { flag, integer, text, type AnswerOf } from '../contracts/answer-schemas.js';

const nullableInt = { type: ['integer', 'null'] } as const;

/** What `AlertSettings/Get` and `AlertSettings/Save` answer (server module alerts; the client's settings page reads it). */
export const alertSettingsAnswer = {
  type: 'object',
  required: ['notification', 'alerts', 'flags'],
  properties: {
    notification: {
      type: 'object', required: ['enableSmsNotification', 'enablePanelNotification', 'mobiles'],
      properties: { enableSmsNotification: flag, enablePanelNotification: flag, mobiles: { type: 'array', items: text } },
    },
    alerts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['alertType', 'isEnableSendNotification', 'daysOfSendFrequencyPeriod', 'importanceLevel', 'fromDays', 'toDays', 'creditThreshold'],
        properties: {
          alertType: text, isEnableSendNotification: flag, daysOfSendFrequencyPeriod: integer, importanceLevel: text,
          fromDays: nullableInt, toDays: nullableInt, creditThreshold: { type: ['string', 'null'] },
        },
      },
    },
    // The organization's alert flags as stored (set on the organization form).
    flags: {
      type: 'object',
      required: ['isSendAlertToOrganizationAdmin', 'isSendOrganizationExpirationAlertMessage', 'isSendAlertForCreatePayment', 'isSendAlertForCreateOnlinePayment'],
      properties: {
        isSendAlertToOrganizationAdmin: flag, isSendOrganizationExpirationAlertMessage: flag,
        isSendAlertForCreatePayment: flag, isSendAlertForCreateOnlinePayment: flag,
      },
    },
  },
} as const;

export type AlertSettingsAnswer = AnswerOf<typeof alertSettingsAnswer>;
