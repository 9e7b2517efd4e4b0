import { expect } from 'chai';
import sinon from 'sinon';
import { connect as tcpConnect, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { bad, ok, standaloneLine, standaloneSender, waitForSend } from '../support/sending.js';
import { TestEsme, ESME_ROK } from '../support/smpp-esme.js';
import { SmppServer } from '../../server/modules/developer/smpp-server/smpp-server.js';
import { SmppAccountsRepository } from '../../server/modules/developer/smpp-server/smpp-accounts.repository.js';
import { InboxService } from '../../server/modules/inbound/index.js';

const ESME_RINVSRCADR = 0x0a;
const ESME_RINVDSTADR = 0x0b;
const ESME_RBINDFAIL = 0x0d;
const ESME_RINVPASWD = 0x0e;
const ESME_RINVSYSID = 0x0f;
const ESME_RMSGQFUL = 0x14;
const ESME_RSUBMITFAIL = 0x45;
const ESME_RTHROTTLED = 0x58;
const ESME_RINVCMDID = 0x03;
const ESME_RINVBNDSTS = 0x04;
const ESME_RINVSERTYP = 0x15;
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'plugins', 'fixtures');

/**
 * The built-in SMPP server with the `smpp` package as the client and the simulator plugin as the
 * operator: binds, submits that become billed sends, receipts back as deliver_sm (also after the
 * client was away), long messages, Persian text, throttling, inbound messages and hostile input.
 */
describe('SMPP server: carriers and integrators bind and send', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let token: string;
  let organizationId: number;
  let userId: number;
  let knex: Knex;
  let port: number;
  let lineNumber: string;
  let lineId: number;
  let agentId: number;
  const esmes: TestEsme[] = [];
  let n = 0;

  before(async () => {
    server = await startTestServer({ smppServer: { port: 0, tlsPort: 0, tlsCertFile: path.join(FIXTURES, 'smsc-sim-cert.pem'), tlsKeyFile: path.join(FIXTURES, 'smsc-sim-key.pem') } });
    api = new ApiClient(server.url);
    ({ admin, token, organizationId } = await standaloneSender(api, 'SMPP server', 10_000_000));
    knex = server.peyk.database.knex as Knex;
    userId = (await knex('users').where({ organizationId }).first('id')).id;
    port = server.peyk.container.get(SmppServer).ports.port!;
    lineNumber = '30007770';
    ({ lineId, agentId } = await standaloneLine(api, admin, lineNumber, { deliveryDelayMs: 20, deliveryRatio: 1 }, { isSendSingle: true, isSendApiSingle: true }));
  });

  after(async () => {
    for (const e of esmes) e.close();
    await server?.stop();
  });

  async function account(fields: Record<string, unknown> = {}): Promise<{ id: number; systemId: string; password: string }> {
    const systemId = `esme${++n}`;
    const created = ok(await api.post('SmppAccounts/Create', { systemId, password: 'pw123', userId, throughput: 1000, windowSize: 50, maxBinds: 4, ...fields }, { token: admin }));
    return { id: created.id, systemId, password: 'pw123' };
  }

  async function bound(a: { systemId: string; password: string }, mode: 'transceiver' | 'transmitter' | 'receiver' = 'transceiver', ack = true): Promise<TestEsme> {
    const e = await TestEsme.bound(port, a.systemId, a.password, mode, ack);
    esmes.push(e);
    return e;
  }

  const sendOf = async (messageId: string) => {
    const row = await knex('smpp_messages').whereRaw('? = any("messageIds")', [messageId]).first();
    return row ? knex('sends').where({ id: row.sendId }).first() : null;
  };

  const credit = async () => ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token: admin }));

  it('accounts: only administrators who manage lines create them; the password is never answered', async () => {
    const a = await account({ title: 'ACME' });
    const list = ok(await api.get('SmppAccounts/GetAll', { token: admin }));
    const row = list.items.find((x: any) => x.id === a.id);
    expect(row).to.include({ systemId: a.systemId, userId, organizationId, title: 'ACME', liveBinds: 0 });
    expect(row).to.not.have.property('passwordHash');
    bad(await api.post('SmppAccounts/Create', { systemId: a.systemId, password: 'pw123', userId }, { token: admin }), 400, 'systemId');
    // A plain user of the organization lacks Infrastructure.PrivateNumbers.
    ok(await api.post('Users/Create', { userName: `plain${organizationId}`, password: 'User#Pass1', changePasswordRequired: false, organizationId, isAdmin: false, firstName: 'P' }, { token: admin }));
    const plain = ok(await api.post('Account/Login', { userName: `plain${organizationId}`, password: 'User#Pass1' })).accessToken;
    bad(await api.post('SmppAccounts/Create', { systemId: 'x1', password: 'pw123', userId }, { token: plain }), 403);
    bad(await api.get('SmppAccounts/GetAll', { token: plain }), 403);
  });

  it('the account form picks from the user\'s own usable lines and tokens (the same rules the save checks)', async () => {
    // A token of the user, written the way the token service keeps it, and one of somebody else.
    const [mine] = await knex('api_tokens').insert({ userId, organizationId, title: 'carrier key', prefix: 'pk_choice', tokenHash: 'c'.repeat(64) }).returning('id');
    const choices = ok(await api.get(`SmppAccounts/UserChoices/${userId}`, { token: admin }));
    expect(choices.lines.map((l: any) => l.id)).to.include(lineId);
    expect(choices.lines.find((l: any) => l.id === lineId).number).to.equal(lineNumber);
    expect(choices.apiTokens).to.deep.include({ id: mine.id ?? mine, title: 'carrier key', prefix: 'pk_choice', status: 'Active' });
    // Every offered choice saves.
    const a = await account({ defaultLineId: lineId, apiTokenId: mine.id ?? mine });
    expect(a.id).to.be.a('number');
    // A user outside the caller's slice (or none) is not found, not an empty list.
    bad(await api.get('SmppAccounts/UserChoices/999999', { token: admin }), 404);
  });

  it('bind: wrong password, unknown system_id, an address not allowed and one bind too many are refused', async () => {
    const a = await account({ maxBinds: 2 });
    const probe = async (systemId: string, password: string) => {
      const e = await TestEsme.connect(port);
      esmes.push(e);
      return e.bind(systemId, password);
    };
    expect(await probe(a.systemId, 'wrong')).to.equal(ESME_RINVPASWD);
    expect(await probe('nobody', 'pw123')).to.equal(ESME_RINVSYSID);
    const fenced = await account({ allowedIps: ['10.9.9.9'] });
    expect(await probe(fenced.systemId, fenced.password)).to.equal(ESME_RBINDFAIL);
    await bound(a);
    await bound(a, 'receiver');
    expect(await probe(a.systemId, a.password)).to.equal(ESME_RBINDFAIL);
    expect(ok(await api.get('SmppAccounts/GetAll', { token: admin })).items.find((x: any) => x.id === a.id).liveBinds).to.equal(2);
    // Disabled: its binds end at once.
    ok(await api.post('SmppAccounts/Update', { id: a.id, status: 'Disabled' }, { token: admin }));
    expect(await probe(a.systemId, a.password)).to.equal(ESME_RBINDFAIL);
  });

  it('allowedIps are stored and compared in one spelling: an IPv4-mapped entry admits the IPv4 caller, an old row too, a non-address is refused (issue 21)', async () => {
    const probe = async (a: { systemId: string; password: string }) => {
      const e = await TestEsme.connect(port);
      esmes.push(e);
      return e.bind(a.systemId, a.password);
    };
    // The test client connects from 127.0.0.1; a dual-stack socket reports it as ::ffff:127.0.0.1.
    const mapped = await account({ allowedIps: ['::FFFF:127.0.0.1', '2001:DB8:0:0:0:0:0:1', '127.0.0.1'] });
    const row = ok(await api.get('SmppAccounts/GetAll', { token: admin })).items.find((x: any) => x.id === mapped.id);
    expect(row.allowedIps, 'normalised and deduplicated on save').to.deep.equal(['127.0.0.1', '2001:db8::1']);
    expect(await probe(mapped)).to.equal(ESME_ROK);

    const updated = await account({ allowedIps: ['10.9.9.9'] });
    expect(ok(await api.post('SmppAccounts/Update', { id: updated.id, allowedIps: ['::ffff:7f00:1'] }, { token: admin })).allowedIps).to.deep.equal(['127.0.0.1']);
    expect(await probe(updated)).to.equal(ESME_ROK);

    // A row saved before normalisation is read through the same parser when a bind is checked.
    const old = await account({ allowedIps: ['10.9.9.9'] });
    await knex('smpp_accounts').where({ id: old.id }).update({ allowedIps: JSON.stringify(['::ffff:127.0.0.1']) });
    expect(await probe(old)).to.equal(ESME_ROK);

    // Text that is no address used to be stored and matched nobody.
    const refused = bad(await api.post('SmppAccounts/Create', { systemId: `esme${++n}`, password: 'pw123', userId, allowedIps: ['999.1.1.1'] }, { token: admin, culture: 'en-US' }), 400, 'allowedIps');
    expect(refused.validationErrors![0]!.message).to.include('999.1.1.1');
    bad(await api.post('SmppAccounts/Update', { id: old.id, allowedIps: ['1::2::3'] }, { token: admin }), 400, 'allowedIps');
  });

  it('submit_sm becomes a billed single send; the receipt comes back as deliver_sm with the id and stat', async () => {
    const a = await account();
    const e = await bound(a);
    const before = await credit();
    const resp = await e.submit({ source_addr: lineNumber, destination_addr: '989121234567', short_message: 'Hello over SMPP' });
    expect(resp.command_status).to.equal(ESME_ROK);
    const id = String(resp.message_id);
    expect(id).to.match(/^[0-9a-f]{18}$/);
    const send = await sendOf(id);
    expect(send).to.include({ userId, privateNumberId: lineId, smsText: 'Hello over SMPP', sendType: 'Api', smsParts: 1, recipientCount: 1 });
    expect(String(send.sendPrice)).to.equal('100');
    // The message id is the send's client send id (the v1 API finds it by that too).
    expect(send.clientSendId).to.equal(id);
    await e.until(() => e.receipts().some((r) => r.receipted_message_id === id), 20_000, 'the receipt');
    const receipt = e.receipts().find((r) => r.receipted_message_id === id)!;
    expect(receipt.message_state).to.equal(2);
    expect(receipt.source_addr).to.equal('989121234567');
    expect(receipt.destination_addr).to.equal(lineNumber);
    expect(String(receipt.short_message.message)).to.match(new RegExp(`^id:${id} sub:001 dlvrd:001 submit date:\\d{10} done date:\\d{10} stat:DELIVRD err:000 text:Hello over SMPP`));
    const final = await waitForSend(api, token, send.id);
    expect(final.deliveredCount).to.equal(1);
    // Billed as a panel send: 100 rials for the part, settled, nothing held.
    const after = await credit();
    expect(BigInt(before.balance) - BigInt(after.balance)).to.equal(100n);
    expect(after.held).to.equal('0');
    // Acknowledged: the receipt leaves the outbox (deletions are batched, so within moments).
    for (let i = 0; Number((await knex('smpp_outbox').where({ accountId: a.id }).count({ c: '*' }))[0].c) > 0; i++) {
      if (i > 50) throw new Error('the acknowledged receipt stayed in the outbox');
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('windowed submits: 200 messages with 50 outstanding all go, each gets its receipt; past the window is ESME_RMSGQFUL', async () => {
    const a = await account({ windowSize: 50 });
    const e = await bound(a);
    const ids: string[] = [];
    let next = 0;
    const one = async (): Promise<void> => {
      while (next < 200) {
        const i = next++;
        const r = await e.submit({ source_addr: lineNumber, destination_addr: `98912300${String(i).padStart(4, '0')}`, short_message: `windowed ${i}` });
        expect(r.command_status).to.equal(ESME_ROK);
        ids.push(String(r.message_id));
      }
    };
    await Promise.all(Array.from({ length: 50 }, one));
    expect(new Set(ids).size).to.equal(200);
    await e.until(() => new Set(e.receipts().map((r) => r.receipted_message_id)).size >= 200, 60_000, '200 receipts');
    expect(e.receipts().map((r) => r.receipted_message_id).sort()).to.deep.equal([...ids].sort());
    // 80 at once into a window of 50: the surplus is told the queue is full.
    const burst = await Promise.all(Array.from({ length: 80 }, (_, i) => e.submit({ source_addr: lineNumber, destination_addr: `98912400${String(i).padStart(4, '0')}`, short_message: 'burst' })));
    expect(burst.filter((r) => r.command_status === ESME_RMSGQFUL).length).to.be.greaterThan(0);
    expect(burst.filter((r) => r.command_status === ESME_ROK).length).to.be.at.least(50);
  });

  it('over the account throughput: ESME_RTHROTTLED', async () => {
    const a = await account({ throughput: 5, windowSize: 100 });
    const e = await bound(a);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => e.submit({ source_addr: lineNumber, destination_addr: `98912500${String(i).padStart(4, '0')}`, short_message: 'fast', registered_delivery: 0 })));
    const throttled = answers.filter((r) => r.command_status === ESME_RTHROTTLED).length;
    expect(throttled).to.be.at.least(20);
    expect(answers.filter((r) => r.command_status === ESME_ROK).length).to.be.at.least(5);
  });

  it('failures answer matching command_status: invalid number, unknown line, no credit', async () => {
    const a = await account();
    const e = await bound(a);
    expect((await e.submit({ source_addr: lineNumber, destination_addr: '12', short_message: 'x' })).command_status).to.equal(ESME_RINVDSTADR);
    expect((await e.submit({ source_addr: '99999', destination_addr: '989121234567', short_message: 'x' })).command_status).to.equal(ESME_RINVSRCADR);
    // An empty source_addr takes the account's default line.
    const withDefault = await account({ defaultLineId: lineId });
    const d = await bound(withDefault);
    expect((await d.submit({ source_addr: '', destination_addr: '989121234567', short_message: 'default line' })).command_status).to.equal(ESME_ROK);
    // A customer without credit.
    const poor = await standaloneSenderIn('SMPP poor');
    const p = await account({ userId: poor.userId });
    const pe = await bound(p);
    expect((await pe.submit({ source_addr: lineNumber, destination_addr: '989121234567', short_message: 'no money' })).command_status).to.equal(ESME_RSUBMITFAIL);
  });

  it('the send hold for an unauthenticated organization (documents/CONTEXT.md) refuses submit_sm with ESME_RSUBMITFAIL, unbilled; authentication lifts it', async () => {
    const system = await knex('organizations').where({ type: 'system' }).first('id');
    const e = await bound(await account());
    const sends = async () => Number((await knex('sends').where({ organizationId }).count({ c: '*' }))[0].c);
    const before = await sends();
    // On this test's own server the platform-wide switch is safe: the system organization asks everyone below.
    ok(await api.post('Organizations/Update', { id: system.id, isRequireSubOrganizationAuthentication: true }, { token: admin }));
    try {
      // A single send reuses its chain read for up to 2 s (compose READS_TTL_MS).
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect((await e.submit({ source_addr: lineNumber, destination_addr: '989121234580', short_message: 'held' })).command_status).to.equal(ESME_RSUBMITFAIL);
      expect(await sends(), 'nothing stored, nothing held').to.equal(before);
      ok(await api.post('Organizations/Update', { id: organizationId, isAuthenticated: true }, { token: admin }));
      expect((await e.submit({ source_addr: lineNumber, destination_addr: '989121234580', short_message: 'authenticated' })).command_status).to.equal(ESME_ROK);
    } finally {
      ok(await api.post('Organizations/Update', { id: system.id, isRequireSubOrganizationAuthentication: false }, { token: admin }));
    }
  });

  async function standaloneSenderIn(name: string): Promise<{ userId: number }> {
    const org = ok(await api.post('Organizations/Create', { name, type: 'reseller' }, { token: admin }));
    const tariff = ok(await api.post('Tariffs/Create', { title: `${name} t`, ranges: [{ fromCount: 0, toCount: null, prices: { mci: 100, irancell: 100, rightel: 100, other: 100, international: 1000 } }] }, { token: admin }));
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: org.id, tariffId: tariff.id }, { token: admin }));
    const user = ok(await api.post('Users/Create', { userName: `poor${org.id}`, password: 'User#Pass1', changePasswordRequired: false, organizationId: org.id, isAdmin: true, firstName: 'P' }, { token: admin }));
    return { userId: user.id };
  }

  it('a long message in 3 UDH parts is one send of 3 parts, billed per part, with a receipt per part id', async () => {
    const a = await account();
    const e = await bound(a);
    const text = 'A'.repeat(153) + 'B'.repeat(153) + 'C'.repeat(100);
    const pieces = [text.slice(0, 153), text.slice(153, 306), text.slice(306)];
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const udh = Buffer.from([0x05, 0x00, 0x03, 0x42, 3, i + 1]);
      const r = await e.submit({ source_addr: lineNumber, destination_addr: '989127654321', esm_class: 0x40, short_message: { udh, message: pieces[i] } });
      expect(r.command_status).to.equal(ESME_ROK);
      ids.push(String(r.message_id));
      // A part answered ESME_ROK is stored before the answer: it survives a crash of this process.
      if (i < 2) expect((await knex('smpp_parts').where({ accountId: a.id }).select('messageId')).map((p) => p.messageId)).to.include(String(r.message_id));
    }
    expect(await knex('smpp_parts').where({ accountId: a.id }), 'a sent long message forgets its parts').to.deep.equal([]);
    const send = await sendOf(ids[2]!);
    expect(send).to.include({ smsText: text, smsParts: 3, recipientCount: 1 });
    expect(String(send.sendPrice)).to.equal('300');
    expect(await knex('sends').where({ userId, smsText: pieces[0] }).first()).to.equal(undefined);
    await e.until(() => ids.every((id) => e.receipts().some((r) => r.receipted_message_id === id)), 20_000, 'three receipts');
    expect((await waitForSend(api, token, send.id)).deliveredCount).to.equal(1);
  });

  it('SAR parts and message_payload are long messages too', async () => {
    const a = await account();
    const e = await bound(a);
    const text = 'x'.repeat(200);
    const r1 = await e.submit({ source_addr: lineNumber, destination_addr: '989127654322', short_message: text.slice(0, 150), sar_msg_ref_num: 7, sar_total_segments: 2, sar_segment_seqnum: 1 });
    const r2 = await e.submit({ source_addr: lineNumber, destination_addr: '989127654322', short_message: text.slice(150), sar_msg_ref_num: 7, sar_total_segments: 2, sar_segment_seqnum: 2 });
    expect([r1.command_status, r2.command_status]).to.deep.equal([0, 0]);
    expect(await sendOf(String(r2.message_id))).to.include({ smsText: text, smsParts: 2 });
    const r3 = await e.submit({ source_addr: lineNumber, destination_addr: '989127654323', message_payload: 'y'.repeat(300) });
    expect(r3.command_status).to.equal(0);
    expect(await sendOf(String(r3.message_id))).to.include({ smsText: 'y'.repeat(300), smsParts: 2 });
  });

  it('data_coding 8: Persian text arrives as it was written', async () => {
    const a = await account();
    const e = await bound(a);
    const text = 'سلام، این یک پیام آزمایشی است';
    const r = await e.submit({ source_addr: lineNumber, destination_addr: '989121234568', data_coding: 8, short_message: Buffer.from(text, 'utf16le').swap16() });
    expect(r.command_status).to.equal(ESME_ROK);
    expect(await sendOf(String(r.message_id))).to.include({ smsText: text, smsEncoding: 'ucs2', smsParts: 1 });
  });

  it('receipts wait while no receiver is bound (and while a client never acknowledged them), then arrive when it binds again', async () => {
    const a = await account();
    const tx = await bound(a, 'transmitter');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(String((await tx.submit({ source_addr: lineNumber, destination_addr: `98912600000${i}`, short_message: `away ${i}` })).message_id));
    const waiting = async () => Number((await knex('smpp_outbox').where({ accountId: a.id }).count({ c: '*' }))[0].c);
    for (let i = 0; (await waiting()) < 5; i++) {
      if (i > 200) throw new Error('receipts were not kept');
      await new Promise((r) => setTimeout(r, 100));
    }
    tx.close();
    // A receiver that takes them and dies without answering: they come again to the next bind.
    const careless = await bound(a, 'receiver', false);
    await careless.until(() => careless.receipts().length >= 5, 20_000, 'receipts to the careless client');
    careless.close();
    await careless.until(() => careless.closed);
    const rx = await bound(a, 'receiver');
    await rx.until(() => ids.every((id) => rx.receipts().some((r) => r.receipted_message_id === id)), 20_000, 'kept receipts');
    for (let i = 0; (await waiting()) > 0; i++) {
      if (i > 100) throw new Error('acknowledged receipts were not removed');
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('submit_sm is an Api send: a line open to single sends but not to API single sends refuses it, and nothing is billed (issue 30 part 3)', async () => {
    const closed = '30008891';
    await standaloneLine(api, admin, closed, { deliveryDelayMs: 20, deliveryRatio: 1 }, { isSendSingle: true });
    // A fresh account: its line map is read at the first submit, after the line exists.
    const e = await bound(await account({ defaultLineId: lineId }));
    const sends = async () => Number((await knex('sends').where({ userId }).count({ c: '*' }))[0].c);
    const before = await sends();
    const refused = await e.submit({ source_addr: closed, destination_addr: '989121234591', short_message: 'closed to API' });
    // Refused with the line's status, not sent from the account's default line instead.
    expect(refused.command_status).to.equal(ESME_RINVSRCADR);
    expect(await sends()).to.equal(before);
    expect((await e.submit({ source_addr: lineNumber, destination_addr: '989121234591', short_message: 'open to API' })).command_status).to.equal(ESME_ROK);
    expect(await sends()).to.equal(before + 1);
  });

  it('inbound messages to the account user\'s lines go out as deliver_sm', async () => {
    const own = ok(await api.post('PrivateNumbers/Create', {
      organizationId, number: '30008880', useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agentId,
      isPublic: false, isActive: true, isSendSingle: true, isSendBulk: true, isSendApiSingle: true, deliveryBase: true,
    }, { token: admin }));
    const a = await account();
    const rx = await bound(a, 'receiver');
    await server.peyk.container.get(InboxService).receive(agentId, [
      { from: '09121112233', to: '30008880', text: 'سلام از گوشی', at: new Date(), providerId: `mo-${own.id}-1` },
      { from: '09121112233', to: lineNumber, text: 'to a public line', at: new Date(), providerId: `mo-${own.id}-2` },
    ]);
    await rx.until(() => rx.delivered.some((p) => p.esm_class === 0), 20_000, 'the inbound message');
    const mo = rx.delivered.filter((p) => p.esm_class === 0);
    expect(mo).to.have.length(1);
    expect(mo[0]).to.deep.include({ source_addr: '989121112233', destination_addr: '30008880', data_coding: 8 });
    expect(mo[0]!.short_message.message).to.equal('سلام از گوشی');
  });

  it('a NUL in bind or submit strings is refused at the edge with the protocol status, before any database call (issue 21 F11)', async () => {
    // The library reads C-octet strings as 'ascii', which folds byte 0x80 to U+0000: that is how a NUL reaches us.
    const nul = (text: string) => Buffer.concat([Buffer.from(text.slice(0, 2), 'ascii'), Buffer.from([0x80]), Buffer.from(text.slice(2), 'ascii')]);
    const a = await account();
    const findForBind = sinon.spy(SmppAccountsRepository.prototype, 'findForBind');
    try {
      const probe = async (fields: Record<string, unknown>) => {
        const e = await TestEsme.connect(port);
        esmes.push(e);
        return (await e.request('bind_transceiver', { system_id: a.systemId, password: a.password, ...fields })).command_status;
      };
      expect(await probe({ system_id: nul(a.systemId) })).to.equal(ESME_RINVSYSID);
      expect(await probe({ password: nul(a.password) })).to.equal(ESME_RINVPASWD);
      expect(await probe({ system_type: nul('smpp') })).to.equal(ESME_RBINDFAIL);
      expect(findForBind.callCount, 'no account was looked up for them').to.equal(0);
    } finally {
      findForBind.restore();
    }
    const e = await bound(a);
    const sends = async () => Number((await knex('sends').where({ userId }).count({ c: '*' }))[0].c);
    const before = await sends();
    const submit = async (fields: Record<string, unknown>) =>
      (await e.submit({ source_addr: lineNumber, destination_addr: '989121234571', short_message: 'nul', ...fields })).command_status;
    expect(await submit({ source_addr: nul(lineNumber) })).to.equal(ESME_RINVSRCADR);
    expect(await submit({ destination_addr: nul('989121234571') })).to.equal(ESME_RINVDSTADR);
    expect(await submit({ service_type: nul('CMT') })).to.equal(ESME_RINVSERTYP);
    // A long message's part is stored before the send: a NUL in its text must not get that far either.
    const part = await submit({ esm_class: 0x40, data_coding: 3, short_message: { udh: Buffer.from([0x05, 0x00, 0x03, 0x43, 2, 1]), message: Buffer.from([0x41, 0x00, 0x42]) } });
    expect(part).to.equal(ESME_RSUBMITFAIL);
    expect(await knex('smpp_parts').where({ accountId: a.id })).to.deep.equal([]);
    expect(await sends()).to.equal(before);
    // The bind is still good.
    expect(await submit({})).to.equal(ESME_ROK);
  });

  it('revoking or rotating the linked API token ends its live binds at once: the next submit_sm is refused and not billed (issue 21 F7)', async () => {
    const sends = async () => Number((await knex('sends').where({ userId }).count({ c: '*' }))[0].c);
    // Spendable credit: an earlier send settling meanwhile moves its hold into the balance, not this.
    const settled = async () => {
      const c = await credit();
      return BigInt(c.balance) - BigInt(c.held);
    };
    const ended = async (e: TestEsme) => {
      const before = await sends();
      const money = await settled();
      const answer = await e.submit({ source_addr: lineNumber, destination_addr: '989121234572', short_message: 'after the end' }).then((r) => r.command_status, () => 'closed');
      expect(answer, 'refused (or the connection already gone), never accepted').to.be.oneOf([ESME_RINVBNDSTS, 'closed']);
      await e.until(() => e.closed, 10_000, 'the bind to end');
      expect(e.unbinds, 'the server asked the client to unbind').to.be.greaterThan(0);
      expect(await sends()).to.equal(before);
      expect(await settled()).to.equal(money);
    };

    const revoked = ok(await api.post('ApiTokens/Create', { title: 'smpp carrier' }, { token }));
    const a = await account({ apiTokenId: revoked.id });
    const e = await bound(a);
    expect((await e.submit({ source_addr: lineNumber, destination_addr: '989121234572', short_message: 'before' })).command_status).to.equal(ESME_ROK);
    ok(await api.post(`ApiTokens/Revoke/${revoked.id}`, {}, { token }));
    await ended(e);
    const late = await TestEsme.connect(port);
    esmes.push(late);
    expect(await late.bind(a.systemId, a.password), 'a revoked token refuses new binds').to.equal(ESME_RBINDFAIL);

    // Rotation: the credentials changed, so the live binds end too; the token is still good for a new bind.
    const rotated = ok(await api.post('ApiTokens/Create', { title: 'smpp carrier 2' }, { token }));
    const r = await account({ apiTokenId: rotated.id });
    const re = await bound(r);
    const other = await bound(await account());
    ok(await api.post(`ApiTokens/Rotate/${rotated.id}`, {}, { token }));
    await ended(re);
    const again = await bound(r);
    expect((await again.submit({ source_addr: lineNumber, destination_addr: '989121234572', short_message: 'bound again' })).command_status).to.equal(ESME_ROK);
    // An account without that token keeps its bind.
    expect((await other.request('enquire_link')).command_status).to.equal(ESME_ROK);
  });

  it('a rotation whose announcement never arrived (another process, Redis away) still ends the token\'s binds at the account re-read (issue 21 F7)', async () => {
    const key = ok(await api.post('ApiTokens/Create', { title: 'smpp lost signal' }, { token }));
    const a = await account({ apiTokenId: key.id });
    const e = await bound(a);
    const other = await bound(await account());
    // What another process's Rotate commits, without this process hearing of it.
    await knex('api_tokens').where({ id: key.id }).update({ tokenHash: 'd'.repeat(64), prefix: 'pk_lostsig1', rotatedAt: new Date() });
    // The re-read runs every 30 s; an account change runs it now.
    ok(await api.post('SmppAccounts/Update', { id: a.id, title: 'reread' }, { token: admin }));
    await e.until(() => e.closed, 10_000, 'the bind authorised before the rotation to end');
    expect((await e.submit({ source_addr: lineNumber, destination_addr: '989121234572', short_message: 'x' }).then((r) => r.command_status, () => 'closed'))).to.equal('closed');
    // The token is still active: a new bind is accepted, and a bind without the token was untouched.
    const again = await bound(a);
    expect((await again.request('enquire_link')).command_status).to.equal(ESME_ROK);
    expect((await other.request('enquire_link')).command_status).to.equal(ESME_ROK);
  });

  it('binds and submits over TLS on the TLS port', async () => {
    const a = await account();
    const e = await TestEsme.connect(server.peyk.container.get(SmppServer).ports.tlsPort!, readFileSync(path.join(FIXTURES, 'smsc-sim-cert.pem'), 'utf8'));
    esmes.push(e);
    expect(await e.bind(a.systemId, a.password)).to.equal(ESME_ROK);
    expect((await e.submit({ source_addr: lineNumber, destination_addr: '989121234570', short_message: 'over TLS' })).command_status).to.equal(ESME_ROK);
  });

  it('enquire_link and unbind are answered; unknown commands get generic_nack', async () => {
    const a = await account();
    const e = await bound(a);
    expect((await e.request('enquire_link')).command_status).to.equal(0);
    const raw = await new Promise<Buffer>((resolve) => {
      const pdu = Buffer.alloc(16);
      pdu.writeUInt32BE(16, 0);
      pdu.writeUInt32BE(0x00000077, 4);
      pdu.writeUInt32BE(0, 8);
      pdu.writeUInt32BE(4242, 12);
      const s: Socket = tcpConnect(port, '127.0.0.1', () => s.write(pdu));
      let got = Buffer.alloc(0);
      s.on('data', (d) => {
        got = Buffer.concat([got, d]);
        if (got.length >= 16) {
          s.destroy();
          resolve(got);
        }
      });
    });
    expect(raw.readUInt32BE(4)).to.equal(0x80000000);
    expect(raw.readUInt32BE(8)).to.equal(ESME_RINVCMDID);
    expect(raw.readUInt32BE(12)).to.equal(4242);
    expect((await e.request('unbind')).command_status).to.equal(0);
    await e.until(() => e.closed, 5_000, 'the close after unbind');
  });

  it('hostile input (garbage, command_length 2^31, a 200-bind storm) closes only those connections; another bind keeps working', async () => {
    const a = await account({ maxBinds: 2 });
    const good = await bound(a);
    const raw = (bytes: Buffer) => new Promise<void>((resolve) => {
      const s: Socket = tcpConnect(port, '127.0.0.1', () => s.write(bytes));
      s.on('error', () => undefined);
      s.on('close', () => resolve());
      setTimeout(() => s.destroy(), 10_000).unref();
    });
    const huge = Buffer.alloc(16);
    huge.writeUInt32BE(0x80000000, 0);
    huge.writeUInt32BE(0x00000004, 4);
    await Promise.all([raw(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n')), raw(huge), raw(Buffer.from([0, 0, 0, 5, 1]))]);
    const storm = await Promise.all(Array.from({ length: 200 }, async () => {
      try {
        const e = await TestEsme.connect(port);
        esmes.push(e);
        return await e.bind(a.systemId, a.password);
      } catch {
        return -1;
      }
    }));
    expect(storm.filter((s) => s === ESME_ROK).length).to.be.at.most(1);
    expect((await good.request('enquire_link')).command_status).to.equal(0);
    const r = await good.submit({ source_addr: lineNumber, destination_addr: '989121234569', short_message: 'still here' });
    expect(r.command_status).to.equal(ESME_ROK);
    expect((await fetch(`${server.url}/api/health`)).ok).to.equal(true);
  });

  // Last: it locks this address out of the server for the rest of the failure window.
  it('20 failed binds from one address refuse every further bind from it for a while', async () => {
    const a = await account();
    const attempt = async (password: string) => {
      const e = await TestEsme.connect(port);
      esmes.push(e);
      return e.bind(a.systemId, password);
    };
    for (let i = 0; i < 20; i++) expect(await attempt(`bad${i}`)).to.be.oneOf([ESME_RINVPASWD, ESME_RBINDFAIL]);
    expect(await attempt(a.password)).to.equal(ESME_RBINDFAIL);
  });
});
