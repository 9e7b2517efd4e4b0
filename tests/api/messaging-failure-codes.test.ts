import { expect } from 'chai';
import type { Knex } from 'knex';
import { createOrganization, createUser, login, sharedServer, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { REFUSED_DELIVERY_STATUSES } from '../../server/modules/messaging/statuses.js';
import { available, bad, expectLedgerClean, ok, sendingTree, simulatorLine, tariffBody, waitForSend } from '../support/sending.js';

/** 'HH:mm' on Tehran's wall clock, `hours` from now. */
function tehranClock(hours: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tehran', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(Date.now() + hours * 3_600_000));
}

/**
 * The spec's failure codes that the main send suites do not reach, each from its own cause, each
 * leaving no held credit behind. (The standing, line, text, receiver, price and credit codes are
 * answered in messaging.test.ts, messaging-bad-input.test.ts and the numbers/billing suites.)
 */
describe('Send engine: failure codes from their causes', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };
  let superToken: string;

  const send = (body: Record<string, unknown>, token = tree.subAdmin.token, action = 'Create') =>
    api.post(`ScheduledMessages/${action}`, { senderNumberId: line.lineId, smsBody: 'Failure codes', sendType: 'Bulk', ...body }, { token, culture: 'en-US' });
  const sendCount = async (token: string) => ok(await api.get('OutBox/GetAll?pageSize=1', { token })).totalCount as number;

  /** A funded organization under the tree's organization with its own administrator; `extra` goes on the organization. */
  async function customer(extra: Record<string, unknown>, rate?: number | string) {
    const org = await createOrganization(api, tree.orgAdmin.token, { name: unique('Codes '), ...extra });
    const tariff = rate === undefined
      ? ok(await api.get('Tariffs/GetAll?pageSize=100', { token: tree.resellerAdmin.token })).items.find((t: any) => t.ownerOrganizationId === tree.reseller.id)
      : ok(await api.post('Tariffs/Create', { title: unique('Codes tariff '), ranges: [{ fromCount: 0, toCount: null, prices: { mci: rate, irancell: rate, rightel: rate, other: rate, international: rate } }] }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: org.id, tariffId: tariff.id }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: org.id, amount: 100_000 }, { token: tree.orgAdmin.token }));
    const admin = await createUser(api, tree.orgAdmin.token, { userName: unique('codes'), organizationId: org.id, isAdmin: true });
    return { org, token: (await login(api, admin.userName, USER_PASSWORD)).accessToken };
  }

  before(async () => {
    ({ api, tree, line, superToken } = await sendingTree());
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('SendTimeNotValid: a direct send outside the organization window, and a scheduled one outside it on sendDateTime', async () => {
    const { org, token } = await customer({ isActiveAllTime: false, sendStartTime: tehranClock(2), sendEndTime: tehranClock(3) });
    const now = bad(await send({ receivers: ['09121110501'] }, token), 400);
    expect(now.data.failureCode).to.equal('SendTimeNotValid');
    expect(now.message).to.contain('outside the allowed send window');
    const outside = bad(await send({ receivers: ['09121110501'], sendDirect: false, sendDateTime: new Date(Date.now() + 4 * 3_600_000).toISOString() }, token), 400, 'sendDateTime');
    expect(outside.data.failureCode).to.equal('SendTimeNotValid');
    // Inside the window it is taken and stored for its time.
    const inside = ok(await send({ receivers: ['09121110501'], sendDirect: false, sendDateTime: new Date(Date.now() + 2.5 * 3_600_000).toISOString() }, token));
    expect(inside).to.include({ queueStatus: 'Stored', status: 'Stored' });
    ok(await api.post(`OutBox/Cancel/${inside.id}`, {}, { token }));
    await waitForSend(api, token, inside.id);
    expect((await available(api, tree.orgAdmin.token, org.id)).held).to.equal(0n);
  });

  it('SystemIsOutOfService: the line is fine but its sender agent is switched off, at compose and at dispatch', async () => {
    const own = await simulatorLine(api, {});
    ok(await api.post('SenderAgents/Update', { id: own.agentId, isActive: false }, { token: superToken }));
    const refused = bad(await send({ senderNumberId: own.lineId, receivers: ['09121110511'] }), 400, 'senderNumberId');
    expect(refused.data.failureCode).to.equal('SystemIsOutOfService');
    expect(refused.message).to.contain('out of service');
    ok(await api.post('SenderAgents/Update', { id: own.agentId, isActive: true }, { token: superToken }));

    // A send waiting for confirmation while the agent goes out of service fails when it would go out; nothing stays held.
    const { org, token } = await customer({ isConfirmMessage: true });
    const before = await available(api, tree.orgAdmin.token, org.id);
    const waiting = ok(await send({ senderNumberId: own.lineId, receivers: ['09121110512', '09121110513'] }, token));
    expect(waiting.queueStatus).to.equal('WatingForConfirm');
    ok(await api.post('SenderAgents/Update', { id: own.agentId, isSendActive: false }, { token: superToken }));
    ok(await api.post(`SendQueue/Confirm/${waiting.id}`, {}, { token: tree.resellerAdmin.token }));
    const failed = await waitForSend(api, token, waiting.id, (s) => s.queueStatus === 'Failed');
    expect(failed).to.include({ failureCode: 'SystemIsOutOfService', status: 'ErrorInSending', canceledCount: 2 });
    expect(await available(api, tree.orgAdmin.token, org.id)).to.deep.equal(before);
  });

  it('SendError: the operator accepts none of the receivers; every part is given back', async () => {
    const refusing = await simulatorLine(api, { acceptRatio: 0 });
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const created = ok(await send({ senderNumberId: refusing.lineId, receivers: ['09121110521', '09351110522'] }));
    const done = await waitForSend(api, tree.subAdmin.token, created.id);
    expect(done).to.include({ status: 'ErrorInSending', failureCode: 'SendError', sentCount: 0 });
    const receivers = ok(await api.get(`OutBox/GetRecipients?id=${created.id}`, { token: tree.subAdmin.token }));
    // Refused outright (NotSent or the refusal's own status), or a transient refusal repeated past MaximumFailedTryCount (ErrorInSending).
    for (const r of receivers.items) expect(r.deliveryStatus).to.be.oneOf([...REFUSED_DELIVERY_STATUSES, 'ErrorInSending']);
    expect(await available(api, tree.orgAdmin.token, tree.sub.id)).to.deep.equal(before);
  });

  it("a provider's refusal code shows as its own delivery status, and the refused parts are given back", async () => {
    const refusing = await simulatorLine(api, { acceptRatio: 0, failureCodes: ['Filtered'] });
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const created = ok(await send({ senderNumberId: refusing.lineId, receivers: ['09121110525', '09121110526'] }));
    const done = await waitForSend(api, tree.subAdmin.token, created.id);
    expect(done.deliveryStatusCounts).to.deep.equal({ SmsIsFilter: 2 });
    expect(done.failureCode).to.equal('SendError');
    const filtered = ok(await api.get(`OutBox/GetRecipients?id=${created.id}&deliveryStatus=SmsIsFilter`, { token: tree.subAdmin.token }));
    expect(filtered.totalCount).to.equal(2);
    expect(await available(api, tree.orgAdmin.token, tree.sub.id)).to.deep.equal(before);
  });

  it('NotSended: an administrator rejects a send waiting for confirmation', async () => {
    const { org, token } = await customer({ isConfirmMessage: true });
    const before = await available(api, tree.orgAdmin.token, org.id);
    const waiting = ok(await send({ receivers: ['09121110531'] }, token));
    ok(await api.post('SendQueue/Reject', { id: waiting.id, reason: 'Not approved' }, { token: tree.resellerAdmin.token }));
    const rejected = ok(await api.get(`OutBox/Get/${waiting.id}`, { token }));
    expect(rejected).to.include({ queueStatus: 'Rejected', status: 'ErrorInSending', failureCode: 'NotSended' });
    expect(await available(api, tree.orgAdmin.token, org.id)).to.deep.equal(before);
  });

  it('ScheduledMessageNotFound: a send that does not exist, or that the caller may not see', async () => {
    const missing = bad(await api.get('OutBox/Get/2147483000', { token: tree.subAdmin.token, culture: 'en-US' }), 404);
    expect(missing).to.deep.include({ message: 'The scheduled message was not found.' });
    expect(missing.data.failureCode).to.equal('ScheduledMessageNotFound');
    const theirs = ok(await send({ receivers: ['09121110541'] }));
    const hidden = bad(await api.get(`OutBox/Get/${theirs.id}`, { token: tree.otherAdmin.token }), 404);
    expect(hidden.data.failureCode).to.equal('ScheduledMessageNotFound');
    bad(await api.post(`OutBox/Cancel/2147483000`, {}, { token: tree.subAdmin.token }), 404);
    await waitForSend(api, tree.subAdmin.token, theirs.id);
  });

  it('OperatorNumberCountIsNull: a price asked for no recipient of any operator', async () => {
    for (const recipients of [{}, { mci: 0, irancell: 0 }]) {
      const res = bad(await api.post('Tariffs/CalculatePrice', { organizationId: tree.sub.id, recipients }, { token: tree.subAdmin.token, culture: 'en-US' }), 400, 'recipients');
      expect(res.data.failureCode).to.equal('OperatorNumberCountIsNull');
    }
  });

  it('ErrorCalculate: a rate so large the price leaves the amount range; nothing is made or held', async () => {
    // The per-part rate at the cap of one amount (10^15 rials): two parts exceed the cap of one send.
    const { org, token } = await customer({}, '1000000000000000');
    const before = await sendCount(token);
    const preview = bad(await send({ receivers: ['09121110551', '09121110552'] }, token, 'GetScheduledMessageCalculations'), 400);
    expect(preview.data.failureCode).to.equal('ErrorCalculate');
    const res = bad(await send({ receivers: ['09121110551', '09121110552'] }, token), 400);
    expect(res.data.failureCode).to.equal('ErrorCalculate');
    expect(res.message).to.contain('cannot be calculated');
    expect(await sendCount(token)).to.equal(before);
    expect((await available(api, tree.orgAdmin.token, org.id)).held).to.equal(0n);
  });

  it('ErrorInSaveJob: the database refuses the last write of the send; the whole transaction is undone', async () => {
    // A real database failure at the end of the transaction (after receivers, hold and limits):
    // a trigger on the audit row of sends from one probe line.
    const probe = await simulatorLine(api, {});
    const knex = (await sharedServer()).peyk.database.knex as Knex;
    await knex.raw(`create or replace function peyk_test_refuse_write() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await knex.raw(`create trigger peyk_test_refuse_send_audit before insert on audits for each row when (new."className" = 'ScheduledMessage' and new."newData"->>'senderNumber' = '${probe.number}') execute function peyk_test_refuse_write()`);
    try {
      const before = await available(api, tree.orgAdmin.token, tree.sub.id);
      const count = await sendCount(tree.subAdmin.token);
      const res = bad(await send({ senderNumberId: probe.lineId, receivers: ['09121110561', '09121110562', '09351110563'] }), 503);
      expect(res.data.failureCode).to.equal('ErrorInSaveJob');
      expect(res.message).to.equal('Saving the send failed; nothing was stored or taken from your credit. Please try again.');
      expect(await sendCount(tree.subAdmin.token)).to.equal(count);
      expect(await available(api, tree.orgAdmin.token, tree.sub.id)).to.deep.equal(before);
    } finally {
      await knex.raw('drop trigger if exists peyk_test_refuse_send_audit on audits');
    }
    // The same send goes through once the database takes it.
    const again = ok(await send({ senderNumberId: probe.lineId, receivers: ['09121110561'] }));
    await waitForSend(api, tree.subAdmin.token, again.id);
  });
});
