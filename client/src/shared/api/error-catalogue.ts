/**
 * The spec's error catalogue: which dialog (if any) a failed call shows. Pure, so it is tested
 * without a browser.
 */
export interface ValidationError {
  propertyName: string;
  message: string;
}

export interface DialogRequest {
  titleKey: string;
  /** A translation key, or null when `text` carries the server's own words. */
  messageKey: string | null;
  text?: string;
  /** Bulleted lines (validation errors). */
  lines?: string[];
}

/**
 * Reads whose 403 is silent (the spec's error catalogue), each naming a real route: a page's side
 * panel the user may lack the claim for shows nothing rather than a dialog. Only reads: a refused
 * change (a credit increase, say) is always shown. Kept equal to the server's routes by
 * tests/api/error-catalogue-routes.test.ts. The spec's "organization expiry for admin" has no route
 * of its own here (the expiry comes with the organization record), and its "category paths"
 * (Mosques, BlessedTombs, ...) are the `category` of `PublicPlaces/GetAll`.
 */
export const SILENT_403: readonly RegExp[] = [
  /^\/Dashboard\/GetInformationsForDashboard$/i,
  /^\/OutBox\/GetDailyStatistics$/i,
  /^\/Organizations\/GetOrganizationCreditForAdmin$/i,
  /^\/Credits\/GetMyCredit$/i,
  /^\/SmartSmsRecipients\/GetAll$/i,
  /^\/PrivateNumbers\/GetMyNumbers$/i,
  /^\/PublicPlaces\/GetAll$/i,
];
/**
 * Reads whose 404 is silent (the spec: /Plans/GetPlan and the landing page paths): the page itself
 * says "not found". Only the public landing page reads: a missing page in the builder is shown.
 * The public survey's calls too: its page says the spec's 'survey not found' itself.
 */
export const SILENT_404: readonly RegExp[] = [
  /^\/Plans\/GetPlan(\/|$)/i, /^\/LandingPages\/GetOrganizationLandingPage\//i, /^\/LandingPages\/Image\//i,
  /^\/OnlineSurvey\/(Public|Start|Answer|Back)(\/|$)/i,
];
const ADMIN_CREDIT = /GetOrganizationCreditForAdmin/i;
const BULK_CALLS = /(CreateScheduledMessageBulk2?|GetScheduledMessageCalculationsByBulk2?)(\?|$)/i;

export interface FailedCall {
  status: number;
  path: string;
  message?: string;
  validationErrors?: ValidationError[];
  requestBody?: unknown;
}

export function isSilent403(path: string): boolean {
  return SILENT_403.some((r) => r.test(path));
}

export function isAdminCreditPath(path: string): boolean {
  return ADMIN_CREDIT.test(path);
}

/** For bulk sends, each error is followed by the description of the recipient it names by index. */
export function bulkLines(errors: ValidationError[], body: unknown): string[] {
  const recipients = (body as { bulkRecipients?: { description?: string }[] } | null)?.bulkRecipients ?? [];
  return errors.map((e) => {
    const m = /bulkRecipients\[(\d+)\]/i.exec(e.propertyName);
    const description = m ? recipients[Number(m[1])]?.description : undefined;
    return description ? `${e.message} — ${description}` : e.message;
  });
}

export function dialogFor(call: FailedCall): DialogRequest | null {
  const { status, path } = call;
  if (status === 401) return null; // the refresh flow decides
  if (status === 400) return { titleKey: 'errors.code400', messageKey: 'errors.code400Msg', lines: call.validationErrors?.length ? linesOf(call) : undefined };
  if (status === 403) return isSilent403(path) ? null : { titleKey: 'errors.code403', messageKey: 'errors.code403Msg' };
  if (status === 404) return SILENT_404.some((r) => r.test(path)) ? null : { titleKey: 'errors.code404', messageKey: call.message ? null : 'errors.code404Msg', text: call.message };
  if (status === 405) return { titleKey: 'errors.code405', messageKey: 'errors.code405Msg' };
  if (call.validationErrors?.length) return { titleKey: 'common.error', messageKey: null, lines: linesOf(call) };
  if (call.message) return { titleKey: 'common.error', messageKey: null, text: call.message };
  return { titleKey: 'errors.code500', messageKey: 'errors.code500Msg' };
}

function linesOf(call: FailedCall): string[] {
  const errors = call.validationErrors ?? [];
  return BULK_CALLS.test(call.path) ? bulkLines(errors, call.requestBody) : errors.map((e) => e.message);
}
