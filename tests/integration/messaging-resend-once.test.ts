import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, standaloneLine, standaloneSender, waitForSend } from '../support/sending.js';
import { ResendService } from '../../server/modules/messaging/resend/resend.service.js';
import { ResendRepository } from '../../server/modules/messaging/resend/resend.repository.js';

/**
 * The automatic resend is made exactly once per (send, rule): the sweep seen twice, run by two
 * callers at once, or after a failure inside the resend's transaction (a crash before the commit)
 * ends with one resend send, priced and held like any send, and nothing held for the attempts
 * that lost.
 */
describe('Automatic resend: once per finished send and rule', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let token: string;
  let orgId: number;
  let lossy: number;
  let good: number;
  let resend: ResendService;
  let repo: ResendRepository;

  const credit = async () => {
    const c = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${orgId}`, { token: admin }));
    return { balance: BigInt(c.balance), held: BigInt(c.held) };
  };
  const resendsOf = async (id: number) => ok(await api.get(`OutBox/GetResends/${id}`, { token })).resends as any[];

  before(async () => {
    server = await startTestServer();
    // Only this test's calls run the sweep.
    await server.peyk.scheduler?.stop();
    api = new ApiClient(server.url);
    ({ admin, token, organizationId: orgId } = await standaloneSender(api, 'Resend once', 1_000_000));
    ({ lineId: lossy } = await standaloneLine(api, admin, '30007771', { deliveryRatio: 0.4, expireRatio: 0, seed: 3, deliveryDelayMs: 5 }));
    ({ lineId: good } = await standaloneLine(api, admin, '30007772', { deliveryDelayMs: 5 }));
    resend = server.peyk.container.get(ResendService);
    repo = server.peyk.container.get(ResendRepository);
  });

  after(async () => {
    await server?.stop();
  });

  it('a failure inside the resend leaves nothing; the sweep seen three times at once makes one resend', async () => {
    const rule = ok(await api.post('AutomaticResends/Create', { privateNumberId: lossy, deliveryStatus: ['HaveNotReceivedToPhone'], targetPrivateNumbers: [good] }, { token }));
    const start = await credit();
    const receivers = Array.from({ length: 12 }, (_, i) => `0912777${String(1000 + i)}`);
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: lossy, smsBody: 'Once', sendType: 'Bulk', receivers }, { token }));
    const original = await waitForSend(api, token, created.id);
    const failed = original.deliveryStatusCounts.HaveNotReceivedToPhone as number;
    expect(failed).to.be.greaterThan(0);

    // A crash inside the resend's transaction, after its run row was written: all rolled back.
    const real = repo.addCountResendOther.bind(repo);
    repo.addCountResendOther = async () => { throw new Error('process died'); };
    try {
      expect(await resend.runDue(new Date())).to.equal(0);
    } finally {
      repo.addCountResendOther = real;
    }
    expect(await resendsOf(created.id)).to.have.length(0);
    expect(await repo.run(created.id, rule.id)).to.equal(null);
    expect((await credit()).held).to.equal(start.held);

    // The completion seen again, by three callers at once.
    const made = await Promise.all([resend.runDue(new Date()), resend.runDue(new Date()), resend.resendFor(created.id, rule.id).then(Number)]);
    expect(made.reduce((a, b) => a + b, 0)).to.equal(1);
    const links = await resendsOf(created.id);
    expect(links).to.have.length(1);
    expect(links[0]).to.include({ resendRuleId: rule.id, recipientCount: failed });
    const done = await waitForSend(api, token, links[0].id);
    expect(await resend.runDue(new Date())).to.equal(0);
    expect(await resendsOf(created.id)).to.have.length(1);

    // Money: the original's charge after its refunds (deliveryBase), plus the resend's own price.
    const end = await credit();
    const perReceiver = BigInt(original.totalPrice) / BigInt(receivers.length);
    expect(start.balance - end.balance).to.equal(BigInt(original.totalPrice) - perReceiver * BigInt(failed) + BigInt(done.totalPrice));
    expect(end.held).to.equal(start.held);
    expect(ok(await api.get('Ledger/Verify', { token: admin })).mismatches).to.deep.equal([]);
  });
});
