import { createServer, type Server } from 'node:http';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from './platform/tokens.js';
import type { AppConfig } from './platform/config.js';
import { openDatabase, type Database } from './platform/db.js';
import { createKeyValueStore, createQueueFactory } from './platform/queue-factory.js';
import type { KeyValueStore } from './platform/kv.js';
import type { QueueFactory } from './platform/queue.js';
import { createLogger } from './platform/logger.js';
import { buildApiRouter, registeredRoutes, type Authenticator, type Controller, type RegisteredRoute } from './platform/http/router.js';
import { buildOpenApiDocument } from './platform/http/openapi.js';
import { buildDocsRouter } from './platform/http/api-docs.js';
import { parseByteSize } from './platform/http/json-body.js';
import { createHttpApp } from './platform/http/http-app.js';
import type { Translator } from './platform/i18n.js';
import type { SettingsService } from './platform/settings.service.js';
import type { Clock } from './platform/clock.js';
import type { FrontHandler } from './platform/module.js';
import type { Realtime } from './platform/realtime.js';
import { connectRedisRealtimeBus } from './platform/realtime-bus.js';
import type { ClusterSignals } from './platform/cluster-signals.js';
import { buildContainer, MODULES } from './container.js';
import { JwtAuthenticator, UsersService } from './modules/identity/index.js';
import { LinesService } from './modules/numbers/index.js';
import { loadGatewayPlugins, pluginsDirFor } from './gateways/plugin-loader.js';
import { GatewayRegistry } from './gateways/gateway-registry.js';
import { systemClock } from './platform/clock.js';
import { Scheduler } from './platform/scheduler.js';
import { UploadIntake } from './platform/upload/upload-intake.service.js';
import { ScheduledRunsRepository } from './platform/scheduled-runs.repository.js';
import { healthAnswer } from './shared/health/health.answers.js';

export interface StartOptions {
  logger?: Logger;
  clock?: Clock;
  /** Keep the embedded database in memory (tests); otherwise it lives in the data dir. */
  inMemoryDatabase?: boolean;
  /** The in-memory database starts from this image of a migrated one (tests; see DatabaseOptions.pgliteImage). */
  inMemoryImage?: Blob;
  /** Folder of the built client; defaults to dist/client under the repository. */
  clientDir?: string;
  rootDir: string;
}

export interface PeykInstance {
  config: AppConfig;
  container: Container;
  database: Database;
  kv: KeyValueStore;
  url: string | null;
  firstAdmin: { created: boolean; userName: string; password: string | null };
  /** The routes the API router mounted (empty in a worker process): the API document's source. */
  apiRoutes: RegisteredRoute[];
  /** Runs the modules' jobs; null in a web-only process (sweeps belong to worker processes). */
  scheduler: Scheduler | null;
  stop(): Promise<void>;
}

/**
 * The boot sequence, top to bottom: database and migrations, shared adapters, container, module
 * start steps, first administrator, HTTP + socket.io. Every step is awaited before the next, and
 * stop() undoes them in reverse.
 */
export async function startPeyk(config: AppConfig, options: StartOptions): Promise<PeykInstance> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: options.inMemoryDatabase ? null : path.join(config.dataDir, 'pglite'),
    pgliteImage: options.inMemoryDatabase ? options.inMemoryImage : undefined,
  });
  const adapterOptions = { redisPrefix: config.redisPrefix, onError: (err: Error, where: string) => logger.error({ err, where }, 'adapter error') };
  const kv = await createKeyValueStore(config.redisUrl, adapterOptions);
  const queues = createQueueFactory(config.redisUrl, database.knex, adapterOptions);
  const container = buildContainer({ config, logger, knex: database.knex, databaseKind: database.kind, kv, queues, clock: options.clock });
  // Plugins load before any module starts: the first-start seed and the dispatcher need them.
  const plugins = await loadGatewayPlugins(pluginsDirFor(options.rootDir), logger);
  container.bind(GatewayRegistry).toConstantValue(new GatewayRegistry(plugins, logger, options.clock ?? systemClock));
  const realtime = container.get<Realtime>(TYPES.Realtime);
  // Before any module starts: a worker's first pushes must already travel to the web processes.
  if (config.redisUrl) {
    await realtime.useBus(await connectRedisRealtimeBus(config.redisUrl, `${config.redisPrefix}:realtime`, (err) => logger.error({ err, where: 'realtime' }, 'adapter error')));
  }
  // Also before any module starts: an announcement made at start-up reaches the other processes.
  const signals = container.get<ClusterSignals>(TYPES.ClusterSignals);
  if (config.redisUrl) {
    await signals.useBus(await connectRedisRealtimeBus(config.redisUrl, `${config.redisPrefix}:signals`, (err) => logger.error({ err, where: 'signals' }, 'adapter error')));
  }
  for (const m of MODULES) if (m.onStart) await m.onStart(container);
  const firstAdmin = await container.get(UsersService).bootstrapFirstAdmin();
  // The system organization exists only now: the default simulator line of a fresh install follows it.
  await container.get(LinesService).ensureFirstStartSeed();
  // After the seeds: a sweep's first run may need the system organization.
  let scheduler: Scheduler | null = null;
  if (config.role !== 'web') {
    // The platform's own sweep of uploads runs beside the modules' jobs (one job for every kind).
    const jobs = [...MODULES.flatMap((m) => m.jobs?.(container) ?? []), container.get(UploadIntake).cleanupJob()];
    scheduler = new Scheduler(jobs, { logger, clock: options.clock ?? systemClock, runs: new ScheduledRunsRepository(database.knex) });
    scheduler.start();
  }

  // Sampled from the start: /api/health reports how late the event loop ran over the last window.
  const loopDelay = new LoopDelay();
  let server: Server | null = null;
  let url: string | null = null;
  let apiRoutes: RegisteredRoute[] = [];
  if (config.role !== 'worker') {
    const translator = container.get<Translator>(TYPES.Translator);
    const controllers: Controller[] = [healthController(database.kind, kv.kind, config.version, loopDelay, scheduler)];
    for (const m of MODULES) if (m.controllers) controllers.push(...m.controllers(container).map((c) => ({ ...c, module: c.module ?? m.name })));
    apiRoutes = registeredRoutes(controllers);
    const authenticator = container.get<Authenticator>(TYPES.Authenticator);
    const app = createHttpApp({
      apiRouter: buildApiRouter(controllers, authenticator, translator, {
        limits: { ordinary: parseByteSize(config.bodyLimit), large: parseByteSize(config.sendBodyLimit) },
        checkAnswers: config.checkAnswers,
      }),
      docsRouter: buildDocsRouter(buildOpenApiDocument(apiRoutes, { version: config.version, basePath: '/api' })),
      translator,
      logger,
      clientDir: options.clientDir ?? path.join(options.rootDir, 'dist', 'client'),
      defaultLanguage: config.defaultLanguage,
      apiAddress: config.apiAddress,
      serverStateToken: config.serverStateToken,
      trustProxy: config.trustProxy,
      mapTileUrl: () => container.get<SettingsService>(TYPES.Settings).get('MapTileUrl'),
      serverState: async () => (await kv.get('server-state')) ?? 'normal',
      runtimeConfig: (requestOrigin) => ({
        apiUrl: config.apiUrl,
        origin: config.publicOrigin ?? requestOrigin,
        production: config.production,
        serverStateApiUrl: '/server-state',
        serverStateToken: config.serverStateToken,
      }),
    });
    // Front handlers (short links' redirect) answer before Express; the panel's address they may
    // need is known only after listen, so they are looked up then (`fronts` is filled below).
    const fronts: FrontHandler[] = [];
    server = createServer((req, res) => {
      for (const front of fronts) if (front(req, res)) return;
      app(req, res);
    });
    server.keepAliveTimeout = 65_000;
    const jwtAuth = container.get(JwtAuthenticator);
    realtime.attach(server, (token) => jwtAuth.principalFromToken(token), { reload: (principal) => jwtAuth.reloadPrincipal(principal) });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(config.port, config.host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${address.port}`;
    // Voice providers fetch uploaded audio here unless an address was configured (see AppConfig.mediaBaseUrl).
    config.mediaBaseUrl ??= config.publicOrigin ?? url;
    // Payment providers send payers back here unless an address was configured (AppConfig.onlinePayment).
    config.onlinePayment.callbackOrigin ??= config.publicOrigin ?? url;
    for (const m of MODULES) if (m.httpFront) fronts.push(m.httpFront(container, url));
  }

  return {
    config, container, database, kv, url, firstAdmin, scheduler, apiRoutes,
    async stop() {
      loopDelay.close();
      // Intake first: the listener closes now, while the rest drains (the process's deadline bounds it).
      const closed = server ? new Promise<void>((resolve) => server!.close(() => resolve())) : Promise.resolve();
      server?.closeIdleConnections();
      // No sweep may start against a module that is stopping; runs in progress are aborted and waited for.
      await scheduler?.stop();
      await realtime.close();
      server?.closeAllConnections();
      await closed;
      for (const m of [...MODULES].reverse()) if (m.onStop) await m.onStop(container);
      await signals.close();
      await queues.close();
      await kv.close();
      await database.close();
    },
  };
}

/** Event-loop delay over a rolling window: the last full window and the one filling now, whichever is worse. */
class LoopDelay {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private last = { p99Ms: 0, maxMs: 0 };
  private readonly timer: NodeJS.Timeout;

  constructor(windowMs = 10_000) {
    this.histogram.enable();
    this.timer = setInterval(() => {
      this.last = this.read();
      this.histogram.reset();
    }, windowMs);
    this.timer.unref();
  }

  private read(): { p99Ms: number; maxMs: number } {
    if (this.histogram.count === 0) return { p99Ms: 0, maxMs: 0 };
    return { p99Ms: Math.round(this.histogram.percentile(99) / 1e4) / 100, maxMs: Math.round(this.histogram.max / 1e4) / 100 };
  }

  snapshot(): { p99Ms: number; maxMs: number } {
    const now = this.read();
    return { p99Ms: Math.max(now.p99Ms, this.last.p99Ms), maxMs: Math.max(now.maxMs, this.last.maxMs) };
  }

  close(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}

/**
 * `/api/health`: what a load balancer and a person need to see a stuck process: the event loop's
 * delay and the oldest scheduled run in progress (`overdue` once it runs longer than its period).
 */
function healthController(database: string, queue: string, version: string, loopDelay: LoopDelay, scheduler: Scheduler | null): Controller {
  return {
    name: '',
    routes: [{
      method: 'GET', action: 'health', auth: 'public', answer: healthAnswer,
      handler: async () => ({ status: 'ok', database, queue, version, eventLoopDelayMs: loopDelay.snapshot(), oldestRunningJob: scheduler?.oldestRunning() ?? null }),
    }],
  };
}
