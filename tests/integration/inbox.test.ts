import 'reflect-metadata';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { TYPES } from '../../server/platform/tokens.js';
import type { Realtime } from '../../server/platform/realtime.js';
import { InboxService } from '../../server/modules/inbound/index.js';

describe('inbox: storing inbound messages from a gateway', function () {
  this.timeout(120_000);
  let server: TestServer;
  let inbox: InboxService;
  let knex: Knex;
  let agentId: number;
  let line: { id: number; number: string; organizationId: number };
  let pushes: { organizationId: number; event: string; payload: any }[] = [];

  before(async () => {
    server = await startTestServer();
    inbox = server.peyk.container.get(InboxService);
    knex = server.peyk.database.knex;
    // The first start seeds the Simulator agent and a public system line on it.
    line = await knex('private_numbers').whereNull('deletedAt').orderBy('id').first('id', 'number', 'organizationId');
    agentId = (await knex('private_numbers').where({ id: line.id }).first('smsSenderAgentId')).smsSenderAgentId;
    const realtime = server.peyk.container.get<Realtime>(TYPES.Realtime);
    // Only the inbox's pushes: a sender agent's health push (every few seconds while it changes) is not this suite's.
    realtime.emitToReaders = (audience, event, payload) => { if (event === 'inbox-message') pushes.push({ organizationId: audience.organizationId, event, payload }); };
  });

  after(async () => {
    if (server) await server.stop();
  });

  beforeEach(() => { pushes = []; });

  const rowsOf = (providerId: string) => knex('inbox_messages').where({ senderAgentId: agentId, providerId }).select('*');

  it('stores a message handed over twice (a gateway restarting) once, and pushes it once', async () => {
    const message = { from: '09121112233', to: line.number, text: 'Hi there', at: new Date('2026-11-22T10:00:00Z'), providerId: 'mo-1' };
    await inbox.receive(agentId, [message]);
    await inbox.receive(agentId, [message, { ...message }]);
    const rows = await rowsOf('mo-1');
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({
      privateNumberId: line.id, organizationId: line.organizationId, receiverNumber: line.number, senderMobile: '989121112233',
      smsText: 'Hi there', encoding: 'gsm7', smsParts: 1, isRead: false,
    });
    expect(new Date(rows[0].dateTimeReceive).toISOString()).to.equal('2026-11-22T10:00:00.000Z');
    expect(pushes).to.have.length(1);
    expect(pushes[0]).to.deep.include({ organizationId: line.organizationId, event: 'inbox-message' });
    expect(pushes[0].payload).to.include({ smsText: 'Hi there', senderMobile: '989121112233', inboxGroupName: null });
  });

  it('a message without a provider id is stored once as well (its id is derived from its content)', async () => {
    const message = { from: '+989121112244', to: line.number, text: 'no id', at: new Date('2026-11-22T10:01:00Z') };
    await inbox.receive(agentId, [message]);
    await inbox.receive(agentId, [message]);
    const rows = await knex('inbox_messages').where({ senderAgentId: agentId, smsText: 'no id' }).select('*');
    expect(rows).to.have.length(1);
    expect(rows[0].senderMobile).to.equal('989121112244');
    expect(rows[0].providerId).to.match(/^sha1:/);
  });

  it('a message for an unknown line is stored without organization, never throws, and is pushed nowhere', async () => {
    await inbox.receive(agentId, [{ from: 'Bank', to: '5550001', text: 'سلام دنیا', at: new Date(), providerId: 'mo-unknown' }]);
    const [row] = await rowsOf('mo-unknown');
    expect(row).to.include({ privateNumberId: null, organizationId: null, receiverNumber: '5550001', senderMobile: 'Bank', encoding: 'ucs2', smsParts: 1 });
    expect(pushes).to.deep.equal([]);
    // An agent with no lines at all, and nothing at all, are no errors either.
    await inbox.receive(2147483000, []);
  });

  it('finds the line when the gateway writes its number with the country code; counts parts', async () => {
    const long = 'x'.repeat(161);
    await inbox.receive(agentId, [
      { from: '989121112255', to: `98${line.number}`, text: long, at: new Date(), providerId: 'mo-prefixed' },
      { from: '989121112255', to: line.number, text: 'ی'.repeat(71), at: new Date(), providerId: 'mo-ucs2' },
    ]);
    const [prefixed] = await rowsOf('mo-prefixed');
    expect(prefixed).to.include({ privateNumberId: line.id, receiverNumber: line.number, encoding: 'gsm7', smsParts: 2 });
    const [ucs2] = await rowsOf('mo-ucs2');
    expect(ucs2).to.include({ encoding: 'ucs2', smsParts: 2 });
    expect(pushes).to.have.length(2);
  });
});
