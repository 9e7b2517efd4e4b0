import { flag, instant, integer, integers, nullableInstant, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `ClubDevices/*`, `ClubMembers/*` and `ClubFiles/*` answer (server module engage, club part;
 * client feature club): the spec's Customer club device (a club request), the club's members and
 * club files.
 */
const deviceProperties = {
  id: integer,
  organizationId: integer,
  userId: integer,
  deviceId: text,
  webhookUrl: nullableText,
  phonebookIdList: integers,
  /** The spec's PeriodType: Second, Minute, Hour, Daily. */
  delayType: { type: 'string', enum: ['Second', 'Minute', 'Hour', 'Daily'] },
  delayValue: integer,
  isShowDetail: flag,
  messageText: nullableText,
  privateNumberId: nullableInteger,
  rialsPerPoint: nullableInteger,
  status: { type: 'string', enum: ['WatingForConfirm', 'Confirmed', 'Rejected'] },
  decidedByUserId: nullableInteger,
  decidedAt: nullableInstant,
  rejectComment: nullableText,
  /** The latest purchase's message refusal (a failure code), null once a message went out. */
  lastFailureCode: nullableText,
  lastPurchaseAt: nullableInstant,
  createdAt: instant,
  lastModified: instant,
} as const;

const deviceRequired = [
  'id', 'organizationId', 'userId', 'deviceId', 'webhookUrl', 'phonebookIdList', 'delayType', 'delayValue', 'isShowDetail', 'messageText',
  'privateNumberId', 'rialsPerPoint', 'status', 'decidedByUserId', 'decidedAt', 'rejectComment', 'lastFailureCode', 'lastPurchaseAt', 'createdAt', 'lastModified',
] as const;

/** A device as `Update`, `Confirm/:id`, `Reject` and `UndoConfirm/:id` answer it: never its secret. */
export const clubDeviceAnswer = { type: 'object', required: deviceRequired, properties: deviceProperties } as const;

/** `Create` and `RotateSecret/:id`: the device with its signing secret, the only times it is shown. */
export const clubDeviceWithSecretAnswer = {
  type: 'object', required: [...deviceRequired, 'secret'], properties: { ...deviceProperties, /** HMAC-SHA256 key of the device's posts. */ secret: text },
} as const;

export const clubDeviceItemAnswer = {
  type: 'object',
  required: [...deviceRequired, 'title', 'userName', 'organizationName', 'senderNumber', 'purchaseCount'],
  properties: { ...deviceProperties, /** The deviceId: the device's name in the panel. */ title: text, userName: text, organizationName: text, senderNumber: nullableText, purchaseCount: integer },
} as const;

export const clubDevicePageAnswer = pageOf(clubDeviceItemAnswer);

export const clubPhonebookDeviceAnswer = {
  type: 'object', required: ['id', 'title', 'deviceConnectionPort', 'isSendMessageAfterAddFromDevice'],
  properties: { id: integer, title: text, deviceConnectionPort: nullableInteger, isSendMessageAfterAddFromDevice: flag },
} as const;

/** What the device's webhook answers: the purchase, the member after it and its message. */
export const clubPurchaseAnswer = {
  type: 'object',
  required: ['purchaseId', 'mobile', 'amount', 'points', 'repeated', 'member', 'sendId', 'messageAt', 'messageFailureCode'],
  properties: {
    purchaseId: text, mobile: text, amount: integer, points: integer,
    /** The same purchase id was taken before: nothing was stored or billed again. */
    repeated: flag,
    member: { type: ['object', 'null'], required: ['points', 'totalAmount', 'purchaseCount'], properties: { points: integer, totalAmount: integer, purchaseCount: integer } },
    sendId: nullableInteger,
    messageAt: nullableInstant,
    messageFailureCode: nullableText,
  },
} as const;

export const clubMemberAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'organizationName', 'mobile', 'name', 'points', 'totalAmount', 'purchaseCount', 'firstSeenAt', 'lastSeenAt', 'lastDeviceId'],
  properties: {
    id: integer, organizationId: integer, organizationName: text, mobile: text, name: nullableText, points: integer, totalAmount: integer, purchaseCount: integer,
    firstSeenAt: instant, lastSeenAt: instant, lastDeviceId: nullableInteger,
  },
} as const;

export const clubMemberPageAnswer = pageOf(clubMemberAnswer);

/** The spec's club file progress: smartSmsClubTitle, progressPercent, failedReason, totalCount, status. */
export const clubFileAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'userId', 'smartSmsClubTitle', 'fileName', 'status', 'totalCount', 'processedCount', 'addedCount', 'wrongCount', 'progressPercent', 'failedReason', 'createdAt', 'finishedAt'],
  properties: {
    id: integer, organizationId: integer, userId: integer, smartSmsClubTitle: text, fileName: text,
    status: { type: 'string', enum: ['Waiting', 'Processing', 'Completed', 'Failed'] },
    totalCount: integer, processedCount: integer, addedCount: integer, wrongCount: integer, progressPercent: integer, failedReason: nullableText,
    createdAt: instant, finishedAt: nullableInstant,
  },
} as const;

export const clubFilePageAnswer = pageOf(clubFileAnswer);

export type ClubDeviceAnswer = AnswerOf<typeof clubDeviceAnswer>;
export type ClubDeviceWithSecret = AnswerOf<typeof clubDeviceWithSecretAnswer>;
export type ClubDeviceItem = AnswerOf<typeof clubDeviceItemAnswer>;
export type ClubDevicePage = AnswerOf<typeof clubDevicePageAnswer>;
export type ClubMember = AnswerOf<typeof clubMemberAnswer>;
export type ClubMemberPage = AnswerOf<typeof clubMemberPageAnswer>;
export type ClubFile = AnswerOf<typeof clubFileAnswer>;
export type ClubFilePage = AnswerOf<typeof clubFilePageAnswer>;
