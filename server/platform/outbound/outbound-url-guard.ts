import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { BlockList, LookupFunction } from 'node:net';
import { inject, injectable } from 'inversify';
import { TYPES } from '../tokens.js';
import type { AppConfig } from '../config.js';
import { SettingsService } from '../settings.service.js';
import { addressRefused, allowListOf, checkOutboundUrl, type OutboundRefusal, type ResolveAll } from './outbound-address.js';

export { addressRefused, allowListOf, checkOutboundUrl, parseAllowList, type OutboundCheck, type OutboundRefusal, type ResolveAll } from './outbound-address.js';

/**
 * A request that did not get an HTTP answer: `refused` (the guard said no), `connect` (no
 * connection: refused, unreachable, filtered, not resolved, TLS), `timeout` (connected, no answer in time).
 */
export class OutboundRequestError extends Error {
  constructor(readonly kind: 'refused' | 'connect' | 'timeout', options?: { cause?: unknown }) {
    super(`outbound request ${kind}`, options);
    this.name = 'OutboundRequestError';
  }
}

/**
 * What a user may read of a failed request. Never the receiver's text, never the system's error
 * (ECONNREFUSED against a time-out tells an open port from a closed or filtered one).
 */
export function outboundFailureText(err: unknown): string {
  if (err instanceof OutboundRequestError && err.kind === 'refused') return 'address not allowed';
  if (err instanceof OutboundRequestError && err.kind === 'timeout') return 'timed out';
  return 'connection failed';
}

export interface OutboundRequestInit {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body: string | null;
  /** The whole attempt: lookup, connect, and the answer's status line. */
  timeoutMs: number;
}

export const systemResolve: ResolveAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The socket's own lookup: the name is resolved once, every address is checked, and the socket
 * connects to exactly those addresses, so a name cannot answer one address to a check and another
 * to the connection (DNS rebinding).
 */
function guardedLookup(resolve: ResolveAll, allow: BlockList): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then((found) => {
      const wanted = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
      if (wanted.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      if (found.some((a) => addressRefused(a.address, allow))) return callback(new OutboundRequestError('refused'), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, wanted);
      return callback(null, wanted[0].address, wanted[0].family);
    }, (err: NodeJS.ErrnoException) => callback(err, '', 0));
  };
}

/** The answer is read (to end the exchange cleanly) but never kept; past this it is cut off. */
const DRAIN_LIMIT = 64 * 1024;

/**
 * One request to a user's URL with the guard applied at connect: the URL is checked again, a name
 * is resolved by the guard and connected to only if no address it gives is forbidden. Redirects are
 * not followed (a 3xx is just a status). Answers the status only; fails with OutboundRequestError.
 */
export function outboundRequest(init: OutboundRequestInit, options: { allow: BlockList; resolve?: ResolveAll }): Promise<{ statusCode: number }> {
  const checked = checkOutboundUrl(init.url, options.allow);
  if (!checked.ok) return Promise.reject(new OutboundRequestError('refused'));
  const url = checked.url;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolvePromise, reject) => {
    let connected = false;
    let answered = false;
    const req = client.request({
      protocol: url.protocol, hostname: host, port: url.port || undefined, path: `${url.pathname}${url.search}`,
      method: init.method, headers: init.headers,
      // No pooled sockets: each request connects through the guarded lookup.
      agent: false,
      lookup: guardedLookup(options.resolve ?? systemResolve, options.allow),
    }, (res) => {
      answered = true;
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > DRAIN_LIMIT) req.destroy();
      });
      res.on('end', () => clearTimeout(timer));
      res.on('error', () => clearTimeout(timer));
      resolvePromise({ statusCode: res.statusCode ?? 0 });
    });
    const timer = setTimeout(() => req.destroy(new OutboundRequestError(connected ? 'timeout' : 'connect')), init.timeoutMs);
    req.on('socket', (socket) => socket.once('connect', () => { connected = true; }));
    req.on('error', (err) => {
      clearTimeout(timer);
      if (answered) return;
      reject(err instanceof OutboundRequestError ? err : new OutboundRequestError('connect', { cause: err }));
    });
    req.on('close', () => { if (answered) clearTimeout(timer); });
    req.end(init.body ?? undefined);
  });
}

/**
 * The one outbound URL guard (house plan: "the server calls a user's URL"): the same check at save
 * and at connect, with the allowance of the configuration (PEYK_OUTBOUND_ALLOW) and of the
 * administrator's OutboundAllowedRanges setting together.
 */
@injectable()
export class OutboundUrlGuard {
  private allowCache: { key: string; list: BlockList } | null = null;
  /** How names are resolved at connect; a test puts its own resolver here. */
  resolve: ResolveAll = systemResolve;

  constructor(
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Settings) private readonly settings: SettingsService,
  ) {}

  async allowList(): Promise<BlockList> {
    const setting = await this.settings.get('OutboundAllowedRanges');
    const key = `${this.config.outboundAllow.join(',')},${setting}`;
    if (this.allowCache?.key !== key) this.allowCache = { key, list: allowListOf([...this.config.outboundAllow, setting]) };
    return this.allowCache.list;
  }

  /** At save: why this URL may not be stored, or null. */
  async refusal(url: string): Promise<OutboundRefusal | null> {
    const checked = checkOutboundUrl(url, await this.allowList());
    return checked.ok ? null : checked.reason;
  }

  /** At connect: see outboundRequest. */
  async request(init: OutboundRequestInit): Promise<{ statusCode: number }> {
    return outboundRequest(init, { allow: await this.allowList(), resolve: this.resolve });
  }
}
