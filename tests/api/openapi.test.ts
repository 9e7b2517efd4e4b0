import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { sharedServer } from '../support/fixtures.js';
import type { TestServer } from '../support/test-server.js';
import { MOBILE_PATTERN } from '../../server/platform/http/validation.js';
import { toOpenApiPath, type OpenApiDocument, type OpenApiOperation } from '../../server/platform/http/openapi.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

describe('API documentation (OpenAPI 3.1, /api/docs)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let doc: OpenApiDocument;

  before(async () => {
    server = await sharedServer();
    const res = await fetch(`${server.url}/api/docs/openapi.json`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    doc = (await res.json()) as OpenApiDocument;
  });

  function operationOf(method: string, path: string): OpenApiOperation {
    const op = doc.paths[toOpenApiPath(path)]?.[method.toLowerCase()];
    expect(op, `${method} ${path}`).to.not.equal(undefined);
    return op!;
  }

  it('is an OpenAPI 3.1 document with Persian and English description', () => {
    expect(doc.openapi).to.equal('3.1.0');
    expect(doc.info.version).to.equal(server.peyk.config.version);
    expect(doc.info.description).to.match(/Peyk/).and.to.match(/پیک/);
    expect(doc.servers).to.deep.equal([{ url: '/api' }]);
  });

  it('lists exactly the routes the router mounted', () => {
    const registered = server.peyk.apiRoutes.map((r) => `${r.route.method} ${toOpenApiPath(r.path)}`).sort();
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)).sort();
    expect(registered.length).to.be.greaterThan(100);
    expect(documented).to.deep.equal(registered);
    expect(doc.paths['/Users/Get/{id}']?.get?.parameters).to.deep.include({ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: 2147483647 } });
  });

  it('documents every route\'s answer, except the routes that answer a file or a page', () => {
    const undeclared = server.peyk.apiRoutes.filter((r) => !r.route.answer).map((r) => `${r.route.method} ${r.path}`).sort();
    // Each answers bytes or HTML, not the JSON envelope (its route says so in a comment).
    expect(undeclared).to.deep.equal([
      'GET /ContactExports/Download/:id/:key', // the export file
      'GET /CustomerDomains/Image/:id/:key', // a domain's logo or login image
      'GET /Documents/File/:id', // the document's image
      'GET /Forms/AnswerFile', // a file a visitor uploaded with an answer
      'GET /Forms/ExportAnswers/:id', // a form's answers workbook
      'GET /Inbox/DownloadExcel/:id/:key', // the inbox workbook
      'GET /LandingPages/Image/:key', // an image of a published landing page
      'GET /Media/File/:token', // the audio file a voice provider fetches
      'GET /OnlineSurvey/Export/:id', // a survey's responses workbook
      'GET /OnlineSurvey/Image/:publicId/:key', // a survey's logo or background image
      'GET /OutBox/DownloadExcel/:id/:key', // the receivers workbook
      'GET /Payments/OnlineCallback', // the page the bank returns the payer to
      'GET /Payments/SandboxPay', // the sandbox gateway's payment page
      'GET /PhonebookFiles/RejectedFile/:token', // the rejected rows of an import
      'GET /Polls/ExportParticipants/:id', // a poll's participants workbook
      'GET /Reports/ExportOrganizationReport', // an organization report's workbook
      'GET /Reports/ExportTreeReport', // a tree report's workbook
      'GET /Reports/ExportUserReport', // a user report's workbook
      'GET /Rfm/ExportResults', // the RFM ranking workbook
      'GET /ScheduledMessages/P2PTemplate', // the P2P file to start from
      'GET /Transactions/Export', // the transactions workbook
      'GET /gateways/:agentId/webhook', // a provider's report, answered as the provider expects
      'POST /gateways/:agentId/webhook',
    ]);
  });

  it('carries each route\'s own body, query and params schemas', () => {
    for (const { route, path } of server.peyk.apiRoutes) {
      const op = operationOf(route.method, path);
      if (route.body) {
        const ref = (op.requestBody?.content['application/json']?.schema as { $ref: string }).$ref;
        expect(doc.components.schemas[ref.replace('#/components/schemas/', '')], `${route.method} ${path} body`).to.deep.equal(route.body);
      } else {
        expect(op.requestBody, `${route.method} ${path}`).to.equal(undefined);
      }
      const params = op.parameters as { name?: string; in?: string; required?: boolean; schema?: unknown; $ref?: string }[];
      const queryProps = ((route.query ?? {}) as { properties?: Record<string, unknown> }).properties ?? {};
      for (const [name, schema] of Object.entries(queryProps)) {
        expect(params.find((p) => p.in === 'query' && p.name === name)?.schema, `${route.method} ${path} ?${name}`).to.deep.equal(schema);
      }
      if (route.query) expect(doc.components.schemas[`${op.operationId}_query`]).to.deep.equal(route.query);
      const paramProps = ((route.params ?? {}) as { properties?: Record<string, unknown> }).properties ?? {};
      for (const [name, schema] of Object.entries(paramProps)) {
        expect(params.find((p) => p.in === 'path' && p.name === name), `${route.method} ${path} :${name}`).to.deep.include({ required: true, schema });
      }
      expect(params, `${route.method} ${path} culture`).to.deep.include({ $ref: '#/components/parameters/culture' });
    }
  });

  it('marks session routes bearer (with their claim), v1 routes apiKey and public routes open', () => {
    let claims = 0;
    for (const { route, path } of server.peyk.apiRoutes) {
      const op = operationOf(route.method, path);
      if (route.auth === 'public') {
        expect(op.security, `${route.method} ${path}`).to.deep.equal([]);
        expect(op.responses).to.not.have.property('401');
      } else {
        expect(op.security, `${route.method} ${path}`).to.deep.equal([path.startsWith('/v1/') ? { apiKey: [] } : { bearer: [] }]);
        expect(op.responses).to.include.keys('401', '403');
        expect(op['x-claim']).to.equal(route.claim);
        if (route.claim) claims += 1;
      }
      expect(op.responses).to.include.keys('200', '400', '404', '429', '500');
      expect(op.tags).to.have.length(1);
    }
    expect(claims).to.be.greaterThan(20);
    expect(operationOf('POST', '/Account/Login').security).to.deep.equal([]);
    expect(operationOf('GET', '/Users/GetAll').security).to.deep.equal([{ bearer: [] }]);
    expect(operationOf('GET', '/Users/GetAll').tags).to.deep.equal(['identity']);
    expect(doc.components.securitySchemes.bearer).to.deep.include({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiKey).to.deep.include({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect((doc.components.securitySchemes.apiKey as { description: string }).description).to.match(/API token/).and.to.match(/کلید API/);
  });

  describe('REST API v1 operations', () => {
    const persian = /[\u0600-\u06FF]/;
    type Examples = Record<string, { summary: string; value: unknown }>;
    const v1 = () => Object.entries(doc.paths).filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })));
    const answerExamples = (op: OpenApiOperation, status: string) =>
      ((op.responses[status] as { content?: Record<string, { examples?: Examples }> }).content?.['application/json']?.examples) ?? {};

    it('all take the x-api-key scheme, not the session header', () => {
      expect(v1().length).to.be.at.least(9);
      for (const { name, op } of v1()) {
        expect(op.security, name).to.deep.equal([{ apiKey: [] }]);
        expect(op.parameters, name).to.not.deep.include({ $ref: '#/components/parameters/orgId' });
      }
    });

    it('each has an English summary and description with a Persian line, and the Persian summary', () => {
      for (const { name, op } of v1()) {
        // The generator's fallback summary is "v1 <action>": a documented route has its own.
        expect(op.summary, name).to.not.match(/^v1 /);
        expect(op['x-summary-fa'], name).to.match(persian);
        expect(op.description, name).to.match(/^[A-Za-z]/).and.to.contain('\n\nفارسی: ');
        expect(op['x-description-fa'], name).to.match(persian);
      }
    });

    it('each has an answer example, and every body has Persian and English examples that its schema accepts', () => {
      const ajv = new Ajv2020({ strict: false });
      addFormats(ajv);
      ajv.addSchema(doc as unknown as object, 'openapi.json');
      for (const { name, op } of v1()) {
        const ok = answerExamples(op, '200');
        expect(Object.keys(ok), `${name} 200`).to.not.be.empty;
        for (const example of Object.values(ok)) expect(example.value, name).to.include({ isSucceed: true });
        if (!op.requestBody) continue;
        const media = op.requestBody.content['application/json']!;
        const examples = media.examples as Examples;
        expect(examples, name).to.have.all.keys('fa', 'en');
        expect(JSON.stringify(examples.fa!.value)).to.match(persian);
        const validate = ajv.getSchema(`openapi.json#/components/schemas/${(media.schema as { $ref: string }).$ref.split('/').pop()}`)!;
        for (const [lang, example] of Object.entries(examples)) expect(validate(example.value), `${name} ${lang}: ${JSON.stringify(validate.errors)}`).to.equal(true);
      }
      const send = operationOf('POST', '/v1/messages/send');
      expect(answerExamples(send, '200')).to.have.all.keys('fa', 'en');
      expect((answerExamples(send, '200').fa!.value as { message: string }).message).to.equal('عملیات موفق');
      expect((answerExamples(send, '400').en!.value as { validationErrors: { propertyName: string }[] }).validationErrors[0]!.propertyName).to.equal('text');
    });

    it('gives path and query parameters an example, and body fields a description in both languages', () => {
      for (const { name, op } of v1()) {
        for (const p of op.parameters as { in?: string; name?: string; example?: unknown }[]) {
          if (p.in === 'path') expect(p.example, `${name} {${p.name}}`).to.not.equal(undefined);
        }
      }
      const body = doc.components.schemas[`${operationOf('POST', '/v1/messages/send').operationId}_body`] as { properties: Record<string, { description?: string; examples?: unknown[] }> };
      for (const [field, schema] of Object.entries(body.properties)) {
        expect(schema.description, field).to.match(persian).and.to.match(/[A-Za-z]{3}/);
        expect(schema.examples, field).to.have.length(1);
      }
    });
  });

  it('answers the envelope as the shared response shape', () => {
    const envelope = doc.components.schemas.Envelope as { properties: Record<string, unknown>; required: string[] };
    expect(envelope.required).to.deep.equal(['isSucceed']);
    expect(envelope.properties).to.have.all.keys('isSucceed', 'data', 'message', 'validationErrors');
    expect(JSON.stringify(envelope.properties.validationErrors)).to.contain('propertyName');
  });

  it('has schemas that all compile as JSON Schema 2020-12', function () {
    // Compiling a 2 MB document's schemas takes 10-20 s on a loaded two-core runner.
    this.timeout(90_000);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat('mobile', MOBILE_PATTERN);
    ajv.addFormat('hhmm', /^(?:[01]\d|2[0-3]):[0-5]\d$/);
    ajv.addFormat('name', true);
    ajv.addSchema(doc as unknown as object, 'openapi.json');
    const pointers: string[] = [];
    const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
    for (const name of Object.keys(doc.components.schemas)) pointers.push(`/components/schemas/${escape(name)}`);
    for (const name of Object.keys(doc.components.parameters)) pointers.push(`/components/parameters/${escape(name)}/schema`);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        op.parameters.forEach((p, i) => { if ((p as { schema?: unknown }).schema) pointers.push(`/paths/${escape(path)}/${method}/parameters/${i}/schema`); });
      }
    }
    expect(pointers.length).to.be.greaterThan(200);
    // One schema naming every pointer; only a failure is looked at pointer by pointer, to name it.
    try {
      ajv.compile({ anyOf: pointers.map((pointer) => ({ $ref: `openapi.json#${pointer}` })) });
    } catch {
      for (const pointer of pointers) {
        expect(() => ajv.compile({ $ref: `openapi.json#${pointer}` }), pointer).to.not.throw();
      }
    }
    // A compiled body schema still refuses what the route refuses.
    const login = ajv.getSchema(`openapi.json#/components/schemas/${escape(`${operationOf('POST', '/Account/Login').operationId}_body`)}`);
    expect(login).to.not.equal(undefined);
    expect(login!({})).to.equal(false);
  });

  it('serves Swagger UI from local assets only', async () => {
    const bare = await fetch(`${server.url}/api/docs`, { redirect: 'manual' });
    expect(bare.status).to.equal(301);
    expect(bare.headers.get('location')).to.equal('/api/docs/');
    const page = await fetch(`${server.url}/api/docs/`);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    const html = await page.text();
    expect(html).to.contain('swagger-ui');
    const refs = [...html.matchAll(/(?:src|href)\s*=\s*["']([^"']+)["']/g)].map((m) => m[1]!).filter((r) => !r.startsWith('#'));
    expect(refs.length).to.be.greaterThan(2);
    for (const ref of refs) {
      expect(ref, ref).to.not.match(/^(?:[a-z]+:)?\/\//i);
      const asset = await fetch(new URL(ref, `${server.url}/api/docs/`));
      expect(asset.status, ref).to.equal(200);
      await asset.arrayBuffer();
    }
    const init = await (await fetch(`${server.url}/api/docs/swagger-ui-init.js`)).text();
    expect(init).to.contain('/api/docs/openapi.json');
    expect(init).to.not.match(/https?:\/\//);
    expect((await fetch(`${server.url}/api/docs/package.json`)).status).to.equal(404);
  });

  it('serves the documentation compressed and revalidated, and opens with every tag collapsed (issue 23 item 9)', async () => {
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'swagger-ui-standalone-preset.js', 'openapi.json', 'tags/messaging.json']) {
      const plain = await fetch(`${server.url}/api/docs/${asset}`, { headers: { 'accept-encoding': 'identity' } });
      const raw = (await plain.arrayBuffer()).byteLength;
      expect(plain.headers.get('content-encoding'), asset).to.equal(null);
      const zipped = await fetch(`${server.url}/api/docs/${asset}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      const unzipped = (await zipped.arrayBuffer()).byteLength;
      expect(zipped.status, asset).to.equal(200);
      expect(zipped.headers.get('content-encoding'), asset).to.equal('gzip');
      expect(zipped.headers.get('vary'), asset).to.match(/accept-encoding/i);
      expect(Number(zipped.headers.get('content-length')), asset).to.be.below(raw * 0.4);
      const etag = zipped.headers.get('etag');
      expect(etag, asset).to.be.a('string');
      expect(unzipped, asset).to.equal(raw);
      // A second visit revalidates and receives nothing but the status.
      const again = await fetch(`${server.url}/api/docs/${asset}`, { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag! } });
      expect((await again.arrayBuffer()).byteLength, asset).to.equal(0);
      expect(again.status, asset).to.equal(304);
      const cache = zipped.headers.get('cache-control') ?? '';
      // The document changes with the server; the UI's files only with the package.
      if (asset.endsWith('.json')) expect(cache, asset).to.equal('no-cache');
      else expect(Number(/max-age=(\d+)/.exec(cache)?.[1] ?? 0), asset).to.be.at.least(86_400);
    }
    const init = await (await fetch(`${server.url}/api/docs/swagger-ui-init.js`)).text();
    expect(init).to.match(/"docExpansion":\s*"none"/);
    expect(init).to.match(/"defaultModelsExpandDepth":\s*-1/);
  });

  it('opens one tag at a time: each tag\'s document holds its calls and every component they reach, no more (issue 23 item 9)', async () => {
    const whole = (await (await fetch(`${server.url}/api/docs/openapi.json`)).json()) as OpenApiDocument;
    const init = await (await fetch(`${server.url}/api/docs/swagger-ui-init.js`)).text();
    const tags = whole.tags.map((t) => t.name);
    let operations = 0;
    for (const tag of tags) {
      expect(init, tag).to.contain(`/api/docs/tags/${encodeURIComponent(tag)}.json`);
      const res = await fetch(`${server.url}/api/docs/tags/${encodeURIComponent(tag)}.json`);
      expect(res.status, tag).to.equal(200);
      const doc = (await res.json()) as OpenApiDocument;
      expect(doc.tags.map((t) => t.name), tag).to.deep.equal([tag]);
      const ops = Object.values(doc.paths).flatMap((item) => Object.values(item));
      expect(ops.length, tag).to.be.greaterThan(0);
      expect(ops.every((op) => op.tags.includes(tag)), tag).to.equal(true);
      operations += ops.length;
      // Every reference resolves inside the tag's own document.
      const refs = JSON.stringify(doc).match(/"#\/components\/[^"]+"/g) ?? [];
      for (const ref of new Set(refs)) {
        const [section, name] = ref.slice('"#/components/'.length, -1).split('/');
        expect((doc.components as Record<string, Record<string, unknown>>)[section!]?.[decodeURIComponent(name!.replace(/~1/g, '/').replace(/~0/g, '~'))], `${tag}: ${ref}`).to.not.equal(undefined);
      }
      expect(Object.keys(doc.components.schemas).length, tag).to.be.below(Object.keys(whole.components.schemas).length);
    }
    // Each call is in exactly one tag's document.
    expect(operations).to.equal(Object.values(whole.paths).flatMap((item) => Object.values(item)).length);
    expect((await fetch(`${server.url}/api/docs/tags/nothing.json`)).status).to.equal(404);
  });

  it('leaves the API\'s own 404 for unknown paths under /api/docs', async () => {
    const res = await fetch(`${server.url}/api/docs/nothing-here.js`);
    expect(res.status).to.equal(404);
    expect(((await res.json()) as { isSucceed: boolean }).isSucceed).to.equal(false);
  });
});
