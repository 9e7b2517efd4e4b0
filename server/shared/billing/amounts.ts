import { nullableText, text } from '../contracts/answer-schemas.js';

/**
 * Billing's scalars in answers. Amounts are integer rials as decimal text, so none passes through
 * a float and amounts past 2^53 survive (billing CONTEXT, "Amounts"); bigint ids (ledger entries,
 * package purchases) are text for the same reason.
 */
export const rials = text;
export const nullableRials = nullableText;
export const bigId = text;
export const nullableBigId = nullableText;
