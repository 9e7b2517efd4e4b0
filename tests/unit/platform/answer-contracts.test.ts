import { expect } from 'chai';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { compileAnswer } from '../../../server/platform/http/validation.js';
import { buildApiRouter, publicRoute, registeredRoutes, type Controller } from '../../../server/platform/http/router.js';
import { buildOpenApiDocument } from '../../../server/platform/http/openapi.js';
import { Translator } from '../../../server/platform/i18n.js';
import { pageOf, integer, text, type AnswerOf } from '../../../server/shared/contracts/answer-schemas.js';

const itemAnswer = { type: 'object', required: ['id', 'title'], properties: { id: integer, title: text } } as const;
const pageAnswer = pageOf(itemAnswer);

// Type level: the answer type names exactly the declared fields (no index signature), as JSON has them.
type Page = AnswerOf<typeof pageAnswer>;
const typed: Page = { items: [{ id: 1, title: 'a' }], totalCount: 1 };
// @ts-expect-error a field the contract does not name is a type error
const undeclared: Page['items'][number]['titel'] = 'x';
void typed; void undeclared;

describe('answer contracts (a route\'s declared answer schema)', () => {
  const check = compileAnswer(pageAnswer);

  it('accepts a fitting answer and extra fields, and changes nothing', () => {
    const answer = { items: [{ id: 1, title: 'a', createdAt: '2026-01-01T00:00:00.000Z' }], totalCount: 1, more: true };
    const before = structuredClone(answer);
    expect(check(answer)).to.equal(null);
    expect(answer).to.deep.equal(before);
  });

  it('names a renamed or retyped field', () => {
    expect(check({ items: [{ id: 1, name: 'a' }], totalCount: 1 })).to.match(/items\/0.*title/);
    expect(check({ items: [{ id: '1', title: 'a' }], totalCount: 1 })).to.match(/items\/0\/id.*integer/);
  });

  function controller(answer: unknown): Controller {
    return {
      name: 'Things',
      routes: [publicRoute({ auth: 'public', method: 'GET', action: 'GetAll', answer: pageAnswer, handler: async () => answer })],
    };
  }

  async function call(ctrl: Controller, checkAnswers: boolean): Promise<number> {
    const app = express();
    app.use((_req, res, next) => { res.locals.ctx = { culture: 'en-US' }; next(); });
    app.use('/api', buildApiRouter([ctrl], { authenticate: async () => undefined }, new Translator(), { limits: { ordinary: 1000, large: 1000 }, checkAnswers }));
    // The platform's error handler answers 500 for an Error; a bare one here is enough.
    app.use((_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => { res.status(500).end(); });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/Things/GetAll`);
      return res.status;
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('fails the call in a test run when the answer does not fit, and never in use', async () => {
    const renamed = { items: [{ id: 1, name: 'a' }], totalCount: 1 };
    expect(await call(controller(renamed), true)).to.equal(500);
    expect(await call(controller(renamed), false)).to.equal(200);
    expect(await call(controller({ items: [{ id: 1, title: 'a', createdAt: new Date() }], totalCount: 1 }), true)).to.equal(200);
  });

  it('documents the answer inside the envelope (responses.200)', () => {
    const doc = buildOpenApiDocument(registeredRoutes([controller(null)]), { version: '0', basePath: '/api' });
    const op = doc.paths['/Things/GetAll']!.get!;
    expect(doc.components.schemas.get_Things_GetAll_answer).to.deep.equal(pageAnswer);
    expect(op.responses['200']).to.deep.equal({
      description: 'Succeeded. / انجام شد.',
      content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Envelope' }, { type: 'object', properties: { data: { $ref: '#/components/schemas/get_Things_GetAll_answer' } } }] } } },
    });
  });
});
