/**
 * What a gateway's health says, as codes with parameters: the panel words them in the reader's
 * language, while `detail` / `lastError` keep the English text (`healthNotesText`) for logs, old
 * plugins and records another version wrote. The gateway SDK re-exports this file (plugins import
 * only the SDK); the client's lines feature translates each code.
 *
 * Parameter kinds, which decide how the panel shows them: a number (`bound`, `total`, `seconds`,
 * `httpStatus`) in the reader's digits; a string (`address` = host:port, `host`, `status` = an SMPP
 * status name, `code`, `error` = a text from the provider, the system or a library) is data, shown
 * as written, left to right.
 */
export const HEALTH_NOTE_ENGLISH = {
  notConnected: 'not connected',
  connecting: 'connecting',
  disconnected: 'disconnected',
  draining: 'draining',
  unbound: 'unbound',
  bindsBound: '{bound}/{total} binds bound',
  connectionRefused: 'connection refused {address}',
  hostNotFound: 'host not found: {host}',
  connectionTimedOut: 'connection timed out {address}',
  connectionReset: 'connection reset by {address}',
  hostUnreachable: 'host unreachable: {host}',
  connectionError: 'connection error: {error}',
  connectionClosed: 'connection closed',
  badPdu: 'bad PDU from the centre: {error}',
  bindRefused: 'bind refused: {status}',
  bindTimedOut: 'bind timed out: no bind_resp',
  lostWhileBinding: 'connection lost while binding',
  noEnquireLinkAnswer: 'no answer to enquire_link',
  centreUnbound: 'the centre unbound',
  connectFailed: 'connect failed: {error}',
  healthCheckFailed: 'health check failed: {error}',
  optionsRefused: 'the plugin refused the options: {error}',
  noConnectionWithin: 'no connection within {seconds} s',
  noHealthAnswerWithin: 'no health answer within {seconds} s',
  smtpCheckFailed: 'SMTP check failed: {error}',
  smtpLoginRefused: 'SMTP login refused: {error}',
  smtpError: 'SMTP {code}: {error}',
  /** The link broke; the text is the system's or the library's own. */
  linkError: '{error}',
  requestTemplateError: 'request template: {error}',
  requestFailed: '{code}: {error}',
  providerHttpError: 'the provider answered HTTP {httpStatus}',
} as const;

export type HealthNoteCode = keyof typeof HEALTH_NOTE_ENGLISH;
export const HEALTH_NOTE_CODES = Object.keys(HEALTH_NOTE_ENGLISH) as HealthNoteCode[];

/** One statement about a gateway's health ("connection refused 10.0.0.5:2775" = connectionRefused {address}). */
export interface HealthNote {
  code: HealthNoteCode;
  params?: Record<string, string | number>;
}

export function healthNote(code: HealthNoteCode, params?: Record<string, string | number>): HealthNote {
  return params ? { code, params } : { code };
}

/** The note in English (the `detail` text; a missing parameter stays as its placeholder). */
export function healthNoteText(note: HealthNote): string {
  return HEALTH_NOTE_ENGLISH[note.code].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = note.params?.[name];
    return value === undefined ? whole : String(value);
  });
}

/** Notes read as one line, as `detail` always was ("0/1 binds bound; connection refused 127.0.0.1:2799"). */
export function healthNotesText(notes: readonly HealthNote[]): string {
  return notes.map(healthNoteText).join('; ');
}

/** Both forms of a health's text from the same notes: `{detail, detailNotes}` to spread into a health. */
export function describedBy(...notes: HealthNote[]): { detail: string; detailNotes: HealthNote[] } {
  return { detail: healthNotesText(notes), detailNotes: notes };
}
