import { AppError, fieldError } from '../../platform/http/errors.js';
import { inDigits } from '../../platform/i18n.js';
import { authenticationRequired, type OrganizationRow } from '../organizations/index.js';
import type { FailureCode } from './statuses.js';
import { wallTimeOf } from '../../shared/dates/tehran-time.js';

// The rules a send is judged by, wherever it is judged: compose, a periodic definition, an edit of
// a waiting send, and the dispatcher's re-check when a send's time comes. Pure: no reads, no clock
// of their own, so every caller judges the same way at the instant it chooses.

/**
 * Why a send is refused: a spec failure code, or the hold on an organization that is not
 * authenticated. The spec's codes have none of its own for that hold; its message groups it with
 * "organization inactive, expired", so it is recorded as OrganizationIsInactive and told apart by
 * its own message (`messaging.OrganizationNotAuthenticated`).
 */
export type SendRefusal = FailureCode | 'OrganizationNotAuthenticated';

/** The spec failure code a refusal is recorded and answered with. */
export function failureCodeOf(refusal: SendRefusal): FailureCode {
  return refusal === 'OrganizationNotAuthenticated' ? 'OrganizationIsInactive' : refusal;
}

export function sendFailure(code: SendRefusal, propertyName?: string, params: Record<string, unknown> = {}): AppError {
  const issues = propertyName ? [{ propertyName, key: `messaging.${code}`, params }] : [];
  return new AppError(400, `messaging.${code}`, params, issues, { failureCode: failureCodeOf(code) });
}

/** Which refusal the organization chain and the user answer, checked in this order. */
export function standingFailure(chain: OrganizationRow[], user: Record<string, unknown> | null, now: Date): SendRefusal | null {
  const org = chain[chain.length - 1] as (OrganizationRow & Record<string, unknown>) | undefined;
  if (!org || org.deletedAt) return 'OrganizationNotFound';
  const expired = (o: { expireTime: Date | null }) => o.expireTime !== null && new Date(o.expireTime).getTime() <= now.getTime();
  if (!org.isActive || org.isArchived || org.isActiveSend === false) return 'OrganizationIsInactive';
  if (expired(org)) return 'OrganizationIsExpired';
  const parent = chain.length >= 2 ? chain[chain.length - 2] : null;
  // The parent below the system organization is "the admin" (reseller) of the spec's codes.
  if (parent && parent.type !== 'system') {
    if (!parent.isActive || parent.isArchived || parent.deletedAt) return 'AdminIsInactive';
    if (expired(parent)) return 'AdminIsExpired';
  }
  if (chain.slice(0, -2).some((o) => !o.isActive || o.isArchived || o.deletedAt)) return 'OrganizationOrHierarchyIsInactive';
  if (org.isAuthenticated !== true && authenticationRequired(chain)) return 'OrganizationNotAuthenticated';
  if (user) {
    if (user.isActive === false || user.isActiveSend === false) return 'UserIsInactive';
    if (user.expireDate && new Date(user.expireDate as string).getTime() <= now.getTime()) return 'UserIsExpired';
  }
  return null;
}

/** 'HH:mm' windows; an end before the start wraps past midnight. Times are Tehran wall-clock. */
/**
 * The user flag isSendSmsDescriptionRequired: a send a person types in the panel carries a
 * description (who asked for it, which campaign), so the organization can account for it. Machine
 * traffic (v1, SMPP, patterns, automatic answers) has no one to type it and is not judged.
 */
export function judgeDescription(user: Record<string, unknown> | null, description: string | null | undefined): void {
  if (user?.isSendSmsDescriptionRequired === true && !(description ?? '').trim()) throw fieldError('description', 'messaging.descriptionRequired');
}

export function insideWindow(at: Date, start: string | null, end: string | null): boolean {
  if (!start || !end) return true;
  const minutes = tehranMinutes(at);
  const s = toMinutes(start);
  const e = toMinutes(end);
  return s <= e ? minutes >= s && minutes < e : minutes >= s || minutes < e;
}

/** A chosen send time: a date that has passed (a minute's grace for the round trip) is refused with the spec's message. */
export function judgeSendDate(value: string, now: Date): Date {
  const at = new Date(value);
  if (Number.isNaN(at.getTime()) || at.getTime() < now.getTime() - 60_000) throw fieldError('sendDateTime', 'messaging.sendDateExpired');
  return at;
}

/** The organization's and the sender agent's send windows (SendTimeNotValid; on sendDateTime unless the send is direct). */
export function judgeWindows(org: Record<string, unknown>, agentWindow: { isActiveAllTime: boolean; startTime: string | null; endTime: string | null }, at: Date, direct: boolean): void {
  if (!org.isActiveAllTime && !insideWindow(at, org.sendStartTime as string | null, org.sendEndTime as string | null)) {
    throw sendFailure('SendTimeNotValid', direct ? undefined : 'sendDateTime', { start: windowTime(org.sendStartTime), end: windowTime(org.sendEndTime) });
  }
  if (!agentWindow.isActiveAllTime && !insideWindow(at, agentWindow.startTime, agentWindow.endTime)) {
    throw sendFailure('SendTimeNotValid', direct ? undefined : 'sendDateTime', { start: windowTime(agentWindow.startTime), end: windowTime(agentWindow.endTime) });
  }
}

/** A window's bound as the message shows it: the product's HH:mm, in the reader's digits. */
function windowTime(value: unknown) {
  return inDigits(String(value ?? '').slice(0, 5));
}

function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

function tehranMinutes(at: Date): number {
  const w = wallTimeOf(at);
  return w.hour * 60 + w.minute;
}

/** The hold of a send: one reference per send, so hold, settle and release meet the same amount. */
export function holdReference(sendId: number): string {
  return `send:${sendId}`;
}

/**
 * Whether each receiver of this send has its own text (a dynamic send, or a P2P send made from a
 * file, which alone sets p2PIsSendDuplicateNumber): its row holds only a template or one sample,
 * so its text cannot be edited and it cannot be resent by status from that text.
 */
export function hasOwnTexts(send: { sendType: string; p2PIsSendDuplicateNumber?: boolean | null }): boolean {
  return send.sendType === 'Dynamic' || (send.p2PIsSendDuplicateNumber !== null && send.p2PIsSendDuplicateNumber !== undefined);
}
