import { pagingQuerySchema } from '../../../platform/http/router.js';
import { CLUB_DELAY_TYPES, CLUB_DEVICE_STATUSES } from './club.repository.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const nullableId = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 } as const;

const deviceFields = {
  // A blank ID gets the service's own message on its field.
  deviceId: { type: 'string', maxLength: 100 },
  webhookUrl: { type: ['string', 'null'], maxLength: 2000 },
  phonebookIdList: { type: 'array', minItems: 1, maxItems: 20, items: id },
  delayType: { type: 'string', enum: [...CLUB_DELAY_TYPES] },
  delayValue: { type: 'integer', minimum: 0, maximum: 2_592_000 },
  isShowDetail: { type: 'boolean' },
  messageText: { type: ['string', 'null'], maxLength: 1000 },
  privateNumberId: nullableId,
  rialsPerPoint: { type: ['integer', 'null'], minimum: 0, maximum: 1_000_000_000 },
} as const;

const required = ['deviceId', 'phonebookIdList'] as const;

export const createClubDeviceSchema = { type: 'object', additionalProperties: false, required, properties: deviceFields } as const;

/** The whole device again, as the form sends it. */
export const updateClubDeviceSchema = { type: 'object', additionalProperties: false, required: ['id', ...required], properties: { id, ...deviceFields } } as const;

export const clubDevicesQuery = {
  type: 'object', additionalProperties: false,
  properties: { ...pagingQuerySchema, status: { type: 'string', enum: [...CLUB_DEVICE_STATUSES] } },
} as const;

export const rejectClubDeviceSchema = {
  type: 'object', additionalProperties: false, required: ['id'], properties: { id, rejectComment: { type: ['string', 'null'], maxLength: 500 } },
} as const;

export const phonebookDeviceSchema = {
  type: 'object', additionalProperties: false, required: ['phonebookId', 'isSendMessageAfterAddFromDevice'],
  properties: { phonebookId: id, deviceConnectionPort: { type: ['integer', 'null'], minimum: 1, maximum: 65535 }, isSendMessageAfterAddFromDevice: { type: 'boolean' } },
} as const;

const points = { type: 'integer', minimum: 0, maximum: 1_000_000_000_000 } as const;

export const clubMembersQuery = {
  type: 'object', additionalProperties: false,
  properties: { ...pagingQuerySchema, minPoints: points, maxPoints: points },
} as const;

export const clubSendSchema = {
  type: 'object', additionalProperties: false, required: ['privateNumberId', 'smsBody'],
  properties: {
    privateNumberId: id,
    smsBody: { type: 'string', minLength: 1, maxLength: 2000 },
    minPoints: { type: ['integer', 'null'], minimum: 0, maximum: 1_000_000_000_000 },
    maxPoints: { type: ['integer', 'null'], minimum: 0, maximum: 1_000_000_000_000 },
    sendDateTime: { type: ['string', 'null'], format: 'date-time' },
    description: { type: ['string', 'null'], maxLength: 500 },
    isFlashSms: { type: 'boolean' },
  },
} as const;

export const clubFilesQuery = { type: 'object', additionalProperties: false, properties: { pageIndex: pagingQuerySchema.pageIndex, pageSize: pagingQuerySchema.pageSize } } as const;

export const clubFileUploadQuery = {
  type: 'object', additionalProperties: false, required: ['smartSmsClubTitle'],
  properties: { smartSmsClubTitle: { type: 'string', maxLength: 200 }, fileName: { type: 'string', maxLength: 300 } },
} as const;
