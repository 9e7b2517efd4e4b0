import type { SessionStore, Tokens } from '../auth/session-store';
import { dialogFor, isAdminCreditPath, type DialogRequest, type ValidationError } from './error-catalogue';

export const REQUEST_TIMEOUT_MS = 100_000;

export interface Envelope<T> {
  isSucceed: boolean;
  data?: T;
  message?: string;
  validationErrors?: ValidationError[];
}

export interface Page<T> {
  items: T[];
  totalCount: number;
}

/** A failed call. `handled` means the user was already told (dialog shown or silent by rule). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly validationErrors: ValidationError[] = [],
    readonly data?: unknown,
    readonly kind: 'http' | 'timeout' | 'network' | 'duplicate' = 'http',
  ) {
    super(message);
  }
}

export interface ApiClientHooks {
  apiRoot(): string | null;
  language(): string;
  activeOrganizationId(): string | null;
  /** Shows a dialog of the error catalogue. */
  showDialog(dialog: DialogRequest): void;
  /** Impersonation banner on/off, from x-imp. */
  setImpersonating(on: boolean): void;
  /** Logged out by a failed refresh: go to the origin page. */
  leave(): void;
  /** 403 on the admin credit path hides the credit payment type of plans. */
  hideCreditPaymentType?(): void;
  log(message: string, detail?: unknown): void;
  fetch?: typeof fetch;
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Do not show the catalogue's dialog (the caller shows the error itself, e.g. in a form). */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Overrides the active organization (c-org-id) for this call; null sends none. */
  organizationId?: string | null;
  /**
   * Sends `body` as is (a File, Blob or string) with this Content-Type instead of as JSON: an
   * upload whose request body is the file itself (`ScheduledMessages/UploadRecipients`).
   */
  rawContentType?: string;
  /**
   * With a raw body: called as the body goes out (bytes sent, bytes in all), for an upload's
   * progress bar. fetch cannot report it, so such a call travels by XMLHttpRequest.
   */
  onUploadProgress?(loaded: number, total: number): void;
  /** `blob`: a successful answer that is no JSON envelope (a file download) is answered as a Blob. */
  responseType?: 'blob';
}

/** fetch's answer for a call sent by XMLHttpRequest (the only way to see an upload's progress). */
function fetchWithUploadProgress(url: string, init: RequestInit, onProgress: (loaded: number, total: number) => void): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = init.credentials === 'include';
    for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve(new Response(xhr.responseText, { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.onabort = () => reject(init.signal?.reason ?? new DOMException('aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}

const NO_BEARER = /\/CustomerDomains\/GetCurrentClientData/i;
const WITH_CREDENTIALS = /\/Captcha|\/Login/i;
const KEEP_EMPTY = /OnlineSurvey/i;
const REFRESH_PATH = '/Account/RefreshToken';

/** Calls that must not be sent twice in a row with the same body (double clicks on "send"). */
const DUPLICATE_GUARDED: { method: string; pattern: RegExp }[] = [
  { method: 'GET', pattern: /^\/Payments\/GetDescriptorOnlineGateway$/i },
  { method: 'POST', pattern: /^\/Payments\/(ConfirmPayment|RejectPayment)$/i },
  { method: 'POST', pattern: /^\/ScheduledMessages\/(Create|CreateScheduledMessageByPhonebook|CreateFastScheduledMessage|CreateScheduledMessageBulk|CreateScheduledMessageBulk2|CreateDynamicScheduledMessage|CreateTrackingNumberP2PScheduledMessage|CreateP2PScheduledMessage|CreateFastPatternScheduledMessageByPhonebook|CreateRegionalScheduledMessage)$/i },
  { method: 'POST', pattern: /^\/OccasionScheduledMessages\/Create$/i },
  { method: 'POST', pattern: /^\/SmartSmsRecipients\/(CreatePeriodicSmartSmsRecipient|CreateSmartSmsRecipient|CreateP2PSmartSmsRecipients)$/i },
];

/**
 * Drops undefined and '' (an untouched or emptied input) from objects, recursively; arrays keep
 * their positions. null stays: it is how a form says "clear this field" (decision, see CONTEXT).
 */
export function stripEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripEmpty);
  if (value && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Blob)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined || v === '') continue;
      out[k] = stripEmpty(v);
    }
    return out;
  }
  return value;
}

/**
 * The one way the client talks to the API: headers, culture, empty-value stripping, time-out,
 * duplicate guard, single-flight token refresh, x-rft renewal, x-imp, and the error catalogue.
 */
export class ApiClient {
  private refreshing: Promise<Tokens | null> | null = null;
  private renewing = false;
  private lastGuarded: string | null = null;
  private lastSendId: string | null = null;
  private unauthorizedShown = false;

  constructor(private readonly session: SessionStore, private readonly hooks: ApiClientHooks) {}

  get<T>(path: string, options: CallOptions = {}): Promise<T> { return this.call<T>('GET', path, options); }
  post<T>(path: string, body?: unknown, options: CallOptions = {}): Promise<T> { return this.call<T>('POST', path, { ...options, body }); }
  delete<T>(path: string, options: CallOptions = {}): Promise<T> { return this.call<T>('DELETE', path, options); }

  /** The absolute address of an API path, for what the browser loads itself (an <audio> source). */
  address(path: string): string { return this.url(path, undefined); }

  async call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    const guardKey = this.duplicateKey(method, path, options.body);
    if (guardKey !== null) {
      if (guardKey === this.lastGuarded) {
        this.hooks.log('Prevent duplicate request', { method, path });
        throw new ApiError(0, 'Prevent duplicate request', [], undefined, 'duplicate');
      }
      const sendId = /^\/ScheduledMessages\/Create$/i.test(path) ? sendIdOf(options.body) : null;
      if (sendId !== null && sendId === this.lastSendId) {
        this.hooks.log('Prevent SMS resending', { path, sendId });
        throw new ApiError(0, 'Prevent SMS resending', [], undefined, 'duplicate');
      }
      this.lastGuarded = guardKey;
      if (sendId !== null) this.lastSendId = sendId;
    }
    try {
      return await this.send<T>(method, path, options, false);
    } catch (e) {
      // A failed call may be repeated by the user; only a successful one is a duplicate.
      if (guardKey !== null && this.lastGuarded === guardKey) this.lastGuarded = null;
      throw e;
    }
  }

  private duplicateKey(method: string, path: string, body: unknown): string | null {
    const bare = path.split('?')[0];
    if (!DUPLICATE_GUARDED.some((g) => g.method === method && g.pattern.test(bare))) return null;
    return `${method} ${path} ${JSON.stringify(body ?? null)}`;
  }

  private url(path: string, query: CallOptions['query']): string {
    const root = this.hooks.apiRoot();
    if (!root) throw new ApiError(0, 'no connection to api', [], undefined, 'network');
    const url = new URL(`${root.replace(/\/+$/, '')}${path}`, globalThis.location?.origin ?? 'http://localhost');
    for (const [k, v] of Object.entries(query ?? {})) if (v !== null && v !== undefined && v !== '') url.searchParams.set(k, String(v));
    url.searchParams.set('culture', this.hooks.language());
    return url.toString();
  }

  private async send<T>(method: string, path: string, options: CallOptions, isRetry: boolean): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = this.session.accessToken();
    if (token && !NO_BEARER.test(path)) headers.authorization = `Bearer ${token}`;
    const orgId = options.organizationId !== undefined ? options.organizationId : this.hooks.activeOrganizationId();
    if (orgId) headers['c-org-id'] = orgId;
    let body: BodyInit | undefined;
    if (options.body !== undefined && method !== 'GET' && options.rawContentType) {
      headers['content-type'] = options.rawContentType;
      body = options.body as BodyInit;
    } else if (options.body !== undefined && method !== 'GET') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(KEEP_EMPTY.test(path) ? options.body : stripEmpty(options.body));
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), REQUEST_TIMEOUT_MS);
    options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
    let res: Response;
    try {
      const init: RequestInit = { method, headers, body, signal: controller.signal, credentials: WITH_CREDENTIALS.test(path) ? 'include' : 'same-origin' };
      res = options.onUploadProgress && options.rawContentType && typeof XMLHttpRequest !== 'undefined'
        ? await fetchWithUploadProgress(this.url(path, options.query), init, options.onUploadProgress)
        : await (this.hooks.fetch ?? fetch)(this.url(path, options.query), init);
    } catch (e) {
      const timedOut = controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError';
      if (timedOut && !options.quiet) this.hooks.showDialog({ titleKey: 'common.error', messageKey: 'messages.timeoutError' });
      throw new ApiError(0, timedOut ? 'timeout' : String(e), [], undefined, timedOut ? 'timeout' : 'network');
    } finally {
      clearTimeout(timer);
    }

    this.readSessionHeaders(res);
    if (options.responseType === 'blob' && res.ok && !/json/i.test(res.headers.get('content-type') ?? '')) return (await res.blob()) as T;
    const envelope = await readEnvelope<T>(res);
    if (res.ok && envelope.isSucceed !== false) return envelope.data as T;

    if (res.status === 401 && path !== REFRESH_PATH && !/\/Account\/Login/i.test(path)) {
      if (isAdminCreditPath(path)) {
        this.hooks.hideCreditPaymentType?.();
        throw new ApiError(401, envelope.message ?? '', [], envelope.data);
      }
      if (!isRetry) {
        // Sent with a token that another call has already replaced: just retry with the new one.
        const current = this.session.accessToken();
        if (current && current !== token) return this.send<T>(method, path, options, true);
        const fresh = await this.refreshOnce();
        if (fresh) return this.send<T>(method, path, options, true);
      }
      throw new ApiError(401, envelope.message ?? '', [], envelope.data);
    }
    if (res.status === 403 && isAdminCreditPath(path)) this.hooks.hideCreditPaymentType?.();
    const error = new ApiError(res.status, envelope.message ?? '', envelope.validationErrors ?? [], envelope.data);
    if (!options.quiet) {
      const dialog = dialogFor({ status: res.status, path, message: envelope.message, validationErrors: envelope.validationErrors, requestBody: options.body });
      if (dialog) this.hooks.showDialog(dialog);
    }
    throw error;
  }

  private readSessionHeaders(res: Response): void {
    const imp = Number(res.headers.get('x-imp') ?? 0);
    this.hooks.setImpersonating(imp > 0);
    const rft = Number(res.headers.get('x-rft') ?? 0);
    if (rft > 0 && !this.renewing) void this.renewRefreshToken();
  }

  private async renewRefreshToken(): Promise<void> {
    const tokens = this.session.tokens();
    if (!tokens) return;
    this.renewing = true;
    try {
      const data = await this.send<{ refreshToken: string }>('POST', '/Account/UpdateRefreshToken', { body: { refreshToken: tokens.refreshToken }, quiet: true }, true);
      if (data?.refreshToken) this.session.saveRefreshToken(data.refreshToken);
    } catch (e) {
      this.hooks.log('refresh token renewal failed', e);
    } finally {
      this.renewing = false;
    }
  }

  /**
   * Single flight: the first 401 starts one refresh, every other failing call waits for it and
   * retries with its result. A failed refresh signs out once.
   */
  private refreshOnce(): Promise<Tokens | null> {
    this.refreshing ??= this.refresh().finally(() => { this.refreshing = null; });
    return this.refreshing;
  }

  private async refresh(): Promise<Tokens | null> {
    const tokens = this.session.tokens();
    if (!tokens) return this.signOut(true);
    let res: Response;
    try {
      res = await (this.hooks.fetch ?? fetch)(this.url(REFRESH_PATH, {}), {
        method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(tokens),
      });
    } catch {
      return this.signOut(true);
    }
    if (res.status === 401) {
      // The refresh call itself refused: tokens are dead; back to the origin without a dialog.
      return this.signOut(false);
    }
    const envelope = await readEnvelope<Tokens>(res);
    if (!res.ok || !envelope.isSucceed || !envelope.data?.accessToken) return this.signOut(true);
    this.session.save(envelope.data);
    return envelope.data;
  }

  private signOut(withDialog: boolean): null {
    this.session.clear();
    if (withDialog && !this.unauthorizedShown) {
      this.unauthorizedShown = true;
      this.hooks.showDialog({ titleKey: 'errors.code401', messageKey: 'errors.code401Msg' });
    }
    this.hooks.leave();
    return null;
  }

  /** After a successful sign-in the 401 dialog may show again on a later expiry. */
  resetAfterLogin(): void {
    this.unauthorizedShown = false;
  }
}

function sendIdOf(body: unknown): string | null {
  const b = body as { sendId?: unknown; clientSendId?: unknown } | null;
  const id = b?.sendId ?? b?.clientSendId;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

async function readEnvelope<T>(res: Response): Promise<Envelope<T>> {
  try {
    return (await res.json()) as Envelope<T>;
  } catch {
    return { isSucceed: res.ok };
  }
}
