import { expect } from 'chai';
import type { Knex } from 'knex';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { createOrganization, createUser, USER_PASSWORD } from '../support/fixtures.js';
import { bad, ok, standaloneLine, standaloneSender } from '../support/sending.js';
import { TestEsme, ESME_ROK } from '../support/smpp-esme.js';
import { startSmscSim, type SmscSim } from '../../scripts/smsc-sim/smsc-sim.js';
import { SmppServer } from '../../server/modules/developer/smpp-server/smpp-server.js';
import { InboxService } from '../../server/modules/inbound/index.js';

const ESME_RINVDSTADR = 0x0b;
/** 400 GSM-7 characters: three parts on the air (153 each). */
const LONG = `Long reply: ${'the quick brown fox jumps over the lazy dog '.repeat(10)}`.slice(0, 400);
const PERSIAN = 'سلام، پیام فارسی از گوشی ۱۲۳';

/**
 * Issue 24: inbound traffic reaches the panel through every gateway plugin that reports inbound,
 * end to end and never by calling the inbox directly: the simulator's echo, the SMPP client plugin
 * bound to a fake SMSC (deliver_sm: plain, UCS-2, concatenated), the HTTP plugin's webhook inbound
 * mapping, and on to an SMPP account's bound client as deliver_sm. Through each: stored once in the
 * line owner's inbox with the sender normalized and the text's encoding and parts; a repeat stored
 * once; an opt-out word recorded and stopping a later send; an aggregator rule routing a keyword to
 * a sub-organization.
 *
 * "A repeat" differs by path. The HTTP provider posts the same message id again. The simulator and
 * the SMPP plugin hand a group over again only when the host's answer did not reach them, so the
 * test makes the host's first answer fail after it stored (the gateway never learns it was taken).
 */
describe('Inbound messages reach the inbox through every gateway path', function () {
  this.timeout(60_000);
  let server: TestServer;
  let api: ApiClient;
  let knex: Knex;
  let admin: string;
  let owner: { token: string; organizationId: number };
  let sub: { id: number; token: string };
  let sim: SmscSim;
  const esmes: TestEsme[] = [];

  const inbox = async (token = owner.token) => ok(await api.get('Inbox/GetAll?pageSize=200', { token })).items as any[];
  const optOuts = async () => ok(await api.get('OptOuts/GetAll?pageSize=100', { token: owner.token })).items as any[];
  const intl = (mobile: string) => `98${mobile.slice(1)}`;

  async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Waits for the message from `mobile` with `text` in `token`'s inbox and checks it is there exactly once. */
  async function storedOnce(mobile: string, text: string, token = owner.token): Promise<any> {
    const sender = intl(mobile);
    const found = await until(`"${text.slice(0, 20)}" from ${mobile}`, async () => {
      const hits = (await inbox(token)).filter((m) => m.senderMobile === sender && m.smsText === text);
      return hits.length > 0 ? hits : undefined;
    });
    expect(found, `stored once: ${text.slice(0, 20)}`).to.have.length(1);
    return found[0];
  }

  /**
   * The host's next answer to a gateway is lost: the messages are stored, then the call fails, as
   * when the process or the connection broke before the gateway heard back. The gateway must hand
   * the same messages over again; `calls()` says how many hand-overs the host saw.
   */
  function loseNextAnswer(): { calls: () => number } {
    const sink = server.peyk.container.get(InboxService);
    const receive = sink.receive;
    let calls = 0;
    sink.receive = async (agentId, messages) => {
      calls++;
      await receive.call(sink, agentId, messages);
      if (calls === 1) throw new Error('the answer to the gateway was lost');
      sink.receive = receive;
    };
    return { calls: () => calls };
  }

  /** An opt-out recorded for the line owner (from the line), and a later single send to the number refused. */
  async function optedOut(mobile: string, lineId: number, text: string): Promise<void> {
    const row = await until(`the opt-out of ${mobile}`, async () => (await optOuts()).find((o) => o.mobile === intl(mobile)));
    expect(row).to.include({ organizationId: owner.organizationId, privateNumberId: lineId, smsText: text });
    const refused = bad(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: lineId, smsBody: 'Our weekly offer', mobile }, { token: owner.token }), 400);
    expect(refused.data.failureCode).to.equal('RecipientNotExist');
  }

  /** A routing rule on the line: texts starting with "cafe" belong to the sub-organization. */
  async function routeCafe(lineId: number): Promise<void> {
    ok(await api.post('AggregatorRules/Create', { privateNumberId: lineId, organizationId: sub.id, regex: '^cafe\\b' }, { token: owner.token }));
  }

  async function routed(mobile: string, text: string, lineId: number): Promise<void> {
    const row = await storedOnce(mobile, text, sub.token);
    expect(row).to.include({ organizationId: sub.id, privateNumberId: lineId });
    // The line owner still sees it (the sub-organization is below it), as the sub-organization's.
    expect((await inbox()).find((m) => m.id === row.id)?.organizationId).to.equal(sub.id);
  }

  before(async () => {
    server = await startTestServer({ smppServer: { port: 0, tlsPort: null, tlsCertFile: null, tlsKeyFile: null } });
    api = new ApiClient(server.url);
    knex = server.peyk.database.knex as Knex;
    const sender = await standaloneSender(api, 'Inbound paths', 10_000_000);
    admin = sender.admin;
    owner = { token: sender.token, organizationId: sender.organizationId };
    const org = await createOrganization(api, owner.token, { name: 'Cafe customer', type: 'organization' });
    const user = await createUser(api, owner.token, { userName: `cafe${org.id}`, organizationId: org.id, isAdmin: true, firstName: 'C' });
    sub = { id: org.id, token: ok(await api.post('Account/Login', { userName: user.userName, password: USER_PASSWORD })).accessToken };
    sim = await startSmscSim({ receiptDelayMs: 5 });
  });

  after(async () => {
    for (const e of esmes) e.close();
    await server?.stop();
    await sim?.close();
  });

  describe('the simulator plugin (inboundEcho)', () => {
    let lineId: number;
    const number = '30001001';
    const echo = async (mobile: string, text: string) =>
      ok(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: lineId, smsBody: `echo ${text}`, mobile }, { token: owner.token }));

    before(async () => {
      ({ lineId } = await standaloneLine(api, admin, number, { inboundEcho: true, deliveryDelayMs: 10 }, { organizationId: owner.organizationId, isSendSingle: true }));
      await routeCafe(lineId);
    });

    it('stores a plain, a Persian and a long reply once each, in the line owner\'s inbox', async () => {
      await echo('09121000001', 'hello from the simulator');
      await echo('09121000002', PERSIAN);
      await echo('09121000003', LONG);
      expect(await storedOnce('09121000001', 'hello from the simulator')).to.include({ privateNumberId: lineId, organizationId: owner.organizationId, receiverNumber: number, encoding: 'English', smsParts: 1 });
      expect(await storedOnce('09121000002', PERSIAN)).to.include({ encoding: 'Persian', smsParts: 1 });
      expect(await storedOnce('09121000003', LONG)).to.include({ encoding: 'English', smsParts: 3 });
    });

    it('a reply handed over again after a lost answer is stored once', async () => {
      const lost = loseNextAnswer();
      await echo('09121000004', 'said once');
      await until('the second hand-over', async () => lost.calls() >= 2);
      await storedOnce('09121000004', 'said once');
    });

    it('«لغو» is an opt-out that stops a later send', async () => {
      await echo('09121000005', 'لغو');
      await optedOut('09121000005', lineId, 'لغو');
    });

    it('an aggregator rule routes "cafe …" to the sub-organization', async () => {
      await echo('09121000006', 'Cafe latte please');
      await routed('09121000006', 'Cafe latte please', lineId);
    });
  });

  describe('the SMPP client plugin (deliver_sm from the SMSC)', () => {
    let lineId: number;
    const number = '30001002';

    before(async () => {
      const agent = ok(await api.post('SenderAgents/Create', {
        title: 'SMPP inbound', pluginName: 'smpp', maxPerSecond: 100, isActive: true, isSendActive: true, isActiveAllTime: true,
        options: { host: '127.0.0.1', port: sim.port, systemId: 'peyk', password: 'secret', reconnectMinMs: 50, reconnectMaxMs: 300 },
      }, { token: admin }));
      lineId = ok(await api.post('PrivateNumbers/Create', {
        number, organizationId: owner.organizationId, useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id,
        isPublic: true, isActive: true, isSendSingle: true, isSendBulk: true, deliveryBase: true,
      }, { token: admin })).id;
      await routeCafe(lineId);
      await until('the SMPP bind', async () => sim.stats().binds >= 1);
    });

    it('stores a plain, a UCS-2 and a concatenated three-part message once each, acknowledged to the centre', async () => {
      await sim.sendMo('09122000001', number, 'hello over smpp');
      await sim.sendMo('+989122000002', number, PERSIAN);
      await sim.sendMo('9122000003', number, LONG, { parts: 3 });
      expect(await storedOnce('09122000001', 'hello over smpp')).to.include({ privateNumberId: lineId, organizationId: owner.organizationId, receiverNumber: number, encoding: 'English', smsParts: 1 });
      expect(await storedOnce('09122000002', PERSIAN)).to.include({ encoding: 'Persian', smsParts: 1 });
      expect(await storedOnce('09122000003', LONG)).to.include({ encoding: 'English', smsParts: 3 });
      await until('every part acknowledged', async () => sim.stats().moAcked === 5);
    });

    it('a message handed over again after a lost answer is stored once (and acknowledged then)', async () => {
      const acked = sim.stats().moAcked;
      const lost = loseNextAnswer();
      await sim.sendMo('09122000004', number, 'said once over smpp');
      await until('the second hand-over', async () => lost.calls() >= 2);
      await storedOnce('09122000004', 'said once over smpp');
      await until('the acknowledgement', async () => sim.stats().moAcked === acked + 1);
    });

    it('«۱۱» is an opt-out that stops a later send', async () => {
      await sim.sendMo('09122000005', number, '۱۱');
      await optedOut('09122000005', lineId, '۱۱');
    });

    it('an aggregator rule routes "cafe …" to the sub-organization', async () => {
      await sim.sendMo('09122000006', number, 'cafe mocha x2');
      await routed('09122000006', 'cafe mocha x2', lineId);
    });
  });

  describe('the HTTP plugin\'s webhook inbound mapping', () => {
    let lineId: number;
    let agentId: number;
    let secret: string;
    const number = '30001003';
    // The provider's own call: the route answers what the plugin says (plain "OK"), not the API envelope.
    const post = (items: Record<string, string>[]) => fetch(`${server.url}/api/gateways/${agentId}/webhook`, {
      method: 'POST',
      body: JSON.stringify({ status: 'ok', data: { messages: items } }),
      headers: { 'content-type': 'application/json', 'x-peyk-webhook-secret': secret },
    });
    const mo = (id: string, from: string, text: string) => ({ messageid: id, sender: from, receptor: number, message: text });

    before(async () => {
      agentId = ok(await api.post('SenderAgents/Create', {
        title: 'HTTP inbound', pluginName: 'http', maxPerSecond: 10, isActive: true, isSendActive: true, isActiveAllTime: true,
        options: {
          request: { method: 'POST', url: 'http://127.0.0.1:9/send', bodyType: 'json', body: { to: '{to}', text: '{text}' } },
          response: { idPath: 'id' },
          inbound: { itemsPath: 'data.messages', fromPath: 'sender', toPath: 'receptor', textPath: 'message', idPath: 'messageid' },
        },
      }, { token: admin })).id;
      lineId = ok(await api.post('PrivateNumbers/Create', {
        number, organizationId: owner.organizationId, useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agentId,
        isPublic: true, isActive: true, isSendSingle: true, isSendBulk: true, deliveryBase: true,
      }, { token: admin })).id;
      secret = ok(await api.post(`SenderAgents/RotateWebhookSecret/${agentId}`, {}, { token: admin })).webhookSecret;
      await routeCafe(lineId);
    });

    it('stores every message of a pushed list once each; the same ids pushed again are stored once', async () => {
      const items = [mo('h-1', '+98 912 300 0001', 'hello over http'), mo('h-2', '00989123000002', PERSIAN), mo('h-3', '۰۹۱۲۳۰۰۰۰۰۳', LONG)];
      // The agent connects right after it is saved; until then the route answers 503 (the provider retries).
      await until('the webhook taking the call', async () => (await post(items)).status === 200);
      expect(await storedOnce('09123000001', 'hello over http')).to.include({ privateNumberId: lineId, organizationId: owner.organizationId, receiverNumber: number, encoding: 'English', smsParts: 1 });
      expect(await storedOnce('09123000002', PERSIAN)).to.include({ encoding: 'Persian', smsParts: 1 });
      expect(await storedOnce('09123000003', LONG)).to.include({ encoding: 'English', smsParts: 3 });
      expect((await post(items)).status).to.equal(200);
      expect((await post([items[0]!])).status).to.equal(200);
      for (const [mobile, text] of [['09123000001', 'hello over http'], ['09123000002', PERSIAN], ['09123000003', LONG]] as const) await storedOnce(mobile, text);
    });

    it('STOP is an opt-out that stops a later send', async () => {
      expect((await post([mo('h-4', '09123000004', 'STOP')])).status).to.equal(200);
      await optedOut('09123000004', lineId, 'STOP');
    });

    it('an aggregator rule routes "cafe …" to the sub-organization', async () => {
      expect((await post([mo('h-5', '09123000005', 'CAFE americano')])).status).to.equal(200);
      await routed('09123000005', 'CAFE americano', lineId);
    });
  });

  describe('an SMPP account\'s line: inbound messages reach the bound client as deliver_sm', () => {
    let lineId: number;
    let esme: TestEsme;
    const number = '30001004';
    const echo = async (mobile: string, text: string, ucs2 = false) => {
      const fields = ucs2 ? { data_coding: 8, short_message: Buffer.from(`echo ${text}`, 'utf16le').swap16() } : { short_message: `echo ${text}` };
      return (await esme.submit({ source_addr: number, destination_addr: intl(mobile), registered_delivery: 0, ...fields })).command_status;
    };
    const mos = (mobile: string) => esme.delivered.filter((p) => p.esm_class === 0 && p.source_addr === intl(mobile) && p.destination_addr === number);

    before(async () => {
      ({ lineId } = await standaloneLine(api, admin, number, { inboundEcho: true, deliveryDelayMs: 10 }, { organizationId: owner.organizationId, isSendSingle: true, isSendApiSingle: true }));
      await routeCafe(lineId);
      const userId = (await knex('users').where({ organizationId: owner.organizationId }).first('id')).id;
      ok(await api.post('SmppAccounts/Create', { systemId: 'inbound1', password: 'pw123', userId, throughput: 100, windowSize: 10, maxBinds: 2, defaultLineId: lineId }, { token: admin }));
      esme = await TestEsme.bound(server.peyk.container.get(SmppServer).ports.port!, 'inbound1', 'pw123', 'transceiver');
      esmes.push(esme);
    });

    it('a reply to the account\'s send is stored once and delivered to the client once, Persian as UCS-2', async () => {
      expect(await echo('09124000001', 'hello over the smpp server')).to.equal(ESME_ROK);
      expect(await echo('09124000002', PERSIAN, true)).to.equal(ESME_ROK);
      expect(await storedOnce('09124000001', 'hello over the smpp server')).to.include({ privateNumberId: lineId, encoding: 'English', smsParts: 1 });
      expect(await storedOnce('09124000002', PERSIAN)).to.include({ encoding: 'Persian', smsParts: 1 });
      await esme.until(() => mos('09124000001').length > 0 && mos('09124000002').length > 0, 15_000, 'both inbound deliver_sm');
      expect(mos('09124000001').map((p) => [p.data_coding, p.short_message.message])).to.deep.equal([[0, 'hello over the smpp server']]);
      expect(mos('09124000002').map((p) => [p.data_coding, p.short_message.message])).to.deep.equal([[8, PERSIAN]]);
    });

    it('a repeat is stored and delivered once; a routed text is the sub-organization\'s, not the account\'s; «لغو» reaches the client and stops its next submit', async () => {
      const lost = loseNextAnswer();
      expect(await echo('09124000003', 'said once to the client')).to.equal(ESME_ROK);
      await until('the second hand-over', async () => lost.calls() >= 2);
      await storedOnce('09124000003', 'said once to the client');
      expect(await echo('09124000004', 'cafe for the sub-organization')).to.equal(ESME_ROK);
      await routed('09124000004', 'cafe for the sub-organization', lineId);
      expect(await echo('09124000005', 'لغو', true)).to.equal(ESME_ROK);
      const row = await until('the opt-out', async () => (await optOuts()).find((o) => o.mobile === intl('09124000005')));
      expect(row).to.include({ organizationId: owner.organizationId, privateNumberId: lineId });
      // Delivered in inbox order: once «لغو» is at the client, the two before it had their chance.
      await esme.until(() => mos('09124000005').length > 0, 15_000, 'the opt-out deliver_sm');
      expect(mos('09124000003')).to.have.length(1);
      expect(mos('09124000004')).to.have.length(0);
      // Seconds on, the feed has read the first case's rows again (they were young): still once each.
      expect(mos('09124000001')).to.have.length(1);
      expect(mos('09124000002')).to.have.length(1);
      expect((await esme.submit({ source_addr: number, destination_addr: intl('09124000005'), short_message: 'Our weekly offer' })).command_status).to.equal(ESME_RINVDSTADR);
    });
  });
});
