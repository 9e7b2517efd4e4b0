import { expect } from 'chai';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { bad, ok, standaloneLine, standaloneSender, waitForSend } from '../support/sending.js';
import { TestEsme, ESME_ROK } from '../support/smpp-esme.js';
import { SmppServer } from '../../server/modules/developer/smpp-server/smpp-server.js';

const ESME_RSUBMITFAIL = 0x45;
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'plugins', 'fixtures');

/**
 * The single lane's money rule under contention (issue 30): groups are planned before their
 * transaction and judged against the credit only by their last statement, so many groups in
 * flight race for the same account. 200 sends at once against credit for exactly 37 must accept
 * exactly 37 — not 36 (a group refused whole and its members lost), not 38 (a guard judged on a
 * stale balance) — through the REST API and through the SMPP server, and charge exactly 37.
 */
describe('single lane: 200 sends at once against credit for 37', function () {
  this.timeout(180_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let token: string;
  let organizationId: number;
  let knex: Knex;
  let lineId: number;
  const lineNumber = '30007437';
  let price: bigint;
  const esmes: TestEsme[] = [];

  const balance = async () => {
    const c = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token: admin }));
    return { balance: BigInt(c.balance ?? c.credit), held: BigInt(c.held ?? 0) };
  };

  /** Every accepted send of this organization has settled: held back to 0. */
  const settled = async () => {
    for (let i = 0; i < 300; i++) {
      const open = Number((await knex('sends').where({ organizationId }).whereNot('queueStatus', 'Completed').count({ c: '*' }))[0].c);
      if (open === 0 && (await balance()).held === 0n) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('sends did not settle');
  };

  before(async () => {
    server = await startTestServer({ smppServer: { port: 0, tlsPort: 0, tlsCertFile: path.join(FIXTURES, 'smsc-sim-cert.pem'), tlsKeyFile: path.join(FIXTURES, 'smsc-sim-key.pem') } });
    api = new ApiClient(server.url);
    ({ admin, token, organizationId } = await standaloneSender(api, 'Lane credit', 1));
    knex = server.peyk.database.knex as Knex;
    ({ lineId } = await standaloneLine(api, admin, lineNumber, { deliveryDelayMs: 10, deliveryRatio: 1 }, { isSendSingle: true, isSendApiSingle: true }));
    const probe = ok(await api.post('ScheduledMessages/GetScheduledMessageCalculations', { senderNumberId: lineId, smsBody: 'Code 4411', sendType: 'Single', receivers: ['09121230000'] }, { token }));
    price = BigInt(probe.totalPrice);
    expect(price > 0n).to.equal(true);
  });

  after(async () => {
    for (const e of esmes) e.close();
    await server?.stop();
  });

  it('through POST /api/v1/messages/send: exactly 37 accepted, the rest refused with the credit code, exactly 37 charged', async () => {
    ok(await api.post('Credits/ChargeOrganization', { organizationId, amount: Number(price * 37n) }, { token: admin }));
    const start = await balance();
    const key = ok(await api.post('ApiTokens/Create', { title: 'lane', isCanSend: true, isIgnoreCheckIp: true }, { token })).token as string;
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => api.call('POST', 'v1/messages/send', {
      body: { line: lineId, to: `0912${String(4100000 + i)}`, text: 'Code 4411', sendId: `lane-v1-${i}` }, headers: { 'x-api-key': key },
    })));
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted, JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 400).map((a) => a.body)).slice(0, 500)).to.have.length(37);
    for (const r of answers.filter((a) => a.status !== 200)) expect(bad(r, 400).data.failureCode).to.equal('OrganizationCreditNotEnough');
    const stored = Number((await knex('sends').where({ organizationId }).whereLike('clientSendId', 'lane-v1-%').count({ c: '*' }))[0].c);
    expect(stored, 'a refused send leaves no row').to.equal(37);
    for (const a of accepted) await waitForSend(api, token, a.body.data.id);
    await settled();
    const end = await balance();
    expect(start.balance - end.balance, 'charged exactly 37 sends').to.equal(price * 37n);
    // The 1 rial the organization started with is less than one message: it stays.
    expect(end).to.deep.equal({ balance: 1n, held: 0n });
  });

  it('through the SMPP server (4 binds, windowed): exactly 37 ESME_ROK, the rest ESME_RSUBMITFAIL, exactly 37 charged', async () => {
    ok(await api.post('Credits/ChargeOrganization', { organizationId, amount: Number(price * 37n) }, { token: admin }));
    const start = await balance();
    const userId = (await knex('users').where({ organizationId }).first('id')).id;
    ok(await api.post('SmppAccounts/Create', { systemId: 'lane37', password: 'pw123', userId, throughput: 5000, windowSize: 100, maxBinds: 4 }, { token: admin }));
    const port = server.peyk.container.get(SmppServer).ports.port!;
    const binds = await Promise.all(Array.from({ length: 4 }, () => TestEsme.bound(port, 'lane37', 'pw123', 'transceiver')));
    esmes.push(...binds);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => binds[i % 4].submit({
      source_addr: lineNumber, destination_addr: `98912420${String(i).padStart(4, '0')}`, short_message: 'Code 4411',
    })));
    const statuses = answers.map((a) => a.command_status as number);
    expect(statuses.filter((s) => s === ESME_ROK), 'accepted').to.have.length(37);
    expect(statuses.filter((s) => s !== ESME_ROK && s !== ESME_RSUBMITFAIL), 'only the credit refusal').to.deep.equal([]);
    await settled();
    const end = await balance();
    expect(start.balance - end.balance, 'charged exactly 37 sends').to.equal(price * 37n);
    // The 1 rial the organization started with is less than one message: it stays.
    expect(end).to.deep.equal({ balance: 1n, held: 0n });
  });
});
