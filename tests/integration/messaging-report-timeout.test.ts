import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, standaloneLine, standaloneSender, waitForSend } from '../support/sending.js';
import type { Clock } from '../../server/platform/clock.js';
import { SettlementService } from '../../server/modules/messaging/delivery/settlement.service.js';

const HOUR = 3_600_000;

/**
 * A receiver the operator accepted but never reported on must not keep its send (and the hold)
 * open for ever: after DeliveryReportTimeoutHours it is closed as Unknown, stays charged (it left
 * us) unless the line's refundDeliveryStatusId names Unknown, and the send settles.
 */
describe('Send engine: delivery reports that never come', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let token: string;
  let orgId: number;
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

  before(async () => {
    server = await startTestServer({}, clock);
    api = new ApiClient(server.url);
    ({ admin, token, organizationId: orgId } = await standaloneSender(api, 'Silent operator'));
  });

  after(async () => {
    await server?.stop();
  });

  async function silentLine(number: string, line: Record<string, unknown>): Promise<number> {
    // The simulator reports only after a day: inside this test, no report ever comes.
    return (await standaloneLine(api, admin, number, { deliveryDelayMs: 86_400_000, seed: 5 }, line)).lineId;
  }

  async function balance(): Promise<{ balance: bigint; held: bigint }> {
    const c = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${orgId}`, { token: admin }));
    return { balance: BigInt(c.balance), held: BigInt(c.held) };
  }

  it('closes receivers without a report as Unknown after the time-out, keeps them charged and settles the send', async () => {
    offsetMs = 0;
    const lineId = await silentLine('30009991', {});
    const before = await balance();
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: 'Is anyone there?', sendType: 'Bulk', receivers: ['09121230001', '09121230002', '09121230003'] }, { token }));
    const submitted = await waitForSend(api, token, created.id, (s) => s.sentCount === 3);
    expect(submitted).to.include({ queueStatus: 'Extracted', pendingCount: 3 });

    const settlement = server.peyk.container.get(SettlementService);
    // Not yet due: nothing moves.
    offsetMs = 71 * HOUR;
    expect(await settlement.closeOverdue(clock.now(), 72)).to.equal(0);
    offsetMs = 73 * HOUR;
    expect(await settlement.closeOverdue(clock.now(), 72)).to.equal(3);
    expect(await settlement.closeOverdue(clock.now(), 72), 'a second sweep finds nothing').to.equal(0);

    const done = await waitForSend(api, token, created.id);
    // Not one report came back from the operator: the send shows ErrorInGetItc, each receiver too.
    expect(done).to.include({ queueStatus: 'Completed', status: 'ErrorInGetItc', pendingCount: 0, sentCount: 3, notDeliveredCount: 3 });
    expect(done.deliveryStatusCounts).to.deep.equal({ Unknown: 3 });
    const receivers = ok(await api.get(`OutBox/GetRecipients?id=${created.id}`, { token }));
    expect(receivers.items.map((r: any) => r.sendStatus)).to.deep.equal(['ErrorInGetItc', 'ErrorInGetItc', 'ErrorInGetItc']);
    const report = ok(await api.get(`OutBox/GetDeliveryReport?id=${created.id}&seq=0`, { token }));
    expect(report.deliveryReport.providerStatus).to.equal('NO_REPORT');
    const after = await balance();
    expect(before.balance - after.balance, 'three parts charged').to.equal(300n);
    expect(after.held).to.equal(before.held);
  });

  it('gives Unknown back when the line says so', async () => {
    offsetMs = 0;
    const lineId = await silentLine('30009992', { refundDeliveryStatusId: 'Unknown' });
    const before = await balance();
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: 'Anyone?', sendType: 'Bulk', receivers: ['09121230004', '09121230005'] }, { token }));
    await waitForSend(api, token, created.id, (s) => s.sentCount === 2);
    offsetMs = 80 * HOUR;
    expect(await server.peyk.container.get(SettlementService).closeOverdue(clock.now(), 72)).to.equal(2);
    const done = await waitForSend(api, token, created.id);
    expect(done).to.include({ queueStatus: 'Completed', status: 'SentAndGiveBackCredit' });
    const after = await balance();
    expect(after.balance).to.equal(before.balance);
    expect(after.held).to.equal(before.held);
    const verify = ok(await api.get('Ledger/Verify', { token: admin }));
    expect(verify.mismatches).to.deep.equal([]);
  });
});
