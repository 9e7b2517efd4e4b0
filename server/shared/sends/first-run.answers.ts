import { flag, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * The first-run steps, in the order a new installation must take them (the client names and links
 * each): the customer comes before the credit, since the credit is charged to that customer.
 */
export const FIRST_RUN_STEPS = ['senderAgent', 'tariff', 'customer', 'credit', 'testMessage'] as const;

/** `FirstRun/GetChecklist` (server module messaging, client feature dashboard): each step and whether it is done. */
export const firstRunChecklistAnswer = {
  type: 'object',
  required: ['items', 'allDone'],
  properties: {
    items: {
      type: 'array',
      items: { type: 'object', required: ['key', 'done'], properties: { key: { type: 'string', enum: FIRST_RUN_STEPS }, done: flag } },
    },
    allDone: flag,
  },
} as const;

export type FirstRunChecklistAnswer = AnswerOf<typeof firstRunChecklistAnswer>;
