import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DeliveryReport, Gateway, GatewayHealth, GatewayHost, InboundMessage, OutboundMessage } from '../../../server/gateways/gateway-sdk.js';
import { buildRequest, type RequestTemplate } from '../../../server/gateways/http-template.js';
import { loadGatewayPlugins, pluginsDirFor, validateOptions, type LoadedPlugins } from '../../../server/gateways/plugin-loader.js';
import { FakeHttpProvider } from '../../support/fake-http-provider.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface TestHost extends GatewayHost {
  reports: DeliveryReport[];
  inboundMessages: InboundMessage[];
  statuses: GatewayHealth[];
  failing: boolean;
}

function testHost(): TestHost {
  const host: TestHost = {
    gatewayId: 'unit',
    reports: [],
    inboundMessages: [],
    statuses: [],
    failing: false,
    logger: silent,
    now: () => new Date(),
    async deliveryReports(reports) {
      if (host.failing) throw new Error('database away');
      host.reports.push(...reports);
    },
    async inbound(messages) {
      if (host.failing) throw new Error('database away');
      host.inboundMessages.push(...messages);
    },
    statusChanged: (health) => void host.statuses.push(health),
  };
  return host;
}

let serial = 0;
function sms(to: string, text = 'hello', extra: Partial<OutboundMessage> = {}): OutboundMessage {
  serial++;
  return { id: `u-${serial}`, to, from: '30001234', text, encoding: 'gsm7', parts: 1, flash: false, ...extra };
}

describe('http and voice plugins', function () {
  let loaded: LoadedPlugins;
  const provider = new FakeHttpProvider();
  const key = FakeHttpProvider.API_KEY;
  const gateways: Gateway[] = [];

  before(async function () {
    loaded = await loadGatewayPlugins(pluginsDirFor(rootDir), silent);
    await provider.start();
  });
  after(async function () {
    await provider.stop();
  });
  afterEach(async function () {
    for (const g of gateways.splice(0)) await g.disconnect({ drain: false });
  });

  function create(name: 'http' | 'voice', options: Record<string, unknown>): Gateway {
    const plugin = loaded.plugins.get(name)!;
    const checked = validateOptions(plugin, options);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const g = plugin.plugin.create(`unit-${name}`, checked.options) as Gateway;
    gateways.push(g);
    return g;
  }

  const single = (extra: Record<string, unknown> = {}) => ({
    apiKey: key,
    request: { method: 'GET', url: `${provider.baseUrl}/single`, bodyType: 'query', body: { key: '{apiKey}', to: '{to}', text: '{text}', ref: '{id}' } },
    response: { successPath: 'ok', idPath: 'result.id', errorCodePath: 'code', errorTextPath: 'text', retryCodes: ['BUSY'], codeMap: { BAD_NUMBER: 'InvalidRecipient' } },
    ...extra,
  });

  describe('presets', function () {
    for (const name of ['http', 'voice'] as const) {
      it(`${name}: every preset is a valid option set that connects`, async function () {
        const plugin = loaded.plugins.get(name)!;
        const examples = plugin.plugin.optionsSchema.examples as Record<string, unknown>[];
        expect(examples.length).to.be.above(0);
        for (const example of examples) {
          const checked = validateOptions(plugin, { ...example, apiKey: 'KEY' });
          expect(checked.ok, `${String(example.preset)}: ${JSON.stringify(checked)}`).to.equal(true);
          if (!checked.ok) continue;
          const g = plugin.plugin.create('preset', checked.options) as Gateway;
          await g.connect(testHost());
          expect((await g.health()).state).to.equal('up');
          await g.disconnect({ drain: false });
        }
      });
    }

    it('Kavenegar sends one text to a comma-joined list of 09… numbers in the URL', function () {
      const kavenegar = (loaded.plugins.get('http')!.plugin.optionsSchema.examples as { preset: string; request: RequestTemplate }[]).find((e) => e.preset === 'kavenegar')!;
      const built = buildRequest(kavenegar.request, { apiKey: 'KEY', toList: ['09121111111', '09122222222'], from: '10004346', text: 'سلام' });
      const url = new URL(built.url);
      expect(url.origin + url.pathname).to.equal('https://api.kavenegar.com/v1/KEY/sms/send.json');
      expect(Object.fromEntries(url.searchParams)).to.deep.equal({ receptor: '09121111111,09122222222', sender: '10004346', message: 'سلام' });
    });

    it('sms.ir sends JSON with a numeric line number and an array of mobiles', function () {
      const smsIr = (loaded.plugins.get('http')!.plugin.optionsSchema.examples as { preset: string; request: RequestTemplate }[]).find((e) => e.preset === 'sms-ir')!;
      const built = buildRequest(smsIr.request, { apiKey: 'KEY', toList: ['09121111111'], from: '30007732', text: 'x' });
      expect(built.headers['x-api-key']).to.equal('KEY');
      expect(JSON.parse(built.body!)).to.deep.equal({ lineNumber: 30007732, messageText: 'x', mobiles: ['09121111111'] });
    });
  });

  describe('submit', function () {
    it('answers each message by its own outcome: refused, try again, accepted', async function () {
      const g = create('http', single());
      await g.connect(testHost());
      const results = [...(await g.submit([sms('989120000000')])), ...(await g.submit([sms('989120000001')])), ...(await g.submit([sms('989120000002')]))];
      expect(results.map((r) => [r.status, r.status === 'accepted' ? 'id' : r.code])).to.deep.equal([
        ['rejected', 'InvalidRecipient'],
        ['transient', 'BUSY'],
        ['accepted', 'id'],
      ]);
      expect(g.maxBatchSize, 'no list placeholder: one message per request').to.equal(1);
    });

    it('batches by text: one request per distinct text, ids back in the order of the messages', async function () {
      const g = create('http', {
        apiKey: key,
        request: { method: 'POST', url: `${provider.baseUrl}/form?key={apiKey}`, bodyType: 'form', body: { to: '{toList}', text: '{text}' } },
        response: { successPath: 'ok', idPath: 'result.ids' },
        batchSize: 10,
      });
      await g.connect(testHost());
      const before = provider.received.length;
      const batch = [sms('989120000012', 'a'), sms('989120000013', 'b'), sms('989120000014', 'a'), sms('989120000015', 'b'), sms('989120000016', 'a')];
      const results = await g.submit(batch);
      const requests = provider.received.slice(before);
      expect(requests).to.have.length(2);
      const byText = new Map(requests.map((r) => [new URLSearchParams(r.body).get('text'), new URLSearchParams(r.body).get('to')]));
      expect(byText.get('a')).to.equal('989120000012,989120000014,989120000016');
      expect(byText.get('b')).to.equal('989120000013,989120000015');
      expect(results.map((r) => r.id)).to.deep.equal(batch.map((m) => m.id));
      expect(results.every((r) => r.status === 'accepted')).to.equal(true);
      const ids = results.map((r) => (r.status === 'accepted' ? r.providerId : ''));
      expect(new Set(ids).size).to.equal(5);
    });

    it('answers a request that gets no answer, or no connection, as transient and degrades health', async function () {
      const silentServer: Server = createServer(() => undefined);
      await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', () => resolve()));
      const port = (silentServer.address() as AddressInfo).port;
      try {
        const host = testHost();
        const slow = create('http', { ...single(), request: { method: 'POST', url: `http://127.0.0.1:${port}/`, bodyType: 'json', body: { to: '{to}' } }, timeoutMs: 500 });
        await slow.connect(host);
        expect(await slow.submit([sms('989120000002')])).to.deep.equal([{ id: `u-${serial}`, status: 'transient', code: 'Timeout', message: 'no answer within 500 ms', inDoubt: true }]);
        expect((await slow.health()).state).to.equal('degraded');
        expect(host.statuses.map((s) => s.state)).to.deep.equal(['up', 'degraded']);
      } finally {
        silentServer.closeAllConnections();
        await new Promise<void>((resolve) => silentServer.close(() => resolve()));
      }
      const closed = create('http', { ...single(), request: { method: 'POST', url: `http://127.0.0.1:${port}/`, bodyType: 'none' } });
      await closed.connect(testHost());
      expect((await closed.submit([sms('989120000002')]))[0]).to.include({ status: 'transient', code: 'NetworkError' });
    });

    it('refuses to connect with a template that cannot build a request', async function () {
      const g = create('http', { ...single(), request: { method: 'GET', url: 'not a url {to}', bodyType: 'none' } });
      let failed = false;
      try {
        await g.connect(testHost());
      } catch {
        failed = true;
      }
      expect(failed).to.equal(true);
      expect((await g.health()).state).to.equal('down');
    });

    it('voice: refuses a message without voice, sends the audio URL or the text and the priced seconds', async function () {
      const g = create('voice', {
        apiKey: key,
        request: { method: 'POST', url: `${provider.baseUrl}/voice/call`, headers: { 'x-api-key': '{apiKey}' }, bodyType: 'json', body: { to: '{to}', audio: '{audioUrl}', tts: '{voiceText}', seconds: '{seconds}' } },
        response: { successPath: 'ok', idPath: 'call.id' },
      });
      await g.connect(testHost());
      const before = provider.received.length;
      const [plain] = await g.submit([sms('989120000002')]);
      expect(plain).to.include({ status: 'rejected', code: 'InvalidRequest' });
      expect(provider.received.length, 'nothing sent for it').to.equal(before);
      const [spoken] = await g.submit([sms('989120000002', 'ignored', { voice: { audioUrl: null, text: 'کد شما ۴۲', seconds: 30 } })]);
      expect(spoken).to.include({ status: 'accepted' });
      expect(JSON.parse(provider.received.at(-1)!.body)).to.deep.equal({ to: '989120000002', audio: null, tts: 'کد شما ۴۲', seconds: 30 });
    });

    it('voice: the panel\'s pause marker becomes the provider\'s pause, vowel marks pass through', async function () {
      const g = create('voice', {
        apiKey: key, pauseText: '<break time="1s"/>',
        request: { method: 'POST', url: `${provider.baseUrl}/voice/call`, headers: { 'x-api-key': '{apiKey}' }, bodyType: 'json', body: { to: '{to}', audio: '{audioUrl}', tts: '{voiceText}', seconds: '{seconds}' } },
        response: { successPath: 'ok', idPath: 'call.id' },
      });
      await g.connect(testHost());
      const [spoken] = await g.submit([sms('989120000002', 'ignored', { voice: { audioUrl: null, text: 'سَلام[delay]کد ۴۲[delay]', seconds: 30 } })]);
      expect(spoken).to.include({ status: 'accepted' });
      expect(JSON.parse(provider.received.at(-1)!.body).tts).to.equal('سَلام<break time="1s"/>کد ۴۲<break time="1s"/>');
    });
  });

  describe('receipts', function () {
    const webhookOptions = (extra: Record<string, unknown> = {}) =>
      single({
        reports: 'webhook',
        webhook: { idPath: 'messageid', statusPath: 'status', statusMap: { '10': 'delivered', '11': 'undelivered' } },
        inbound: { fromPath: 'from', toPath: 'to', textPath: 'message', idPath: 'messageid' },
        ...extra,
      });
    const form = (body: string) => ({ method: 'POST', query: {}, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from(body) });

    it('webhook: answers 200 only once the host took the reports, 503 when it did not', async function () {
      const host = testHost();
      const g = create('http', webhookOptions());
      await g.connect(host);
      host.failing = true;
      expect((await g.handleWebhook!(form('messageid=5&status=10'))).status).to.equal(503);
      host.failing = false;
      expect((await g.handleWebhook!(form('messageid=5&status=10'))).status).to.equal(200);
      expect(host.reports.map((r) => [r.providerId, r.state, r.providerStatus])).to.deep.equal([['5', 'delivered', '10']]);
    });

    it('webhook: a status missing from the map is taken (200) but not reported; a foreign call is a 400', async function () {
      const host = testHost();
      const g = create('http', webhookOptions());
      await g.connect(host);
      expect((await g.handleWebhook!(form('messageid=5&status=77'))).status).to.equal(200);
      expect((await g.handleWebhook!(form('hello=world'))).status).to.equal(400);
      expect(host.reports).to.deep.equal([]);
    });

    it('webhook: takes inbound messages with the same route', async function () {
      const host = testHost();
      const g = create('http', webhookOptions());
      await g.connect(host);
      const answer = await g.handleWebhook!({ method: 'GET', query: { from: '989121234567', to: '30001234', message: 'لغو', messageid: 'mo1' }, headers: {}, body: Buffer.alloc(0) });
      expect(answer.status).to.equal(200);
      expect(host.inboundMessages.map((m) => [m.from, m.to, m.text, m.providerId])).to.deep.equal([['989121234567', '30001234', 'لغو', 'mo1']]);
    });

    it('poll: one pass sends at most 50 status requests; the rest wait for the next pass', async function () {
      const host = testHost();
      const g = create('http', single({
        reports: 'poll',
        poll: {
          request: { method: 'GET', url: `${provider.baseUrl}/status?key={apiKey}`, bodyType: 'query', body: { ids: '{providerId}' } },
          response: { itemsPath: 'items', idPath: 'id', statusPath: 'state', statusMap: { DELIVERED: 'delivered', FAILED: 'undelivered' } },
        },
      }));
      await g.connect(host);
      const batch = Array.from({ length: 60 }, (_, i) => sms(`9891230${String(i).padStart(3, '0')}${2 + (i % 7)}`));
      for (const message of batch) expect((await g.submit([message]))[0]!.status).to.equal('accepted');
      const statusCalls = () => provider.received.filter((r) => r.url.startsWith('/status')).length;
      const before = statusCalls();
      await g.pollDeliveryReports!();
      expect(statusCalls() - before).to.equal(50);
      expect(host.reports).to.have.length(50);
      await g.pollDeliveryReports!();
      expect(statusCalls() - before).to.equal(60);
      expect(new Set(host.reports.map((r) => r.providerId)).size).to.equal(60);
    });

    it('poll: a pending status is reported once, the final one later, then the id is not asked again', async function () {
      const asked: string[] = [];
      let round = 0;
      const statusServer = createServer((req, res) => {
        const ids = new URL(req.url ?? '/', 'http://x').searchParams.get('ids') ?? '';
        asked.push(ids);
        round++;
        const state = round >= 3 ? 'DONE' : 'QUEUED';
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items: ids.split(',').filter(Boolean).map((id) => ({ id, state })) }));
      });
      await new Promise<void>((resolve) => statusServer.listen(0, '127.0.0.1', () => resolve()));
      try {
        const host = testHost();
        const g = create('http', single({
          reports: 'poll',
          poll: {
            request: { method: 'GET', url: `http://127.0.0.1:${(statusServer.address() as AddressInfo).port}/status`, bodyType: 'query', body: { ids: '{providerIdList}' } },
            response: { itemsPath: 'items', idPath: 'id', statusPath: 'state', statusMap: { QUEUED: 'pending', DONE: 'delivered' } },
          },
        }));
        await g.connect(host);
        expect(g.pollIntervalMs).to.equal(60_000);
        const [accepted] = await g.submit([sms('989120000002')]);
        const providerId = accepted!.status === 'accepted' ? accepted!.providerId : '';
        for (let i = 0; i < 4; i++) await g.pollDeliveryReports!();
        expect(host.reports.map((r) => [r.providerId, r.state])).to.deep.equal([[providerId, 'pending'], [providerId, 'delivered']]);
        expect(asked).to.deep.equal([providerId, providerId, providerId]);
      } finally {
        statusServer.closeAllConnections();
        await new Promise<void>((resolve) => statusServer.close(() => resolve()));
      }
    });
  });
});
