import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  GATEWAY_API_VERSION,
  isBtsPlugin,
  type DeliveryReport,
  type Gateway,
  type GatewayContractFixture,
  type GatewayHealth,
  type GatewayHost,
  type InboundMessage,
  type GatewayPlugin,
  type OutboundMessage,
  type StatusAnswer,
  type SubmitResult,
  type WebhookRequest,
} from '../../server/gateways/gateway-sdk.js';
import { validateOptions, type LoadedPlugin } from '../../server/gateways/plugin-loader.js';
import { describeBtsBehaviour } from './bts-plugin.contract.js';

const WEBHOOK_SECRET = 'contract-webhook-secret';

/** The host's webhook route in miniature: checks the secret, reads the raw body, asks the gateway. */
async function webhookStandIn(gateway: () => Gateway | null, calls: { status: number }[]): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const secret = req.headers['x-peyk-webhook-secret'] ?? url.searchParams.get('secret');
        const g = gateway();
        if (secret !== WEBHOOK_SECRET || !g?.handleWebhook) {
          res.writeHead(secret !== WEBHOOK_SECRET ? 401 : 404).end();
          return;
        }
        url.searchParams.delete('secret');
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (k !== 'x-peyk-webhook-secret' && v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
        try {
          const answer = await g.handleWebhook({ method: req.method ?? 'POST', query: Object.fromEntries(url.searchParams), headers, body: Buffer.concat(chunks) });
          calls.push({ status: answer.status });
          res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'text/plain; charset=utf-8' }).end(answer.body);
        } catch (err) {
          calls.push({ status: 599 });
          res.writeHead(500).end(String(err));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook` };
}

/** How to run the contract against one plugin: `plugins/<name>/contract.fixture.ts` (see gateway-sdk.ts). */
export type { GatewayContractFixture };

const FINAL_STATES = new Set(['delivered', 'undelivered', 'expired', 'rejected']);
const ALL_STATES = new Set(['pending', ...FINAL_STATES]);
const HEALTH_STATES = new Set(['up', 'degraded', 'down']);
const KINDS = new Set(['sms', 'voice', 'email', 'bts']);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, condition: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

interface RecordingHost extends GatewayHost {
  reports: DeliveryReport[];
  inboundMessages: InboundMessage[];
  statuses: GatewayHealth[];
  errors: unknown[];
}

function recordingHost(gatewayId: string): RecordingHost {
  const host: RecordingHost = {
    gatewayId,
    reports: [],
    inboundMessages: [],
    statuses: [],
    errors: [],
    logger: {
      info: () => undefined,
      warn: () => undefined,
      error: (obj) => void host.errors.push(obj),
    },
    now: () => new Date(),
    async deliveryReports(reports) {
      host.reports.push(...reports);
    },
    async inbound(messages) {
      host.inboundMessages.push(...messages);
    },
    statusChanged: (health) => void host.statuses.push(health),
  };
  return host;
}

let serial = 0;

/** A plain SMS, or for kind voice one that plays an audio file (the `voice` field such gateways need). */
function message(overrides: Partial<OutboundMessage> = {}, kind: string = 'sms'): OutboundMessage {
  serial++;
  return {
    ...(kind === 'voice' ? { voice: { audioUrl: 'https://example.invalid/contract.mp3', text: null, seconds: 30 } } : {}),
    id: `contract-${process.pid}-${serial}`,
    to: `98912${String(1_000_000 + (serial % 9_000_000)).padStart(7, '0')}`,
    from: '30001234',
    text: `contract message ${serial}`,
    encoding: 'gsm7',
    parts: 1,
    flash: false,
    ...overrides,
  };
}

function batchOf(n: number, kind?: string): OutboundMessage[] {
  return Array.from({ length: n }, () => message({}, kind));
}

/** The real host polls every gateway that has `pollDeliveryReports` on a timer; waiting tests do the same. */
function pollLikeTheHost(g: Gateway): void {
  if (g.pollDeliveryReports) void g.pollDeliveryReports().catch(() => undefined);
}

/** A value of another JSON type than the one `type` names. */
function wrongValueFor(type: unknown): unknown {
  switch (Array.isArray(type) ? type[0] : type) {
    case 'number': case 'integer': return 'not a number';
    case 'string': return 12345;
    case 'boolean': return 'yes';
    case 'array': return 'not an array';
    case 'object': return 'not an object';
    default: return undefined;
  }
}

function checkResults(batch: OutboundMessage[], results: SubmitResult[]): void {
  expect(results, 'one result per message').to.have.length(batch.length);
  results.forEach((result, i) => {
    expect(result.id, `result ${i} answers message ${i}`).to.equal(batch[i]!.id);
    expect(['accepted', 'rejected', 'transient']).to.include(result.status);
    if (result.status === 'accepted') expect(result.providerId, `providerId of ${result.id}`).to.be.a('string').and.not.equal('');
    else expect(result.code, `code of ${result.id}`).to.be.a('string').and.not.equal('');
  });
}

function providerIdsOf(results: SubmitResult[]): string[] {
  return results.flatMap((r) => (r.status === 'accepted' ? [r.providerId] : []));
}

function finalReported(host: RecordingHost): Set<string> {
  return new Set(host.reports.filter((r) => FINAL_STATES.has(r.state)).map((r) => r.providerId));
}

/** A message gateway plugin's `create` (the behaviour tests below are not declared for kind `bts`). */
function createGateway(loaded: LoadedPlugin, id: string, options: Record<string, unknown>): Gateway {
  if (isBtsPlugin(loaded.plugin)) throw new Error(`${loaded.name} is of kind bts, not a message gateway`);
  return loaded.plugin.create(id, options);
}

/**
 * The behaviour every gateway plugin promises (see gateway-sdk.ts). `getLoaded` is called inside
 * the tests, so the suite can be declared before the plugins are loaded; `declaredKind` is the
 * package.json's `peyk.kind`, read up front to declare the behaviour suite of that kind.
 */
export function describeGatewayPluginContract(name: string, getLoaded: () => LoadedPlugin, fixture: GatewayContractFixture | null, declaredKind?: string): void {
  describe(name, function () {
    const reportTimeoutMs = fixture?.reportTimeoutMs ?? 5_000;
    const kind = () => getLoaded().plugin.manifest.kind;

    describe('manifest and options', function () {
      it('has a valid manifest named like its folder', function () {
        const { name: folder, plugin } = getLoaded();
        const m = plugin.manifest;
        expect(m.name).to.equal(folder);
        expect(m.name).to.match(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(m.apiVersion).to.equal(GATEWAY_API_VERSION);
        expect(KINDS.has(m.kind), `kind ${m.kind}`).to.equal(true);
        expect(m.version).to.match(/^\d+\.\d+\.\d+/);
        expect(m.title.fa).to.be.a('string').and.not.equal('');
        expect(m.title.en).to.be.a('string').and.not.equal('');
        expect(plugin.create).to.be.a('function');
      });

      it('gives every top-level option an English title and a Persian x-title-fa', function () {
        const properties = (getLoaded().plugin.optionsSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
        const missing = Object.entries(properties)
          .filter(([, p]) => typeof p.title !== 'string' || p.title === '' || typeof p['x-title-fa'] !== 'string' || p['x-title-fa'] === '')
          .map(([key]) => key);
        expect(missing, 'options without title or x-title-fa').to.deep.equal([]);
      });

      it('rejects options of the wrong type, naming the property', function () {
        const loaded = getLoaded();
        const whole = validateOptions(loaded, 'not an object');
        expect(whole.ok).to.equal(false);
        const properties = (loaded.plugin.optionsSchema.properties ?? {}) as Record<string, { type?: unknown }>;
        const typed = Object.entries(properties).find(([, p]) => wrongValueFor(p.type) !== undefined);
        if (!typed) return;
        const [property, spec] = typed;
        const result = validateOptions(loaded, { ...(fixture?.options ?? {}), [property]: wrongValueFor(spec.type) });
        expect(result.ok).to.equal(false);
        if (!result.ok) expect(result.errors.map((e) => e.propertyName)).to.include(`options.${property}`);
      });

      it('accepts the fixture options and applies defaults without touching the input', function () {
        if (!fixture) this.skip();
        const input = structuredClone(fixture!.options);
        const result = validateOptions(getLoaded(), input);
        expect(result.ok, JSON.stringify(result)).to.equal(true);
        expect(input).to.deep.equal(fixture!.options);
      });
    });

    if (declaredKind === 'bts') {
      describeBtsBehaviour(getLoaded, fixture);
      return;
    }

    describe('gateway behaviour', function () {
      let gateway: Gateway | null = null;
      let host: RecordingHost;

      before(async function () {
        // Plugins that need a provider to talk to and have no fixture yet stay pending, visibly.
        if (!fixture) this.skip();
        this.timeout(30_000);
        await fixture!.setup?.();
      });
      after(async function () {
        this.timeout(30_000);
        await fixture?.teardown?.();
      });

      function create(): Gateway {
        const loaded = getLoaded();
        const checked = validateOptions(loaded, fixture!.options);
        if (!checked.ok) throw new Error(`fixture options invalid: ${JSON.stringify(checked.errors)}`);
        return createGateway(loaded, `contract-${loaded.name}`, checked.options);
      }

      async function connected(): Promise<Gateway> {
        host = recordingHost(`contract-${getLoaded().name}`);
        gateway = create();
        await gateway.connect(host);
        return gateway;
      }

      afterEach(async function () {
        if (gateway) await gateway.disconnect({ drain: false });
        gateway = null;
      });

      it('declares batch size, rate and idempotency', function () {
        const g = create();
        expect(Number.isInteger(g.maxBatchSize) && g.maxBatchSize > 0, 'maxBatchSize').to.equal(true);
        expect(g.maxPerSecond).to.be.a('number').and.above(0);
        expect(g.idempotentSubmit).to.be.a('boolean');
      });

      it('is not up before connect, up after, not up after disconnect', async function () {
        const g = create();
        const before = await g.health();
        expect(HEALTH_STATES.has(before.state)).to.equal(true);
        expect(before.state).to.not.equal('up');
        const h = recordingHost('health');
        await g.connect(h);
        gateway = g;
        expect((await g.health()).state).to.equal('up');
        await g.disconnect({ drain: true });
        expect((await g.health()).state).to.not.equal('up');
      });

      it('answers an empty batch with no results', async function () {
        const g = await connected();
        expect(await g.submit([])).to.deep.equal([]);
      });

      it('answers a full batch one result per message, in order, with unique provider ids', async function () {
        const g = await connected();
        const batch = batchOf(g.maxBatchSize, kind());
        const results = await g.submit(batch);
        checkResults(batch, results);
        const ids = providerIdsOf(results);
        expect(new Set(ids).size, 'provider ids are unique').to.equal(ids.length);
      });

      it('sends delivery reports for accepted messages, correlated by provider id', async function () {
        if (fixture?.deliveryReports === false) this.skip();
        const g = await connected();
        // Fifty messages in the gateway's own batch size: a one-message batch alone may be refused
        // by the fixture's rules, and which one it is depends on the order the suites ran in.
        const results: SubmitResult[] = [];
        for (let left = 50; left > 0; left -= g.maxBatchSize) {
          const batch = batchOf(Math.min(left, g.maxBatchSize), kind());
          const answered = await g.submit(batch);
          checkResults(batch, answered);
          results.push(...answered);
        }
        const expected = new Set(providerIdsOf(results));
        expect(expected.size, 'the fixture must let some messages through').to.be.above(0);
        await waitFor('a final report for every accepted message', () => {
          pollLikeTheHost(g);
          return [...expected].every((id) => finalReported(host).has(id));
        }, reportTimeoutMs);
        for (const report of host.reports) {
          expect(expected.has(report.providerId), `report for unknown provider id ${report.providerId}`).to.equal(true);
          expect(ALL_STATES.has(report.state), `state ${report.state}`).to.equal(true);
          expect(report.providerStatus).to.be.a('string');
          expect(report.at).to.be.instanceOf(Date);
        }
      });

      it('never throws for a per-message problem', async function () {
        const g = await connected();
        const batch = [message({ text: 'x'.repeat(2_000), parts: 14 }, kind()), message({ to: '' }, kind()), message({}, kind())];
        let results: SubmitResult[] = [];
        try {
          results = await g.submit(batch);
        } catch (err) {
          expect.fail(`submit threw: ${err instanceof Error ? err.message : String(err)}`);
        }
        checkResults(batch, results);
      });

      it('on disconnect with drain, hands over every pending report and nothing after', async function () {
        if (fixture?.deliveryReports === false) this.skip();
        const g = await connected();
        const batch = batchOf(Math.min(100, g.maxBatchSize), kind());
        const results = await g.submit(batch);
        checkResults(batch, results);
        const expected = providerIdsOf(results);
        await g.disconnect({ drain: true });
        gateway = null;
        const reported = finalReported(host);
        expect(expected.filter((id) => !reported.has(id)), 'accepted messages without a report after drain').to.deep.equal([]);
        const count = host.reports.length;
        await sleep(Math.min(reportTimeoutMs, 500));
        expect(host.reports.length, 'reports after disconnect').to.equal(count);
      });

      it('answers a resubmitted id with the same provider id and no second report, when idempotent', async function () {
        const g = await connected();
        if (!g.idempotentSubmit) this.skip();
        const batch = batchOf(Math.min(20, g.maxBatchSize), kind());
        const first = await g.submit(batch);
        const again = await g.submit(batch);
        checkResults(batch, again);
        first.forEach((r, i) => {
          if (r.status === 'accepted') expect(again[i], `resubmission of ${r.id}`).to.deep.include({ status: 'accepted', providerId: r.providerId });
        });
        if (fixture?.deliveryReports === false) return;
        const expected = providerIdsOf(first);
        await waitFor('the reports of the first submit', () => {
          pollLikeTheHost(g);
          return expected.every((id) => finalReported(host).has(id));
        }, reportTimeoutMs);
        await g.disconnect({ drain: true });
        gateway = null;
        const perId = new Map<string, number>();
        for (const r of host.reports) if (FINAL_STATES.has(r.state)) perId.set(r.providerId, (perId.get(r.providerId) ?? 0) + 1);
        expect([...perId.entries()].filter(([, n]) => n > 1), 'provider ids reported twice').to.deep.equal([]);
      });

      it('says whether it answers queryStatus, and does exactly when it says so', function () {
        const loaded = getLoaded();
        if (isBtsPlugin(loaded.plugin)) this.skip();
        const plugin = loaded.plugin as GatewayPlugin;
        const checked = validateOptions(loaded, fixture!.options);
        if (!checked.ok) throw new Error(`fixture options invalid: ${JSON.stringify(checked.errors)}`);
        const says = typeof plugin.queriesStatus === 'function' && plugin.queriesStatus(checked.options);
        expect(typeof create().queryStatus === 'function', 'queryStatus present').to.equal(says);
      });

      it('answers queryStatus one answer per message in order: a final state once known, unknown for an id never given', async function () {
        if (!fixture?.queryOptions) this.skip();
        const loaded = getLoaded();
        const plugin = loaded.plugin as GatewayPlugin;
        const checked = validateOptions(loaded, fixture!.queryOptions!);
        if (!checked.ok) throw new Error(`query options invalid: ${JSON.stringify(checked.errors)}`);
        expect(plugin.queriesStatus?.(checked.options), 'queriesStatus under queryOptions').to.equal(true);
        host = recordingHost(`contract-${loaded.name}-query`);
        gateway = createGateway(loaded, `contract-${loaded.name}-query`, checked.options);
        expect(gateway.queryStatus, 'queryOptions given but no queryStatus').to.be.a('function');
        await gateway.connect(host);
        // Ten, so the serial-derived numbers of the tests after this one keep their last digits (the fake providers decide by it).
        const batch = batchOf(10, kind());
        const results: SubmitResult[] = [];
        for (let i = 0; i < batch.length; i += gateway.maxBatchSize) {
          const part = batch.slice(i, i + gateway.maxBatchSize);
          const answered = await gateway.submit(part);
          checkResults(part, answered);
          results.push(...answered);
        }
        const queries = results.flatMap((r, i) => (r.status === 'accepted' ? [{ providerId: r.providerId, from: batch[i]!.from, to: batch[i]!.to }] : []));
        expect(queries.length).to.be.above(0);
        const never = { providerId: 'never-given-0000', from: batch[0]!.from, to: batch[0]!.to };
        let answers: StatusAnswer[] = [];
        const until = Date.now() + reportTimeoutMs;
        for (;;) {
          answers = await gateway.queryStatus!([...queries, never]);
          if (answers.slice(0, -1).every((a) => FINAL_STATES.has(a.state)) || Date.now() > until) break;
          await sleep(100);
        }
        expect(answers.slice(0, -1).map((a) => a.state).filter((st) => !FINAL_STATES.has(st)), 'answers not final in time').to.deep.equal([]);
        expect(answers.map((a) => a.providerId)).to.deep.equal([...queries, never].map((q) => q.providerId));
        expect(answers[answers.length - 1]!.state).to.equal('unknown');
        expect(host.reports, 'reports pushed under queryOptions').to.deep.equal([]);
      });

      it('declares its optional methods as functions, and a poll interval as a positive number', function () {
        const g = create();
        if (g.handleWebhook !== undefined) expect(g.handleWebhook).to.be.a('function');
        if (g.pollDeliveryReports !== undefined) expect(g.pollDeliveryReports).to.be.a('function');
        if (g.pollIntervalMs !== undefined) expect(g.pollIntervalMs).to.be.a('number').and.above(0);
      });

      it('answers a webhook call that is not its provider\'s with a 4xx, never a throw, and reports nothing', async function () {
        const g = await connected();
        if (!g.handleWebhook) this.skip();
        const requests: WebhookRequest[] = [
          { method: 'POST', query: {}, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"not":"a receipt"') },
          { method: 'POST', query: {}, headers: { 'content-type': 'application/xml' }, body: Buffer.from('<x/>') },
          { method: 'POST', query: {}, headers: {}, body: Buffer.alloc(0) },
        ];
        for (const request of requests) {
          const answer = await g.handleWebhook!(request);
          expect(answer.status, `status for ${request.headers['content-type'] ?? 'an empty body'}`).to.be.within(400, 499);
          expect(answer.body).to.be.a('string');
        }
        expect(host.reports).to.deep.equal([]);
      });

      it('delivers reports through its webhook, acknowledged once the host took them', async function () {
        if (fixture?.deliveryReports === false || !fixture?.webhookOptions) this.skip();
        const calls: { status: number }[] = [];
        const standIn = await webhookStandIn(() => gateway, calls);
        try {
          const loaded = getLoaded();
          const checked = validateOptions(loaded, fixture!.webhookOptions!(standIn.url, WEBHOOK_SECRET));
          if (!checked.ok) throw new Error(`webhook options invalid: ${JSON.stringify(checked.errors)}`);
          host = recordingHost(`contract-${loaded.name}-webhook`);
          gateway = createGateway(loaded, `contract-${loaded.name}-webhook`, checked.options);
          expect(gateway.handleWebhook, 'webhookOptions given but no handleWebhook').to.be.a('function');
          await gateway.connect(host);
          const batch = batchOf(Math.min(50, gateway.maxBatchSize), kind());
          const results = await gateway.submit(batch);
          checkResults(batch, results);
          const expected = new Set(providerIdsOf(results));
          expect(expected.size).to.be.above(0);
          await waitFor('a final report for every accepted message, by webhook', () => [...expected].every((id) => finalReported(host).has(id)), reportTimeoutMs);
          expect(calls.length, 'webhook calls').to.be.above(0);
          expect(calls.every((c) => c.status >= 200 && c.status < 300), JSON.stringify(calls)).to.equal(true);
          for (const r of host.reports) expect(expected.has(r.providerId), `report for unknown provider id ${r.providerId}`).to.equal(true);
        } finally {
          await gateway?.disconnect({ drain: false });
          gateway = null;
          await new Promise<void>((resolve) => standIn.server.close(() => resolve()));
        }
      });

      it('delivers reports only when polled, and concurrent polls hand each report once', async function () {
        if (fixture?.deliveryReports === false || !fixture?.pollOptions) this.skip();
        const loaded = getLoaded();
        const checked = validateOptions(loaded, fixture!.pollOptions!);
        if (!checked.ok) throw new Error(`poll options invalid: ${JSON.stringify(checked.errors)}`);
        host = recordingHost(`contract-${loaded.name}-poll`);
        gateway = createGateway(loaded, `contract-${loaded.name}-poll`, checked.options);
        expect(gateway.pollDeliveryReports, 'pollOptions given but no pollDeliveryReports').to.be.a('function');
        await gateway.connect(host);
        const batch = batchOf(Math.min(50, gateway.maxBatchSize), kind());
        const results = await gateway.submit(batch);
        checkResults(batch, results);
        const expected = new Set(providerIdsOf(results));
        expect(expected.size).to.be.above(0);
        await sleep(Math.min(reportTimeoutMs, 300));
        expect(host.reports, 'reports before any poll').to.deep.equal([]);
        const g = gateway;
        await waitFor('a final report for every accepted message, by polling', () => {
          void Promise.all([g.pollDeliveryReports!(), g.pollDeliveryReports!()]);
          return [...expected].every((id) => finalReported(host).has(id));
        }, reportTimeoutMs);
        await Promise.all([g.pollDeliveryReports!(), g.pollDeliveryReports!()]);
        const perId = new Map<string, number>();
        for (const r of host.reports) if (FINAL_STATES.has(r.state)) perId.set(r.providerId, (perId.get(r.providerId) ?? 0) + 1);
        expect([...perId.entries()].filter(([, n]) => n > 1), 'provider ids reported twice').to.deep.equal([]);
      });
    });
  });
}
