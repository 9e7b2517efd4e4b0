import { calculationAnswer } from '../sends/sends.answers.js';
import { flag, instant, integer, nullableInstant, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/** What `NumberBank/*` and `Zones/*` answer (server module targeting; the client's number-bank feature reads these types). */

const operatorCounts = { mciCount: integer, mtnCount: integer, rightelCount: integer, otherCount: integer } as const;

const importProperties = {
  id: integer,
  userId: integer,
  fileName: text,
  format: { enum: ['xlsx', 'csv'] },
  sizeBytes: integer,
  status: { enum: ['Waiting', 'Extracting', 'Completed', 'Failed'] },
  progressPercent: integer,
  processedCount: integer,
  addedCount: integer,
  updatedCount: integer,
  rejectedCount: integer,
  /** Zones whose counts the import recounted. */
  zoneCount: integer,
  failedReason: nullableText,
  createdAt: instant,
  startedAt: nullableInstant,
  finishedAt: nullableInstant,
  lastModified: instant,
} as const;
const importRequired = ['id', 'userId', 'fileName', 'format', 'sizeBytes', 'status', 'progressPercent', 'processedCount', 'addedCount', 'updatedCount', 'rejectedCount', 'zoneCount', 'failedReason', 'createdAt', 'startedAt', 'finishedAt', 'lastModified'] as const;

export const bankImportAnswer = { type: 'object', required: importRequired, properties: importProperties } as const;
export const bankImportsPageAnswer = pageOf(bankImportAnswer);

export const bankImportDetailAnswer = {
  type: 'object', required: [...importRequired, 'rejects'],
  properties: {
    ...importProperties,
    /** The first rejected rows with their reasons (the file's row number, the column, the reason in the caller's language). */
    rejects: {
      type: 'array',
      items: { type: 'object', required: ['rowNumber', 'propertyName', 'reason', 'value'], properties: { rowNumber: integer, propertyName: text, reason: text, value: nullableText } },
    },
  },
} as const;

export const bankNumberAnswer = {
  type: 'object',
  required: ['id', 'mobile', 'genderType', 'stateName', 'cityName', 'areaName', 'guildName', 'subGuildName', 'zipCode', 'isBlackList', 'isBlackListLocal', 'mobileOperator', 'simType', 'lastModified'],
  properties: {
    id: { type: 'string', pattern: '^[0-9]+$' },
    mobile: text,
    genderType: { enum: ['All', 'Man', 'Woman'] },
    stateName: text,
    cityName: nullableText,
    areaName: nullableText,
    guildName: nullableText,
    subGuildName: nullableText,
    zipCode: nullableText,
    isBlackList: flag,
    isBlackListLocal: flag,
    mobileOperator: { enum: ['MCI', 'Irancell', 'Rightel', 'Other'] },
    simType: { enum: ['All', 'Credits', 'Permanent'] },
    lastModified: instant,
  },
} as const;
export const bankNumbersPageAnswer = pageOf(bankNumberAnswer);

/** Counts only: the customer-facing answer never holds a number. */
export const bankCountAnswer = {
  type: 'object', required: ['mciCount', 'mtnCount', 'rightelCount', 'otherCount', 'totalCount'],
  properties: { ...operatorCounts, totalCount: integer },
} as const;

/**
 * `ScheduledMessages/GetRegionalScheduledMessageCalculations`: the ordinary price preview of the
 * send, the numbers available per operator for its filters (gray list left out) and how many the
 * count or percentage asks for. Never a number.
 */
export const regionalCalculationAnswer = {
  type: 'object', required: [...calculationAnswer.required, 'available', 'requestedCount'],
  properties: { ...calculationAnswer.properties, available: bankCountAnswer, requestedCount: integer },
} as const;

export const zoneAnswer = {
  type: 'object', required: ['id', 'zoneType', 'parentId', 'name', 'mciCount', 'mtnCount', 'rightelCount', 'otherCount', 'totalCount'],
  properties: { id: integer, zoneType: { enum: ['Country', 'Province', 'City', 'Area'] }, parentId: nullableInteger, name: text, ...operatorCounts, totalCount: integer },
} as const;
export const zonesAnswer = { type: 'object', required: ['items'], properties: { items: { type: 'array', items: zoneAnswer } } } as const;

export type BankImport = AnswerOf<typeof bankImportAnswer>;
export type BankImportDetail = AnswerOf<typeof bankImportDetailAnswer>;
export type BankNumber = AnswerOf<typeof bankNumberAnswer>;
export type BankCount = AnswerOf<typeof bankCountAnswer>;
export type Zone = AnswerOf<typeof zoneAnswer>;
export type RegionalCalculation = AnswerOf<typeof regionalCalculationAnswer>;
