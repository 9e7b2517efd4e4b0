import type { Culture } from '../i18n.js';
export interface ValidationIssue {
  propertyName: string;
  /** message key, translated when the envelope is written */
  key: string;
  params?: Record<string, unknown>;
}

/**
 * The one error type services throw. It carries message keys, not text, so the same failure
 * reads in Persian or English by the caller's culture.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly validationErrors: ValidationIssue[] = [],
    readonly data?: unknown,
    /** Response headers the answer carries (`Retry-After` on a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(key);
  }
}

export const badRequest = (key = 'status.400', params?: Record<string, unknown>, issues: ValidationIssue[] = [], data?: unknown) =>
  new AppError(400, key, params, issues, data);
export const unauthorized = (key = 'status.401', params?: Record<string, unknown>) => new AppError(401, key, params);
export const forbidden = (key = 'status.403', params?: Record<string, unknown>) => new AppError(403, key, params);
export const notFound = (key = 'status.404', params?: Record<string, unknown>) => new AppError(404, key, params);
export const conflict = (key: string, params?: Record<string, unknown>, issues: ValidationIssue[] = []) => new AppError(409, key, params, issues);

/** A single-field validation failure (the client shows it under that field). */
export const fieldError = (propertyName: string, key: string, params?: Record<string, unknown>, data?: unknown) =>
  new AppError(400, key, params, [{ propertyName, key, params }], data);

/**
 * An AppError as the envelope answers it, in the caller's language: the one rendering of the HTTP
 * error handler, also used where one answer carries several outcomes (the REST API's send-pairs).
 */
export function appErrorBody(t: (culture: Culture, key: string, params?: Record<string, unknown>) => string, culture: Culture, err: AppError) {
  return {
    message: t(culture, err.key === 'status.400' && err.validationErrors.length ? 'status.400' : err.key, err.params),
    validationErrors: err.validationErrors.map((v) => ({ propertyName: v.propertyName, message: t(culture, v.key, v.params) })),
  };
}
