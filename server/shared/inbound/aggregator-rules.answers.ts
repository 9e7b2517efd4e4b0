import { flag, instant, integer, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/** What `AggregatorRules/*` answers (server module inbound): a pattern routing a line's inbound texts to an organization. */
export const aggregatorRuleAnswer = {
  type: 'object',
  required: ['id', 'ownerOrganizationId', 'ownerOrganizationName', 'privateNumberId', 'receiverNumber', 'organizationId', 'organizationName', 'regex', 'smsAggregator', 'isActive', 'createdAt', 'updatedAt'],
  properties: {
    id: integer,
    /** The organization that made the rule and manages it. */
    ownerOrganizationId: integer,
    ownerOrganizationName: nullableText,
    privateNumberId: integer,
    receiverNumber: nullableText,
    /** Where matching messages go. */
    organizationId: integer,
    organizationName: nullableText,
    /** Written without slashes (the spec); matched case-insensitively, Persian digits read as Latin. */
    regex: text,
    /** The spec's SmsAggregator; null: any sender. */
    smsAggregator: nullableText,
    isActive: flag,
    createdAt: instant,
    updatedAt: instant,
  },
} as const;

export const aggregatorRulePageAnswer = pageOf(aggregatorRuleAnswer);

export type AggregatorRuleAnswer = AnswerOf<typeof aggregatorRuleAnswer>;
export type AggregatorRulePage = AnswerOf<typeof aggregatorRulePageAnswer>;
