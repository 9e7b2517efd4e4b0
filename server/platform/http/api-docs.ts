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
  const json = JSON.stringify(document);
  const router = Router();
  const uiOptions = {
    customSiteTitle: 'Peyk API — مستندات',
    swaggerUrl: `${DOCS_PATH}/openapi.json`,
    // validatorUrl null: the UI would otherwise fetch a badge from validator.swagger.io.
    swaggerOptions: { url: `${DOCS_PATH}/openapi.json`, validatorUrl: null, persistAuthorization: false },
  };

  router.get('/openapi.json', (_req: Request, res: Response) => {
    res.setHeader('cache-control', 'no-cache');
    res.type('application/json').send(json);
  });
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
