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
 * panel often runs without internet, so no CDN), `/api/docs/openapi.json` (the whole document) and
 * `/api/docs/tags/<tag>.json` (the document cut to one tag), each serialised once. The page loads a
 * document by URL rather than inlining it, so the page stays small.
 *
 * The page opens one tag's document and lists the others (and the whole one) in its top bar: the UI
 * processes an OpenAPI 3.1 document whole before it draws anything, and the whole one (300 calls,
 * 800 KB) kept a browser busy for 5 to 13 s (issue 23 item 9); a tag's document is a fraction.
 */
export function buildDocsRouter(document: OpenApiDocument): Router {
  const router = Router();
  const tags = document.tags.map((t) => t.name).filter((name) => Object.values(document.paths).some((item) => Object.values(item).some((op) => op.tags.includes(name))));
  const tagUrl = (tag: string) => `${DOCS_PATH}/tags/${encodeURIComponent(tag)}.json`;
  const definitions = [
    ...tags.map((tag) => ({ url: tagUrl(tag), name: tag })),
    { url: `${DOCS_PATH}/openapi.json`, name: WHOLE_DOCUMENT_NAME },
  ];
  const uiOptions = {
    customSiteTitle: 'Peyk API — مستندات',
    // Shows the top bar's list of documents (`urls`: one per tag, then the whole one).
    explorer: true,
    // Each paragraph takes the direction of its own first letter: the descriptions pair an English
    // paragraph with a Persian one, and the Persian one must read right to left.
    customCss: '.swagger-ui .markdown p, .swagger-ui .renderedMarkdown p, .swagger-ui .opblock-summary-description { unicode-bidi: plaintext; text-align: start; }',
    swaggerOptions: {
      urls: definitions,
      'urls.primaryName': definitions[0]!.name,
      // validatorUrl null: the UI would otherwise fetch a badge from validator.swagger.io.
      validatorUrl: null,
      persistAuthorization: false,
      // Even one tag's calls drawn open at once are slow: they open on a click, the schema section
      // stays closed, and a filter box finds a tag by name in the whole document.
      docExpansion: 'none',
      defaultModelsExpandDepth: -1,
      filter: true,
    },
  };

  // The documents change with the server (no-cache: revalidated by their ETag on every visit); the
  // UI's files only with the package, so a browser keeps them a day.
  const whole = lazily(() => Promise.resolve(Buffer.from(JSON.stringify(document))));
  router.get('/openapi.json', async (req: Request, res: Response) => {
    sendPacked(req, res, await whole(), 'application/json', 'no-cache');
  });
  const perTag = new Map(tags.map((tag) => [`${tag}.json`, lazily(() => Promise.resolve(Buffer.from(JSON.stringify(documentOfTag(document, tag)))))]));
  router.get('/tags/:file', async (req: Request, res: Response, next: NextFunction) => {
    const body = perTag.get(String(req.params.file));
    if (!body) { next(); return; }
    sendPacked(req, res, await body(), 'application/json', 'no-cache');
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

/** The top bar's name of the whole document. */
export const WHOLE_DOCUMENT_NAME = 'all (slow) / همه (کند)';

/**
 * The document cut to one tag: its operations, and of the components only those its operations
 * reach through `$ref` (followed through the components themselves); security schemes stay whole,
 * since operations name them without a `$ref`.
 */
export function documentOfTag(document: OpenApiDocument, tag: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [route, item] of Object.entries(document.paths)) {
    const kept = Object.fromEntries(Object.entries(item).filter(([, op]) => op.tags.includes(tag)));
    if (Object.keys(kept).length > 0) paths[route] = kept;
  }
  const components: OpenApiDocument['components'] = { schemas: {}, responses: {}, parameters: {}, securitySchemes: document.components.securitySchemes };
  const pending: unknown[] = [paths];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) { pending.push(...value); continue; }
    if (!value || typeof value !== 'object') continue;
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/') && !seen.has(inner)) {
        seen.add(inner);
        const [section, name] = inner.slice('#/components/'.length).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
        const from = (document.components as Record<string, Record<string, unknown>>)[section!];
        const target = (components as Record<string, Record<string, unknown>>)[section!];
        if (from && target && name !== undefined && name in from) {
          target[name] = from[name];
          pending.push(from[name]);
        }
      } else pending.push(inner);
    }
  }
  return { ...document, tags: document.tags.filter((t) => t.name === tag), paths, components };
}
