import express, { type Request, type Response, type NextFunction, type Express } from 'express';
import helmet, { contentSecurityPolicy } from 'helmet';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { AppError, appErrorBody } from './errors.js';
import { sendEnvelope } from './envelope.js';
import { parseCulture, type Translator } from '../i18n.js';
import type { RequestContext } from './context.js';
import type { Router } from 'express';
import { DOCS_PATH } from './api-docs.js';
import { mapTileOrigin } from '../map-tiles.js';

export interface HttpAppOptions {
  apiRouter: Router;
  /** The API documentation (api-docs.ts), mounted at /api/docs ahead of the API router. */
  docsRouter?: Router;
  translator: Translator;
  logger: Logger;
  clientDir: string;
  defaultLanguage: string;
  apiAddress: string | null;
  /** The client's runtime config; `origin` is the request's own when none is configured. */
  runtimeConfig: (requestOrigin: string) => Record<string, unknown>;
  serverStateToken: string;
  serverState: () => Promise<string>;
  /** Express's `trust proxy` (config `trustProxy`): off unless the panel sits behind a reverse proxy. */
  trustProxy?: boolean | number | string;
  /**
   * The main setting `MapTileUrl` (through the settings' cache): the page's CSP img-src admits its
   * origin, so tiles from another host load. Read for page (HTML) answers only, the one document
   * whose policy governs the tiles. Absent, empty or unreadable: 'self' only.
   */
  mapTileUrl?: () => Promise<string>;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

function clientIp(req: Request): string {
  return (req.ip ?? req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

/** `req.hostname` lower-cased without a trailing dot; empty when the request named none. */
function requestHost(req: Request): string {
  return (req.hostname ?? '').toLowerCase().replace(/\.$/, '').slice(0, 253);
}

export function createHttpApp(options: HttpAppOptions): Express {
  const { translator, logger } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  // Off by default: a client could otherwise pick any white-label domain (and any address) by
  // sending X-Forwarded-Host (X-Forwarded-For) itself.
  app.set('trust proxy', options.trustProxy ?? false);

  const csp = {
    directives: {
      defaultSrc: ["'self'"],
      // The tile origin is set only on the page's answer (pageTileOrigin below); everywhere else ''.
      imgSrc: ["'self'", 'data:', 'blob:', (_req: unknown, res: unknown) => ((res as Response).locals.mapTileOrigin as string | null | undefined) ?? ''],
      styleSrc: ["'self'", "'unsafe-inline'"],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      // Self-hosted panels are often reached over plain http on a LAN address.
      upgradeInsecureRequests: null,
    },
  };
  app.use(helmet({ contentSecurityPolicy: csp, crossOriginEmbedderPolicy: false }));
  // The page's policy is written again once the tile origin is known: helmet's directive functions
  // are synchronous and the settings' reader is not, and only the page needs the setting, so API
  // and asset requests never wait on it.
  const pageCsp = contentSecurityPolicy(csp);
  const pageTileOrigin = (req: Request, res: Response, next: NextFunction) => {
    if (!options.mapTileUrl) { next(); return; }
    // An unreadable setting (database down) costs the page its tiles, never the page itself.
    options.mapTileUrl().then(mapTileOrigin, (err: unknown) => {
      logger.warn({ err, requestId: (res.locals.ctx as RequestContext | undefined)?.requestId }, 'MapTileUrl unreadable: CSP img-src without tiles');
      return null;
    }).then((origin) => { res.locals.mapTileOrigin = origin; pageCsp(req, res, next); }, next);
  };

  app.use((req: Request, res: Response, next: NextFunction) => {
    const given = req.get('x-request-id');
    const requestId = given && REQUEST_ID.test(given) ? given : randomUUID();
    const ctx: RequestContext = {
      requestId,
      ip: clientIp(req),
      host: requestHost(req),
      userAgent: (req.get('user-agent') ?? '').slice(0, 500),
      culture: parseCulture(req.query.culture),
      principal: null,
      channel: 'panel',
      tenant: null,
    };
    res.locals.ctx = ctx;
    res.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      if (!logger.isLevelEnabled('info')) return;
      logger.info({
        requestId, method: req.method, path: req.path, status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6, userId: ctx.principal?.userId,
      }, 'request');
    });
    next();
  });

  // No body parser here: the router reads a JSON body only after authenticating the caller, with
  // the route's own limit and shape guard (json-body.ts).
  if (options.docsRouter) app.use(DOCS_PATH, options.docsRouter);
  app.use('/api', options.apiRouter);

  app.get('/config.json', (req: Request, res: Response) => {
    res.setHeader('cache-control', 'no-store');
    res.json(options.runtimeConfig(`${req.protocol}://${req.get('host') ?? ''}`));
  });

  app.get('/server-state', (req: Request, res: Response, next: NextFunction) => {
    const auth = (req.get('authorization') ?? '').replace(/^Bearer\s+/i, '');
    if (auth !== options.serverStateToken) {
      res.status(401).type('text/plain').send('unauthorized');
      return;
    }
    options.serverState().then((state) => res.type('text/plain').setHeader('cache-control', 'no-store').send(state)).catch(next);
  });

  // The origin page: the client reads server time, language and API address from its headers.
  const originHeaders = (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('x-date', new Date().toISOString());
    res.setHeader('x-language', options.defaultLanguage);
    if (options.apiAddress) res.setHeader('x-api-address', options.apiAddress);
    res.setHeader('access-control-expose-headers', 'x-date, x-language, x-api-address, x-rft, x-imp, x-request-id');
    next();
  };
  const indexFile = path.join(options.clientDir, 'index.html');
  app.use(originHeaders, express.static(options.clientDir, {
    index: false,
    setHeaders(res, filePath) {
      // Vite's hashed assets never change; everything else (sw.js, manifest, icons) must be rechecked.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  }));
  app.get(/^(?!\/api\/|\/socket\.io\/).*/, originHeaders, pageTileOrigin, (_req: Request, res: Response) => {
    res.setHeader('cache-control', 'no-cache');
    if (existsSync(indexFile)) res.sendFile(indexFile);
    else res.type('text/html').send('<!doctype html><html dir="rtl" lang="fa"><meta charset="utf-8"><title>Peyk</title><body><h1>Peyk</h1><p>The client is not built yet: run <code>npm run build</code>.</p></body></html>');
  });

  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const ctx = res.locals.ctx as RequestContext;
    // Refused before its body was read (signed out, too large, too deep): the rest is never read,
    // so this connection cannot carry another request; closing it frees both sides.
    if (!req.complete && !res.headersSent) res.setHeader('Connection', 'close');
    const culture = ctx?.culture ?? 'fa';
    if (err instanceof AppError) {
      const { message, validationErrors } = appErrorBody((c, k, p) => translator.t(c, k, p), culture, err);
      for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
      sendEnvelope(res, err.status, { isSucceed: false, message, data: err.data, validationErrors });
      return;
    }
    const e = err as { type?: string; status?: number; statusCode?: number };
    const status = e.status ?? e.statusCode;
    if (e.type === 'entity.parse.failed') {
      sendEnvelope(res, 400, { isSucceed: false, message: translator.t(culture, 'request.malformedJson'), validationErrors: [{ propertyName: '', message: translator.t(culture, 'request.malformedJson') }] });
      return;
    }
    if (e.type === 'entity.too.large') {
      sendEnvelope(res, 413, { isSucceed: false, message: translator.t(culture, 'status.413'), validationErrors: [] });
      return;
    }
    if (status && status >= 400 && status < 500) {
      sendEnvelope(res, status, { isSucceed: false, message: translator.t(culture, 'status.400'), validationErrors: [] });
      return;
    }
    logger.error({ err, requestId: ctx?.requestId }, 'unhandled error');
    sendEnvelope(res, 500, { isSucceed: false, message: translator.t(culture, 'status.500'), validationErrors: [] });
  });

  return app;
}
