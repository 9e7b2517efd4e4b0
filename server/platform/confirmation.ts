import { toLatinDigits } from '../shared/sms/phone-numbers.js';
import { randomInt, randomUUID } from 'node:crypto';
import { AppError } from './http/errors.js';
import type { KeyValueStore } from './kv.js';
import type { RequestContext } from './http/context.js';

const TTL_MS = 5 * 60_000;

export interface ConfirmationInput {
  confirmationId?: string;
  confirmationNumber?: string;
}

/**
 * Dangerous edits (removing access, deleting organizations) need the user to type a number the
 * server showed them. The first call answers 400 with a fresh number in `data`; the repeated call
 * carries it back. A number is single-use, bound to its user and operation, and expires.
 */
export class ConfirmationGuard {
  constructor(private readonly kv: KeyValueStore) {}

  async require(ctx: RequestContext, operation: string, input: ConfirmationInput): Promise<void> {
    const userId = ctx.principal?.userId ?? 0;
    let wrong = false;
    if (input.confirmationId || input.confirmationNumber) {
      const stored = input.confirmationId ? await this.kv.take(`confirm:${input.confirmationId}`) : null;
      if (stored) {
        const s = JSON.parse(stored) as { userId: number; operation: string; number: string };
        if (s.userId === userId && s.operation === operation && s.number === toLatinDigits(input.confirmationNumber ?? '').trim()) return;
      }
      wrong = true;
    }
    const confirmationId = randomUUID();
    const number = String(randomInt(10_000, 100_000));
    await this.kv.set(`confirm:${confirmationId}`, JSON.stringify({ userId, operation, number }), TTL_MS);
    const key = wrong ? 'confirmation.wrong' : 'confirmation.required';
    throw new AppError(400, key, { number }, [{ propertyName: 'confirmationNumber', key, params: { number } }], {
      confirmationRequired: true, confirmationId, confirmationNumber: number,
    });
  }
}

// Persian and Arabic-Indic digits typed by users are accepted as Latin digits: the one folding of
// server/shared/sms/phone-numbers.ts, re-exported for the callers that name this file.
export { toLatinDigits };
