import { expect } from 'chai';
import path from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Gateway, GatewayHealth, GatewayHost, OutboundMessage } from '../../../server/gateways/gateway-sdk.js';
import { loadGatewayPlugins, pluginsDirFor, validateOptions, type LoadedPlugin } from '../../../server/gateways/plugin-loader.js';
import { startTestSmtpServer } from '../../../plugins/email/contract.fixture.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function testHost(): GatewayHost & { statuses: GatewayHealth[] } {
  const statuses: GatewayHealth[] = [];
  return {
    gatewayId: 'email', statuses,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    now: () => new Date(),
    deliveryReports: async () => undefined,
    inbound: async () => undefined,
    statusChanged: (h) => void statuses.push(h),
  };
}

const message = (id: string, to: string): OutboundMessage => ({ id, to, from: '30001234', text: `text of ${id}`, encoding: 'gsm7', parts: 1, flash: false });

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('email gateway plugin', function () {
  this.timeout(20_000);
  let loaded: LoadedPlugin;
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let gateway: Gateway | null = null;

  before(async () => {
    const plugins = await loadGatewayPlugins(pluginsDirFor(rootDir), { info: () => undefined, warn: () => undefined, error: () => undefined });
    loaded = plugins.plugins.get('email')!;
    expect(loaded, 'email plugin loaded').to.not.equal(undefined);
    smtp = await startTestSmtpServer();
  });
  after(async () => smtp.close());
  afterEach(async () => {
    await gateway?.disconnect({ drain: false });
    gateway = null;
  });

  function create(options: Record<string, unknown>): Gateway {
    const checked = validateOptions(loaded, { host: '127.0.0.1', port: smtp.port, from: 'sms@peyk.test', toTemplate: '{to}@sms.peyk.test', timeoutMs: 2000, ...options });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    return loaded.plugin.create('email-test', checked.options) as Gateway;
  }

  it('marks the password as a secret and requires host and from', () => {
    const schema = loaded.plugin.optionsSchema as { properties: Record<string, { writeOnly?: boolean }>; required: string[] };
    expect(schema.properties.password!.writeOnly).to.equal(true);
    const missing = validateOptions(loaded, {});
    expect(missing.ok).to.equal(false);
    if (!missing.ok) expect(missing.errors.map((e) => e.propertyName)).to.include.members(['options.host', 'options.from']);
  });

  it('addresses numbers through the template, keeps addresses, and maps refusals: 550 → InvalidRecipient, 4xx → transient', async () => {
    const host = testHost();
    gateway = create({ subjectTemplate: 'SMS from {from}' });
    await gateway.connect(host);
    expect((await gateway.health()).state).to.equal('up');
    const results = await gateway.submit([
      message('a', '989121111111'), message('b', '989121111113'), message('c', '989121111114'), message('d', 'someone@elsewhere.test'), message('e', ''),
    ]);
    expect(results.map((r) => r.id)).to.deep.equal(['a', 'b', 'c', 'd', 'e']);
    expect(results[0]).to.include({ status: 'accepted' });
    expect(results[1]).to.include({ status: 'rejected', code: 'InvalidRecipient' });
    expect(results[2]).to.include({ status: 'transient', code: '451' });
    expect(results[3]).to.include({ status: 'accepted' });
    expect(results[4]).to.include({ status: 'rejected', code: 'InvalidRecipient' });
    const providerId = (results[0] as { providerId: string }).providerId;
    const mail = smtp.received.find((m) => m.to.includes('989121111111@sms.peyk.test'));
    expect(mail, 'the first email reached the server').to.not.equal(undefined);
    expect(mail!.body).to.contain('Subject: SMS from 30001234').and.to.contain('text of a').and.to.contain(providerId);
    expect(smtp.received.some((m) => m.to.includes('someone@elsewhere.test'))).to.equal(true);
    // One recipient's "try later" is not the server's trouble: the gateway stays up.
    expect(host.statuses.map((s) => s.state)).to.deep.equal(['up']);
  });

  it('connects to a closed port without throwing and says down with the reason', async () => {
    const host = testHost();
    gateway = create({ port: await closedPort() });
    await gateway.connect(host);
    const health = await gateway.health();
    expect(health.state).to.equal('down');
    expect(health.detail).to.match(/ECONNREFUSED/);
    const [result] = await gateway.submit([message('x', '989121111111')]);
    expect(result).to.include({ status: 'transient' });
  });
});
