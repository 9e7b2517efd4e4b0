import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { sharedServer, unique, type Tree } from '../support/fixtures.js';
import { bad, expectLedgerClean, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';
import { InboxService } from '../../server/modules/inbound/index.js';

/** REST API v1: send many, send pairs, receivers of a send, inbound since a cursor. */
describe('REST API v1 calls', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };
  let key: string;

  const v1 = (path: string, body?: unknown, culture = 'en-US') =>
    api.call(body === undefined ? 'GET' : 'POST', `v1/${path}`, { body, culture, headers: { 'x-api-key': key } });

  before(async () => {
    ({ api, tree, line } = await sendingTree());
    key = ok(await api.post('ApiTokens/Create', { title: unique('Calls ') }, { token: tree.subAdmin.token })).token;
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('send-many: one text to many numbers as one Api send; invalid numbers are counted; sendId makes a repeat free', async () => {
    const sendId = unique('many-');
    const body = { to: ['09124400001', '09124400002', '0912440000', '09124400002'], text: 'Sale starts today', line: line.lineId, sendId };
    const first = ok(await v1('messages/send-many', body));
    expect(first).to.include({ recipientCount: 2, wrongNumberCount: 1, duplicateCount: 1, sendType: 'Api', repeated: false, smsEncoding: 'English' });
    const again = ok(await v1('messages/send-many', body));
    expect(again).to.include({ id: first.id, repeated: true });
    await waitForSend(api, tree.subAdmin.token, first.id);
    const receivers = ok(await v1(`messages/${first.id}/receivers?pageSize=10`));
    expect(receivers.totalCount).to.equal(2);
    expect(receivers.items.map((r: any) => r.toNumber).sort()).to.deep.equal(['989124400001', '989124400002']);
    expect(receivers.items.every((r: any) => r.deliveryStatus === 'SentAndReceivedbyPhone')).to.equal(true);
    const delivered = ok(await v1(`messages/${first.id}/receivers?deliveryStatus=HaveNotReceivedToPhone`));
    expect(delivered.totalCount).to.equal(0);
    bad(await v1(`messages/${first.id}/receivers?deliveryStatus=Nonsense`), 400, 'deliveryStatus');
  });

  it('send-pairs: a text per number, each answered on its own; a repeat with the same sendId sends nothing', async () => {
    const sendId = unique('pairs-');
    const body = { line: line.lineId, sendId, messages: [{ to: '09124400011', text: 'Hi Sara, your order shipped' }, { to: '12', text: 'bad number' }, { to: '09124400013', text: 'Hi Ali, your order shipped' }] };
    const first = ok(await v1('messages/send-pairs', body));
    expect(first).to.include({ sentCount: 2, failedCount: 1 });
    expect(first.items[1]).to.include({ index: 1, isSucceed: false, status: 400 });
    expect(first.items[1].failureCode).to.be.a('string');
    expect(first.items[1].message).to.be.a('string').and.not.equal('');
    const texts = first.items.filter((i: any) => i.isSucceed).map((i: any) => i.send.smsText);
    expect(texts).to.deep.equal(['Hi Sara, your order shipped', 'Hi Ali, your order shipped']);
    const again = ok(await v1('messages/send-pairs', body));
    expect(again.items.filter((i: any) => i.isSucceed).map((i: any) => [i.send.id, i.send.repeated])).to.deep.equal(
      first.items.filter((i: any) => i.isSucceed).map((i: any) => [i.send.id, true]),
    );
    // Refused while the body streams in (the router's body guard), before anything is sent.
    expect(bad(await v1('messages/send-pairs', { line: line.lineId, messages: Array.from({ length: 101 }, () => ({ to: '09124400011', text: 'x' })) }), 400).message).to.contain('100');
  });

  it('receivers of a send outside the key\'s organization are not found', async () => {
    // The parent organization's send: above the key's user, so out of its reach.
    const other = ok(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: line.lineId, smsBody: 'not yours', mobile: '09124400021' }, { token: tree.orgAdmin.token }));
    bad(await v1(`messages/${other.id}/receivers`), 404);
  });

  it('inbound: messages after a cursor, oldest first; passing the cursor back gets each message once', async () => {
    const own = await simulatorLine(api, {}, { organizationId: tree.sub.id });
    const inbox = (await sharedServer()).peyk.container.get(InboxService);
    const start = ok(await v1('inbound?limit=1000'));
    let cursor = start.cursor;
    // Drain what is there already (other suites on the shared server).
    for (let page = start; page.items.length === 1000; cursor = page.cursor) page = ok(await v1(`inbound?after=${cursor}&limit=1000`));
    const mark = unique('mo-');
    await inbox.receive(own.agentId, [1, 2, 3].map((i) => ({ from: `0912440010${i}`, to: own.number, text: `${mark} ${i}`, at: new Date(), providerId: `${mark}-${i}` })));
    const seen: any[] = [];
    const deadline = Date.now() + 15_000;
    while (seen.length < 3 && Date.now() < deadline) {
      const page = ok(await v1(`inbound?after=${cursor}&limit=2`));
      expect(page.items.length).to.be.at.most(2);
      seen.push(...page.items.filter((m: any) => String(m.smsText).startsWith(mark)));
      cursor = page.cursor;
      if (page.items.length === 0) await new Promise((r) => setTimeout(r, 300));
    }
    expect(seen.map((m) => m.smsText)).to.deep.equal([`${mark} 1`, `${mark} 2`, `${mark} 3`]);
    expect(ok(await v1(`inbound?after=${cursor}`)).items.filter((m: any) => String(m.smsText).startsWith(mark))).to.deep.equal([]);
    // Another organization's key does not see them.
    const otherKey = ok(await api.post('ApiTokens/Create', { title: unique('Other ') }, { token: tree.otherAdmin.token })).token;
    const theirs = ok(await api.call('GET', `v1/inbound?after=${start.cursor}&limit=1000`, { headers: { 'x-api-key': otherKey } }));
    expect(theirs.items.filter((m: any) => String(m.smsText).startsWith(mark))).to.deep.equal([]);
  });
});
