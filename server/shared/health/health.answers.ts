import { flag, integer, text, type AnswerOf } from '../contracts/answer-schemas.js';

/** What `/api/health` answers (a load balancer's and an operator's view of one process). */
export const healthAnswer = {
  type: 'object',
  required: ['status', 'database', 'queue', 'version', 'eventLoopDelayMs', 'oldestRunningJob'],
  properties: {
    status: { type: 'string', enum: ['ok'] },
    database: text,
    queue: text,
    version: text,
    eventLoopDelayMs: { type: 'object', required: ['p99Ms', 'maxMs'], properties: { p99Ms: { type: 'number' }, maxMs: { type: 'number' } } },
    /** The longest scheduled run in progress; `overdue` once it runs longer than its period. */
    oldestRunningJob: {
      anyOf: [
        { type: 'null' },
        { type: 'object', required: ['name', 'runningMs', 'overdue'], properties: { name: text, runningMs: integer, overdue: flag } },
      ],
    },
  },
} as const;

export type HealthAnswer = AnswerOf<typeof healthAnswer>;
