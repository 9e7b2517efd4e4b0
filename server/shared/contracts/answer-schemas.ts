import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * The type of an answer as the client receives it (JSON), from the schema its route declares as
 * `answer`. Answer schemas leave objects open (a row may carry more columns than the contract
 * names, and nothing is stripped), which json-schema-to-ts types as `[k: string]: unknown`; the
 * type drops those index signatures, so a field the contract does not name is a type error.
 */
export type AnswerOf<S> = S extends JSONSchema ? Closed<FromSchema<S>> : never;

type Closed<T> = T extends readonly (infer U)[]
  ? Closed<U>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Closed<T[K]> }
    : T;

/** The answer of every `GetAll`: one page of items and the count of all that match. */
export function pageOf<const I extends JSONSchema>(item: I) {
  return {
    type: 'object',
    required: ['items', 'totalCount'],
    properties: { items: { type: 'array', items: item }, totalCount: { type: 'integer' } },
  } as const;
}

/** A list answered as a bare array. */
export function listOf<const I extends JSONSchema>(item: I) {
  return { type: 'array', items: item } as const;
}

/** `{id}`: what a delete answers. */
export const idAnswer = {
  type: 'object', required: ['id'], properties: { id: { type: 'integer' } },
} as const;

/** `null`: what a delete or an unassign answers when it names nothing back. */
export const noAnswer = { type: 'null' } as const;

export const integer = { type: 'integer' } as const;
export const text = { type: 'string' } as const;
export const flag = { type: 'boolean' } as const;
export const nullableText = { type: ['string', 'null'] } as const;
export const nullableInteger = { type: ['integer', 'null'] } as const;
/** A timestamp as JSON carries it (ISO text). */
export const instant = { type: 'string' } as const;
export const nullableInstant = { type: ['string', 'null'] } as const;
export const integers = { type: 'array', items: integer } as const;
/**
 * Money and bigint ids as decimal text: amounts are integer rials, so none passes through a float
 * and amounts past 2^53 survive (billing CONTEXT, "Amounts"); the pattern refuses '12.5' or '1e3'.
 */
export const rials = { type: 'string', pattern: '^-?[0-9]+$' } as const;
export const nullableRials = { type: ['string', 'null'], pattern: '^-?[0-9]+$' } as const;
export const bigId = { type: 'string', pattern: '^[0-9]+$' } as const;
export const nullableBigId = { type: ['string', 'null'], pattern: '^[0-9]+$' } as const;
