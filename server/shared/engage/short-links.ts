import { instant, integer, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';
/** Shared by the server and the panel: short links' enumerations (issue 28). */

/** The spec's urlType: `Public` (anyone may click; made by hand or one per send) or `Personal` (one per receiver). */
export const SHORT_LINK_URL_TYPES = ['Public', 'Personal'] as const;
export type ShortLinkUrlType = (typeof SHORT_LINK_URL_TYPES)[number];

/** What a send does with the links of its text: none, one short link per send, a personal link per receiver. */
export const SHORT_LINK_MODES = ['None', 'PerSend', 'PerReceiver'] as const;
export type ShortLinkMode = (typeof SHORT_LINK_MODES)[number];

/** The device of a click, judged from its user agent. */
export const CLICK_DEVICES = ['Mobile', 'Tablet', 'Desktop', 'Bot', 'Other'] as const;
export type ClickDevice = (typeof CLICK_DEVICES)[number];


/** A short link as the panel shows it (`ShortLinks/*`). */
export const shortLinkAnswer = {
  type: 'object',
  required: ['id', 'code', 'shortUrl', 'mainUrl', 'urlType', 'title', 'sendId', 'receiver', 'clicks', 'createdAt'],
  properties: {
    id: integer, code: text, shortUrl: text, mainUrl: text, urlType: { type: 'string', enum: SHORT_LINK_URL_TYPES }, title: nullableText,
    sendId: nullableInteger, receiver: nullableText, clicks: integer, createdAt: instant,
  },
} as const;

export const shortLinksPageAnswer = pageOf(shortLinkAnswer);

/** Clicks counted: total, distinct receivers (personal links), by device, by Tehran day (`YYYY-MM-DD`, newest first, at most 90). */
export const clickSummaryAnswer = {
  type: 'object',
  required: ['totalClicks', 'uniqueReceivers', 'byDevice', 'byDay'],
  properties: {
    totalClicks: integer,
    uniqueReceivers: integer,
    byDevice: { type: 'array', items: { type: 'object', required: ['device', 'clicks'], properties: { device: text, clicks: integer } } },
    byDay: { type: 'array', items: { type: 'object', required: ['day', 'clicks'], properties: { day: text, clicks: integer } } },
  },
} as const;

export const shortLinkDetailAnswer = {
  type: 'object',
  required: [...shortLinkAnswer.required, 'summary'],
  properties: { ...shortLinkAnswer.properties, summary: clickSummaryAnswer },
} as const;

/** One click of a send's links: who (receiver, null for a per-send link), when, on what device. */
export const sendClickAnswer = {
  type: 'object',
  required: ['code', 'shortUrl', 'urlType', 'mainUrl', 'receiver', 'clickedAt', 'device'],
  properties: { code: text, shortUrl: text, urlType: text, mainUrl: text, receiver: nullableText, clickedAt: instant, device: text },
} as const;

export const sendClicksAnswer = {
  type: 'object',
  required: ['summary', 'personalLinks', 'publicLinks', 'items', 'totalCount'],
  properties: {
    summary: clickSummaryAnswer,
    /** How many personal links the send carried (one per receiver). */
    personalLinks: integer,
    publicLinks: { type: 'array', items: shortLinkAnswer },
    items: { type: 'array', items: sendClickAnswer },
    totalCount: integer,
  },
} as const;

/** The dashboard's clicks figure: today (Tehran) and the last 30 days. */
export const clicksDashboardAnswer = {
  type: 'object',
  required: ['todayClicks', 'todayReceivers', 'last30DaysClicks', 'last30DaysReceivers'],
  properties: { todayClicks: integer, todayReceivers: integer, last30DaysClicks: integer, last30DaysReceivers: integer },
} as const;

export type ShortLinkAnswer = AnswerOf<typeof shortLinkAnswer>;
export type ShortLinksPageAnswer = AnswerOf<typeof shortLinksPageAnswer>;
export type ShortLinkDetailAnswer = AnswerOf<typeof shortLinkDetailAnswer>;
export type SendClicksAnswer = AnswerOf<typeof sendClicksAnswer>;
export type ClicksDashboardAnswer = AnswerOf<typeof clicksDashboardAnswer>;
export type ClickSummaryAnswer = AnswerOf<typeof clickSummaryAnswer>;
