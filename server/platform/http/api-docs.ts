import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Router, type Request, type Response, type NextFunction } from 'express';
import swaggerUi from 'swagger-ui-express';
import type { OpenApiDocument } from './openapi.js';

/** Where the router is mounted; the UI's page and its assets are relative to `${DOCS_PATH}/`. */
export const DOCS_PATH = '/api/docs';

/**
 * `/api/docs`: the Swagger UI page and its assets (swagger-ui-dist, served from node_modules: the
 * panel often runs without internet, so no CDN), and `/api/docs/openapi.json`, serialised once.
 * The page loads the document by URL rather than inlining it, so the page stays small and the
 * JSON has one source.
 */
export function buildDocsRouter(document: OpenApiDocument): Router {
  const json = Buffer.from(JSON.stringify(document));
  const router = Router();
  const uiOptions = {
    customSiteTitle: 'Peyk API — مستندات',
    swaggerUrl: `${DOCS_PATH}/openapi.json`,
    // Each paragraph takes the direction of its own first letter: the descriptions pair an English
    // paragraph with a Persian one, and the Persian one must read right to left.
    customCss: '.swagger-ui .markdown p, .swagger-ui .renderedMarkdown p, .swagger-ui .opblock-summary-description { unicode-bidi: plaintext; text-align: start; }',
    swaggerOptions: {
      url: `${DOCS_PATH}/openapi.json`,
      // validatorUrl null: the UI would otherwise fetch a badge from validator.swagger.io.
      validatorUrl: null,
      persistAuthorization: false,
      // Hundreds of operations drawn at once kept the page busy for seconds (issue 23 item 9): tags
      // open one at a time, the schema section stays closed, and a filter box finds a tag by name.
      docExpansion: 'none',
      defaultModelsExpandDepth: -1,
      filter: true,
    },
  };

  // The document changes with the server (no-cache: revalidated by its ETag on every visit); the
  // UI's files only with the package, so a browser keeps them a day.
  const documentBody = lazily(() => Promise.resolve(json));
  router.get('/openapi.json', async (req: Request, res: Response) => {
    sendPacked(req, res, await documentBody(), 'application/json', 'no-cache');
  });
  for (const [file, type] of UI_FILES) {
    const body = lazily(() => readFile(path.join(swaggerDistDir(), file)));
    router.get(`/${file}`, async (req: Request, res: Response) => {
      sendPacked(req, res, await body(), type, `public, max-age=${ASSET_MAX_AGE_SECONDS}`);
    });
  }
  router.get('/', (req: Request, res: Response, next: NextFunction) => {
    // The page's assets are relative (./swagger-ui.css): without the slash they would resolve under /api/.
    if (!req.originalUrl.split('?')[0]!.endsWith('/')) {
      res.redirect(301, `${DOCS_PATH}/`);
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    next();
  }, swaggerUi.setup(null, uiOptions));
  // serveFiles keeps its init script per router (serve + setup share one module-wide variable).
  router.use(swaggerUi.serveFiles(undefined, uiOptions));
  return router;
}

/** The UI's large files (2.4 MB as shipped), served gzip-compressed from memory. */
const UI_FILES: readonly (readonly [string, string])[] = [
  ['swagger-ui-bundle.js', 'text/javascript'],
  ['swagger-ui-standalone-preset.js', 'text/javascript'],
  ['swagger-ui.css', 'text/css'],
];
const ASSET_MAX_AGE_SECONDS = 86_400;

interface Packed { raw: Buffer; gzip: Buffer; rawTag: string; gzipTag: string }

const gzipAsync = promisify(gzip);

/** Read and compressed on the first request, then kept: no cost at start, none per request. */
function lazily(read: () => Promise<Buffer>): () => Promise<Packed> {
  let packed: Promise<Packed> | null = null;
  return () => {
    packed ??= (async () => {
      const raw = await read();
      const hash = createHash('sha256').update(raw).digest('base64url').slice(0, 22);
      // One tag per representation: a cache must not answer a gzip copy to a client that asked for none.
      return { raw, gzip: await gzipAsync(raw, { level: 9 }), rawTag: `"${hash}"`, gzipTag: `"${hash}-gz"` };
    })();
    packed.catch(() => { packed = null; });
    return packed;
  };
}

function sendPacked(req: Request, res: Response, packed: Packed, type: string, cacheControl: string): void {
  const zipped = /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));
  const tag = zipped ? packed.gzipTag : packed.rawTag;
  res.setHeader('vary', 'Accept-Encoding');
  res.setHeader('cache-control', cacheControl);
  res.setHeader('etag', tag);
  res.type(type);
  const asked = String(req.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (asked.includes(tag)) {
    res.status(304).end();
    return;
  }
  if (zipped) res.setHeader('content-encoding', 'gzip');
  const body = zipped ? packed.gzip : packed.raw;
  res.setHeader('content-length', body.length);
  res.end(body);
}

let distDir: string | null = null;

/** swagger-ui-dist as swagger-ui-express itself resolves it (its dependency, not ours). */
function swaggerDistDir(): string {
  if (!distDir) {
    const fromExpress = createRequire(createRequire(import.meta.url).resolve('swagger-ui-express'));
    distDir = path.dirname(fromExpress.resolve('swagger-ui-dist/package.json'));
  }
  return distDir;
}
