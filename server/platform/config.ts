import { readFileSync, mkdirSync, existsSync, writeFileSync } from 'node:fs';
import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { isIP } from 'node:net';
import { parseAllowList } from './outbound/outbound-address.js';

export type PeykRole = 'all' | 'web' | 'worker';

export interface AuthConfig {
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  refreshRenewBeforeDays: number;
  captchaAfterFailures: number;
  /** Failures from one IP (any user names) before every sign-in from it needs a captcha: an office behind one NAT address shares it. */
  captchaAfterIpFailures: number;
  lockoutAfterFailures: number;
  lockoutMinutes: number;
  /**
   * Sign-in attempts counted per client address and per user name in fixed windows of
   * `loginAttemptWindowSeconds`; past either, `Login` answers 429 before any database work or
   * hashing (`PEYK_LOGIN_LIMIT_PER_IP`, `PEYK_LOGIN_LIMIT_PER_USER`, `PEYK_LOGIN_LIMIT_WINDOW_SECONDS`; 0 = no limit).
   */
  loginAttemptsPerIp: number;
  loginAttemptsPerUserName: number;
  loginAttemptWindowSeconds: number;
  /** Sign-ins checked at once in this process, and how many more may wait (`PEYK_LOGIN_CONCURRENCY`, `PEYK_LOGIN_QUEUE`). */
  loginConcurrency: number;
  loginQueue: number;
  /** How long a refused sign-in (429) is held before it is answered (`PEYK_LOGIN_REFUSAL_DELAY_MS`). */
  loginRefusalDelayMs: number;
  /** Self sign-ups (`Account/SignUp`) one client address may try per hour (`PEYK_SIGN_UP_LIMIT_PER_IP`; 0 = no limit). */
  signUpsPerIpPerHour: number;
  passwordHistory: number;
  passwordMinLength: number;
  /**
   * scrypt's cost N for new password hashes (a power of two; verifying reads N from the stored
   * hash, so raising it later keeps old passwords valid). `PEYK_PASSWORD_HASH_COST`: at least 16384,
   * except with NODE_ENV=test, where test servers go down to 1024 (a test suite creates and signs in
   * thousands of users; at 16384 each costs 64 ms of CPU, a third of an api test's).
   */
  passwordHashCost: number;
}

export interface AppConfig {
  port: number;
  host: string;
  role: PeykRole;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** First part of every Redis key and queue name, so installs (and test runs) can share a Redis. */
  redisPrefix: string;
  publicOrigin: string | null;
  /**
   * Express's `trust proxy` (`PEYK_TRUST_PROXY`): off by default, so the Host header and the socket
   * address are believed as they arrive. Behind a reverse proxy set `true` (trust every hop), a hop
   * count, or the proxies' addresses/CIDRs (comma-separated): then X-Forwarded-Host names the
   * white-label domain (`CustomerDomains/GetCurrentClientData`, sign-in per tree) and
   * X-Forwarded-For the client address (sign-in limits, audit).
   */
  trustProxy: boolean | number | string;
  /**
   * Where voice providers fetch uploaded audio (`{mediaBaseUrl}/api/Media/File/{token}`). Null:
   * `publicOrigin`, else the panel's own address once it listens (`PEYK_MEDIA_BASE_URL`).
   */
  mediaBaseUrl: string | null;
  /**
   * Short links (engage, issue 28). `base` (`PEYK_SHORT_LINK_BASE`): the address a short link is
   * written with, `{base}/{code}`; null: `publicOrigin` + `/l`, else the panel's own address + `/l`
   * once it listens. A base whose path is `/` (its own host, e.g. `https://s.example.ir`) is served
   * at `/{code}` for requests with that Host header. `fsync` (`PEYK_SHORT_LINK_FSYNC`, default off):
   * off — each batch of the click journal is written to the operating system before its redirects
   * are answered, which survives a killed or crashed process (kill -9, out of memory) but not a
   * power cut of the machine; on — also flushed to the disk first (a sixth of the throughput on
   * this machine's disk: engage/CONTEXT.md "Short links"). `drainMs`
   * (`PEYK_SHORT_LINK_DRAIN_MS`): how often the journal is moved into the database.
   */
  shortLinks: { base: string | null; fsync: boolean; drainMs: number };
  apiUrl: string;
  apiAddress: string | null;
  defaultLanguage: string;
  production: boolean;
  logLevel: string;
  bodyLimit: string;
  sendBodyLimit: string;
  jwtSecret: string;
  /** The same secret as a KeyObject: jsonwebtoken re-derives a key from a string on every verify. */
  jwtKey: KeyObject;
  serverStateToken: string;
  auth: AuthConfig;
  admin: { userName: string; password: string | null };
  /**
   * The send engine's scheduler and workers in this process (off: another process dispatches).
   * `leaseMs`: how long a worker owns a range of receivers without renewing it; after a crash its
   * ranges wait this long before another worker takes them over.
   */
  dispatch: { enabled: boolean; concurrency: number; leaseMs: number };
  /**
   * How long a gateway-holding process's record of an agent's health stays readable by other
   * processes unless re-published (`PEYK_AGENT_HEALTH_TTL_MS`). The holder re-publishes every
   * quarter of it (at most every 30 s), so only a dead holder's record runs out.
   */
  agentHealthTtlMs: number;
  /**
   * The webhook delivery worker (developer module) in processes that run workers: at most
   * `concurrency` requests in flight, `timeoutMs` per attempt, retries after `retryBaseMs` doubling
   * (with jitter), due rows looked for every `pollMs` (`PEYK_WEBHOOK_*`).
   */
  webhooks: { enabled: boolean; concurrency: number; timeoutMs: number; retryBaseMs: number; pollMs: number };
  /** Inbound actions (replies, forwards, URL calls of inbound messages): server/modules/inbound/CONTEXT.md "Actions". */
  inboundActions: { enabled: boolean; concurrency: number; timeoutMs: number; retryBaseMs: number; pollMs: number };
  /**
   * Ranges the outbound URL guard lets the server call although they are loopback, private or
   * link-local (`PEYK_OUTBOUND_ALLOW`: CIDRs or addresses, comma-separated), besides the
   * administrator's OutboundAllowedRanges setting. Empty: only public addresses.
   */
  outboundAllow: string[];
  /**
   * The Sandbox payment gateway signs its own "paid" answers, so anyone can pay with it: allowed
   * only outside production unless `PEYK_SANDBOX_GATEWAY=true` says otherwise (a staging install).
   */
  allowSandboxGateway: boolean;
  /**
   * The real payment providers (billing's gateways): their API addresses are the operator's (env
   * `PEYK_ZARINPAL_API_URL`, `PEYK_ZARINPAL_STARTPAY_URL`, `PEYK_IDPAY_API_URL`), never a reseller's
   * configJson, so a gateway configuration cannot point the server at another host. `timeoutMs`
   * (`PEYK_ONLINE_PAYMENT_TIMEOUT_MS`) bounds one call to a provider; `callbackOrigin`
   * (`PEYK_PAYMENT_CALLBACK_ORIGIN`) is where providers send payers back: null, `publicOrigin`,
   * else the panel's own address once it listens.
   */
  onlinePayment: { callbackOrigin: string | null; timeoutMs: number; zarinpalApiUrl: string; zarinpalStartPayUrl: string; idpayApiUrl: string };
  /**
   * The built-in SMPP server (developer module), off unless a port is set: `PEYK_SMPP_SERVER_PORT`
   * (plain TCP), `PEYK_SMPP_SERVER_TLS_PORT` with `PEYK_SMPP_SERVER_TLS_CERT` / `_KEY` (PEM file
   * paths). Listens on `host`; runs in processes that serve traffic (role all or web).
   */
  smppServer: SmppServerConfig;
  /**
   * The chat assistant (engage, part assistant): `embeddingUrl` (`PEYK_ASSISTANT_EMBEDDING_URL`), an
   * OpenAI-compatible `/embeddings` endpoint the installation provides, with `embeddingModel`
   * (`PEYK_ASSISTANT_EMBEDDING_MODEL`) and an optional bearer key (`PEYK_ASSISTANT_EMBEDDING_KEY`);
   * unset = fuzzy matching only. `embeddingTimeoutMs` bounds one call; `asksPerMinute`
   * (`PEYK_ASSISTANT_ASKS_PER_MINUTE`) is each user's limit on questions (0 = no limit).
   */
  assistant: { embeddingUrl: string | null; embeddingModel: string; embeddingKey: string | null; embeddingTimeoutMs: number; asksPerMinute: number };
  /**
   * How long a stopping process drains (`PEYK_SHUTDOWN_MS`): after SIGTERM/SIGINT intake stops at
   * once, work in progress gets this long, then the process exits whatever still runs.
   */
  shutdownMs: number;
  version: string;
  /**
   * Check each answer against the schema its route declares (`answer`), failing the call on a
   * mismatch: on when NODE_ENV is `test` (tests/support starts every server so), off in use.
   */
  checkAnswers: boolean;
}

export interface SmppServerConfig {
  port: number | null;
  tlsPort: number | null;
  tlsCertFile: string | null;
  tlsKeyFile: string | null;
}

function parseSmppServer(env: Env): SmppServerConfig {
  const port = (name: string) => {
    const value = env[name];
    if (value === undefined || value === '') return null;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number (got "${value}")`);
    return n;
  };
  const config: SmppServerConfig = {
    port: port('PEYK_SMPP_SERVER_PORT'),
    tlsPort: port('PEYK_SMPP_SERVER_TLS_PORT'),
    tlsCertFile: env.PEYK_SMPP_SERVER_TLS_CERT || null,
    tlsKeyFile: env.PEYK_SMPP_SERVER_TLS_KEY || null,
  };
  if (config.tlsPort !== null && (!config.tlsCertFile || !config.tlsKeyFile)) throw new Error('PEYK_SMPP_SERVER_TLS_PORT needs PEYK_SMPP_SERVER_TLS_CERT and PEYK_SMPP_SERVER_TLS_KEY');
  return config;
}

type Env = Record<string, string | undefined>;

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/**
 * A secret generated once and kept in the data dir, so tokens survive restarts without the
 * operator having to invent one; an explicit value always wins.
 */
function persistentSecret(dataDir: string, fileName: string, given: string | undefined): string {
  if (given) return given;
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function parseRole(value: string | undefined, fallback: PeykRole): PeykRole {
  if (value === undefined || value === '') return fallback;
  if (value === 'all' || value === 'web' || value === 'worker') return value;
  throw new Error(`PEYK_ROLE must be all, web or worker (got "${value}")`);
}

function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number (got "${value}")`);
  return port;
}

/** The listen address of HTTP and the SMPP server: an IPv4/IPv6 address or a host name, never a URL or host:port. */
function parseHost(value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  if (isIP(value) === 0 && !/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(value)) throw new Error(`HOST must be an IP address or a host name (got "${value}")`);
  return value;
}

function parseBoolean(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new Error(`${name} must be true or false (got "${value}")`);
}

function parseTrustProxy(value: string | undefined): boolean | number | string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^[0-9]+$/.test(value)) return Number(value);
  if (!/^[0-9a-fA-F:.,/ a-z]+$/.test(value)) throw new Error(`PEYK_TRUST_PROXY must be true, false, a hop count or proxy addresses (got "${value}")`);
  return value;
}

function parseAgentHealthTtlMs(value: string | undefined, fallback: number | undefined): number {
  if (value === undefined || value === '') return fallback ?? 120_000;
  const ms = Number(value);
  // Re-published every quarter of it in whole seconds: below 4 s a record could run out between two beats.
  if (!Number.isInteger(ms) || ms < 4_000 || ms > 3_600_000) throw new Error(`PEYK_AGENT_HEALTH_TTL_MS must be 4000..3600000 milliseconds (got "${value}")`);
  return ms;
}

function parseLeaseMs(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  // Below a second a busy database could let a live worker's lease run out between two renewals.
  if (!Number.isInteger(ms) || ms < 1_000 || ms > 600_000) throw new Error(`PEYK_DISPATCH_LEASE_MS must be 1000..600000 milliseconds (got "${value}")`);
  return ms;
}

function parseOutboundAllow(value: string | undefined): string[] {
  const { ranges, invalid } = parseAllowList(value ?? '');
  if (invalid.length > 0) throw new Error(`PEYK_OUTBOUND_ALLOW must list CIDRs or addresses (cannot read "${invalid.join('", "')}")`);
  return ranges;
}

function parseMs(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < min || ms > max) throw new Error(`${name} must be ${min}..${max} milliseconds (got "${value}")`);
  return ms;
}

function parseCount(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number ${min}..${max} (got "${value}")`);
  return n;
}

function parseHashCost(value: string | undefined, fallback: number, min: number): number {
  const n = parseCount('PEYK_PASSWORD_HASH_COST', value, fallback, min, 1 << 20);
  if ((n & (n - 1)) !== 0) throw new Error(`PEYK_PASSWORD_HASH_COST must be a power of two (got "${value}")`);
  return n;
}

export function findRepoRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, 'config', 'default.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`config/default.json not found above ${start}`);
    dir = parent;
  }
}

/** An absolute http(s) address without a trailing slash, query or fragment. */
function parseShortLinkBase(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PEYK_SHORT_LINK_BASE must be an absolute http(s) address (got "${value}")`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash) throw new Error(`PEYK_SHORT_LINK_BASE must be an absolute http(s) address without query (got "${value}")`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function loadConfig(env: Env, rootDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  const base = readJson(path.join(rootDir, 'config', 'default.json'));
  const envName = env.NODE_ENV ?? 'development';
  const envFile = path.join(rootDir, 'config', `${envName}.json`);
  const perEnv = existsSync(envFile) ? readJson(envFile) : {};
  const merged = { ...base, ...perEnv } as unknown as AppConfig;
  const pkg = readJson(path.join(rootDir, 'package.json'));

  const dataDir = path.resolve(rootDir, overrides.dataDir ?? env.PEYK_DATA_DIR ?? merged.dataDir);
  mkdirSync(dataDir, { recursive: true });

  const config: AppConfig = {
    ...merged,
    auth: {
      ...merged.auth,
      loginAttemptsPerIp: parseCount('PEYK_LOGIN_LIMIT_PER_IP', env.PEYK_LOGIN_LIMIT_PER_IP, merged.auth.loginAttemptsPerIp, 0, 1_000_000),
      loginAttemptsPerUserName: parseCount('PEYK_LOGIN_LIMIT_PER_USER', env.PEYK_LOGIN_LIMIT_PER_USER, merged.auth.loginAttemptsPerUserName, 0, 1_000_000),
      loginAttemptWindowSeconds: parseCount('PEYK_LOGIN_LIMIT_WINDOW_SECONDS', env.PEYK_LOGIN_LIMIT_WINDOW_SECONDS, merged.auth.loginAttemptWindowSeconds, 1, 86_400),
      loginConcurrency: parseCount('PEYK_LOGIN_CONCURRENCY', env.PEYK_LOGIN_CONCURRENCY, merged.auth.loginConcurrency, 1, 1_000),
      loginQueue: parseCount('PEYK_LOGIN_QUEUE', env.PEYK_LOGIN_QUEUE, merged.auth.loginQueue, 0, 100_000),
      loginRefusalDelayMs: parseCount('PEYK_LOGIN_REFUSAL_DELAY_MS', env.PEYK_LOGIN_REFUSAL_DELAY_MS, merged.auth.loginRefusalDelayMs, 0, 10_000),
      signUpsPerIpPerHour: parseCount('PEYK_SIGN_UP_LIMIT_PER_IP', env.PEYK_SIGN_UP_LIMIT_PER_IP, merged.auth.signUpsPerIpPerHour, 0, 1_000_000),
      passwordHashCost: parseHashCost(env.PEYK_PASSWORD_HASH_COST, merged.auth.passwordHashCost, envName === 'test' ? 1024 : 16384),
    },
    admin: {
      userName: env.PEYK_ADMIN_USER || merged.admin.userName,
      password: env.PEYK_ADMIN_PASSWORD || merged.admin.password,
    },
    port: parsePort(env.PORT, merged.port),
    host: parseHost(env.HOST, merged.host),
    role: parseRole(env.PEYK_ROLE, merged.role),
    dispatch: {
      ...merged.dispatch,
      enabled: env.PEYK_DISPATCH ? env.PEYK_DISPATCH !== 'false' : merged.dispatch.enabled,
      leaseMs: parseLeaseMs(env.PEYK_DISPATCH_LEASE_MS, merged.dispatch.leaseMs),
    },
    agentHealthTtlMs: parseAgentHealthTtlMs(env.PEYK_AGENT_HEALTH_TTL_MS, merged.agentHealthTtlMs),
    webhooks: {
      ...merged.webhooks,
      enabled: parseBoolean('PEYK_WEBHOOKS', env.PEYK_WEBHOOKS) ?? merged.webhooks.enabled,
      timeoutMs: parseMs('PEYK_WEBHOOK_TIMEOUT_MS', env.PEYK_WEBHOOK_TIMEOUT_MS, merged.webhooks.timeoutMs, 100, 60_000),
      retryBaseMs: parseMs('PEYK_WEBHOOK_RETRY_BASE_MS', env.PEYK_WEBHOOK_RETRY_BASE_MS, merged.webhooks.retryBaseMs, 10, 3_600_000),
      pollMs: parseMs('PEYK_WEBHOOK_POLL_MS', env.PEYK_WEBHOOK_POLL_MS, merged.webhooks.pollMs, 50, 60_000),
    },
    inboundActions: {
      ...merged.inboundActions,
      enabled: parseBoolean('PEYK_INBOUND_ACTIONS', env.PEYK_INBOUND_ACTIONS) ?? merged.inboundActions.enabled,
      concurrency: parseCount('PEYK_INBOUND_ACTION_CONCURRENCY', env.PEYK_INBOUND_ACTION_CONCURRENCY, merged.inboundActions.concurrency, 1, 256),
      timeoutMs: parseMs('PEYK_INBOUND_ACTION_TIMEOUT_MS', env.PEYK_INBOUND_ACTION_TIMEOUT_MS, merged.inboundActions.timeoutMs, 100, 120_000),
      retryBaseMs: parseMs('PEYK_INBOUND_RETRY_BASE_MS', env.PEYK_INBOUND_RETRY_BASE_MS, merged.inboundActions.retryBaseMs, 10, 3_600_000),
      pollMs: parseMs('PEYK_INBOUND_POLL_MS', env.PEYK_INBOUND_POLL_MS, merged.inboundActions.pollMs, 50, 60_000),
    },
    dataDir,
    databaseUrl: env.DATABASE_URL || merged.databaseUrl,
    redisUrl: env.REDIS_URL || merged.redisUrl,
    redisPrefix: env.PEYK_REDIS_PREFIX || merged.redisPrefix,
    publicOrigin: env.PEYK_PUBLIC_ORIGIN || merged.publicOrigin,
    trustProxy: parseTrustProxy(env.PEYK_TRUST_PROXY) ?? merged.trustProxy ?? false,
    mediaBaseUrl: env.PEYK_MEDIA_BASE_URL || merged.mediaBaseUrl || null,
    shortLinks: {
      base: parseShortLinkBase(env.PEYK_SHORT_LINK_BASE),
      fsync: parseBoolean('PEYK_SHORT_LINK_FSYNC', env.PEYK_SHORT_LINK_FSYNC) ?? false,
      drainMs: parseMs('PEYK_SHORT_LINK_DRAIN_MS', env.PEYK_SHORT_LINK_DRAIN_MS, 1_000, 50, 60_000),
    },
    apiAddress: env.PEYK_API_ADDRESS || merged.apiAddress,
    defaultLanguage: env.PEYK_LANGUAGE || merged.defaultLanguage,
    production: env.NODE_ENV === 'production' || merged.production,
    logLevel: env.LOG_LEVEL || merged.logLevel,
    jwtSecret: persistentSecret(dataDir, 'jwt-secret', env.PEYK_JWT_SECRET),
    jwtKey: undefined as unknown as KeyObject,
    serverStateToken: persistentSecret(dataDir, 'server-state-token', env.PEYK_SERVER_STATE_TOKEN),
    outboundAllow: parseOutboundAllow(env.PEYK_OUTBOUND_ALLOW),
    version: String(pkg.version),
    checkAnswers: env.NODE_ENV === 'test',
    allowSandboxGateway: false,
    onlinePayment: {
      ...merged.onlinePayment,
      callbackOrigin: env.PEYK_PAYMENT_CALLBACK_ORIGIN || merged.onlinePayment.callbackOrigin || null,
      timeoutMs: parseMs('PEYK_ONLINE_PAYMENT_TIMEOUT_MS', env.PEYK_ONLINE_PAYMENT_TIMEOUT_MS, merged.onlinePayment.timeoutMs, 100, 120_000),
      zarinpalApiUrl: env.PEYK_ZARINPAL_API_URL || merged.onlinePayment.zarinpalApiUrl,
      zarinpalStartPayUrl: env.PEYK_ZARINPAL_STARTPAY_URL || merged.onlinePayment.zarinpalStartPayUrl,
      idpayApiUrl: env.PEYK_IDPAY_API_URL || merged.onlinePayment.idpayApiUrl,
    },
    smppServer: parseSmppServer(env),
    assistant: {
      embeddingUrl: env.PEYK_ASSISTANT_EMBEDDING_URL || null,
      embeddingModel: env.PEYK_ASSISTANT_EMBEDDING_MODEL || 'text-embedding-3-small',
      embeddingKey: env.PEYK_ASSISTANT_EMBEDDING_KEY || null,
      embeddingTimeoutMs: parseMs('PEYK_ASSISTANT_EMBEDDING_TIMEOUT_MS', env.PEYK_ASSISTANT_EMBEDDING_TIMEOUT_MS, 5_000, 100, 60_000),
      asksPerMinute: parseCount('PEYK_ASSISTANT_ASKS_PER_MINUTE', env.PEYK_ASSISTANT_ASKS_PER_MINUTE, 20, 0, 100_000),
    },
    shutdownMs: parseMs('PEYK_SHUTDOWN_MS', env.PEYK_SHUTDOWN_MS, merged.shutdownMs ?? 10_000, 100, 600_000),
    ...overrides,
  };
  // Decided after the overrides, so a server started as production (tests too) gets the production default.
  if (overrides.allowSandboxGateway === undefined) config.allowSandboxGateway = parseBoolean('PEYK_SANDBOX_GATEWAY', env.PEYK_SANDBOX_GATEWAY) ?? !config.production;
  if (overrides.dataDir) config.dataDir = dataDir;
  config.jwtKey = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
  return config;
}
