import { expect } from 'chai';
import type { Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { expectLedgerClean, ok, sendingTree, waitForSend } from '../support/sending.js';

/** Tomorrow's Tehran calendar day as YYYY-MM-DD (Tehran is UTC+03:30). */
const tehranDate = (daysFromNow: number) => new Date(Date.now() + 12_600_000 + daysFromNow * 86_400_000).toISOString().slice(0, 10);

/** `%` and `_` typed into a search are text to find, not LIKE wildcards. */
describe('Outbox and periodic searches take % and _ literally', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };
  const tag = `q${Date.now().toString(36)}`;

  const create = (body: Record<string, unknown>) =>
    api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, sendType: 'Bulk', ...body }, { token: tree.subAdmin.token, culture: 'en-US' });
  const outboxTexts = async (query: string) =>
    (ok(await api.get(`OutBox/GetAll?pageSize=100&${query}`, { token: tree.subAdmin.token })).items as any[]).map((s) => s.smsText).sort();
  const periodicTexts = async (search: string) =>
    (ok(await api.get(`ScheduledMessages/GetPeriodicSends?pageSize=100&search=${encodeURIComponent(search)}`, { token: tree.subAdmin.token })).items as any[]).map((s) => s.smsText).sort();

  before(async () => {
    ({ api, tree, line } = await sendingTree());
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('outbox: a search for 50% finds only texts with 50%, and _ matches only an underscore', async () => {
    const texts = [`${tag} 50% off`, `${tag} 50X off`, `${tag} a_b`, `${tag} aXb`];
    for (const smsBody of texts) {
      const send = ok(await create({ smsBody, receivers: ['09121110001', '09121110011'] }));
      await waitForSend(api, tree.subAdmin.token, send.id);
    }
    expect(await outboxTexts(`search=${encodeURIComponent(`${tag} 50%`)}`)).to.deep.equal([`${tag} 50% off`]);
    expect(await outboxTexts(`search=${encodeURIComponent(`${tag} a_b`)}`)).to.deep.equal([`${tag} a_b`]);
    // A lone wildcard finds nothing of this tree's texts (before: every send).
    expect(await outboxTexts(`search=${encodeURIComponent('%%%')}`)).to.deep.equal([]);
    expect(await outboxTexts(`search=${encodeURIComponent('___')}`)).to.deep.equal([]);
  });

  it('outbox recipients: toNumber % is a character, not "any number"', async () => {
    const send = ok(await create({ smsBody: `${tag} recipients`, receivers: ['09121110001', '09121110011'] }));
    await waitForSend(api, tree.subAdmin.token, send.id);
    const all = ok(await api.get(`OutBox/GetRecipients?id=${send.id}`, { token: tree.subAdmin.token }));
    expect(all.totalCount).to.equal(2);
    const wild = ok(await api.get(`OutBox/GetRecipients?id=${send.id}&toNumber=${encodeURIComponent('%')}`, { token: tree.subAdmin.token }));
    expect(wild.totalCount).to.equal(0);
    const underscore = ok(await api.get(`OutBox/GetRecipients?id=${send.id}&toNumber=${encodeURIComponent('11100_1')}`, { token: tree.subAdmin.token }));
    expect(underscore.totalCount).to.equal(0);
    const exact = ok(await api.get(`OutBox/GetRecipients?id=${send.id}&toNumber=1110011`, { token: tree.subAdmin.token }));
    expect(exact.items.map((r: any) => r.toNumber)).to.deep.equal(['989121110011']);
  });

  it('periodic definitions: the same literal search', async () => {
    const base = { typeSend: 'periodic', receivers: ['09121110001'], periodType: 'Daily', sendHour: 9, startDate: tehranDate(2) };
    for (const smsBody of [`${tag} 30% periodic`, `${tag} 30X periodic`, `${tag} p_q`, `${tag} pXq`]) ok(await create({ ...base, smsBody }));
    expect(await periodicTexts(`${tag} 30%`)).to.deep.equal([`${tag} 30% periodic`]);
    expect(await periodicTexts(`${tag} p_q`)).to.deep.equal([`${tag} p_q`]);
    expect(await periodicTexts('%%%')).to.deep.equal([]);
  });
});
