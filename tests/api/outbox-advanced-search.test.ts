import { expect } from 'chai';
import { createUser, login, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, expectLedgerClean, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';

/** OutBox/AdvancedSearch: each filter, tenancy, keyset paging (server/modules/messaging/CONTEXT.md). */
describe('Outbox advanced search', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };
  const tag = `adv${Date.now().toString(36)}`;
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = () => new Date(Date.now() + 3_600_000).toISOString();
  const sends: number[] = [];
  // Receivers of both sends as GetRecipients answers them: the truth each search is compared with.
  const all: { sendId: number; seq: number; toNumber: string; deliveryStatus: string; sendStatus: string; description: string | null }[] = [];

  const search = (body: Record<string, unknown>, token = tree.subAdmin.token) =>
    api.post('OutBox/AdvancedSearch', { fromDate: from, toDate: to(), ...body }, { token, culture: 'en-US' });
  const keys = (items: any[]) => items.map((r) => `${r.sendId}:${r.seq}`).sort();
  const expected = (pick: (r: (typeof all)[number]) => boolean) => all.filter(pick).map((r) => `${r.sendId}:${r.seq}`).sort();

  before(async () => {
    ({ api, tree, line } = await sendingTree({ deliveryRatio: 0.5, seed: 7 }));
    const numbers = Array.from({ length: 12 }, (_, i) => `0912${String(3_330_000 + i).padStart(7, '0')}`);
    const first = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, sendType: 'Bulk', smsBody: `${tag} first`, receivers: numbers }, { token: tree.subAdmin.token }));
    const bulk = numbers.slice(0, 3).map((mobile, i) => ({ mobile, description: `${tag}-desc-${i}` }));
    const second = ok(await api.post('ScheduledMessages/CreateScheduledMessageBulk', { senderNumberId: line.lineId, smsBody: `${tag} second`, bulkRecipients: bulk }, { token: tree.subAdmin.token }));
    for (const send of [first, second]) {
      await waitForSend(api, tree.subAdmin.token, send.id);
      sends.push(send.id);
      const page = ok(await api.get(`OutBox/GetRecipients?id=${send.id}&pageSize=100`, { token: tree.subAdmin.token }));
      for (const r of page.items) all.push({ sendId: send.id, ...r });
    }
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('finds a number in every send, newest send first, in any written form', async () => {
    const res = ok(await search({ toNumber: '۰۹۱۲۳۳۳۰۰۰۱', smsText: tag }));
    expect(res.items.map((r: any) => [r.sendId, r.toNumber])).to.deep.equal([[sends[1], '989123330001'], [sends[0], '989123330001']]);
    expect(res.items[0]).to.include({ smsText: `${tag} second`, senderNumber: line.number, description: `${tag}-desc-1` });
    expect(res.nextCursor).to.equal(null);
  });

  it('filters by smsText, description, deliveryStatus and sendStatus', async () => {
    expect(keys(ok(await search({ smsText: `${tag} second` })).items)).to.deep.equal(expected((r) => r.sendId === sends[1]));
    expect(keys(ok(await search({ smsText: tag, description: `${tag}-desc-2` })).items)).to.deep.equal(expected((r) => r.description === `${tag}-desc-2`));
    const statuses = [...new Set(all.map((r) => r.deliveryStatus))];
    expect(statuses.length, 'the simulator delivers about half').to.be.greaterThan(1);
    for (const status of statuses) {
      expect(keys(ok(await search({ smsText: tag, deliveryStatus: [status] })).items)).to.deep.equal(expected((r) => r.deliveryStatus === status));
    }
    const sendStatus = all[0].sendStatus;
    expect(keys(ok(await search({ smsText: tag, sendStatus: [sendStatus] })).items)).to.deep.equal(expected((r) => r.sendStatus === sendStatus));
    expect(ok(await search({ smsText: tag, sendStatus: ['BlackList'] })).items).to.deep.equal([]);
  });

  it('filters by the phonebooks a send was made from (phonebookIds)', async () => {
    const token = tree.subAdmin.token;
    const bookLine = await simulatorLine(api, {}, { isSendPhonebook: true });
    const book = ok(await api.post('Phonebooks/Create', { title: unique('Search book ') }, { token })).id;
    const other = ok(await api.post('Phonebooks/Create', { title: unique('Other book ') }, { token })).id;
    for (const cellphone of ['09123330001', '09123330002']) ok(await api.post('Contacts/Create', { phonebookId: book, cellphone }, { token }));
    // Its own text (not the suite's tag, which the other searches count on).
    const marker = `pb${Date.now().toString(36)}`;
    const made = ok(await api.post('ScheduledMessages/CreateScheduledMessageByPhonebook', { senderNumberId: bookLine.lineId, smsBody: `${marker} book`, phonebookIds: [book] }, { token }));
    await waitForSend(api, token, made.id);
    const found = ok(await search({ phonebookIds: [other, book] })).items as any[];
    expect(found.map((r) => [r.sendId, r.toNumber]).sort()).to.deep.equal([[made.id, '989123330001'], [made.id, '989123330002']]);
    expect(ok(await search({ phonebookIds: [other] })).items).to.deep.equal([]);
    // Without the filter the same number is found in the earlier sends too.
    expect((ok(await search({ toNumber: '09123330001' })).items as any[]).map((r) => r.sendId)).to.include.members([made.id, sends[0], sends[1]]);
  });

  it('keeps to the date and hour range', async () => {
    const before = new Date(Date.now() - 86_400_000 * 2).toISOString();
    expect(ok(await api.post('OutBox/AdvancedSearch', { fromDate: before, toDate: from, smsText: tag }, { token: tree.subAdmin.token })).items).to.deep.equal([]);
    const tehranHour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tehran', hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
    expect(ok(await search({ smsText: tag, fromHour: tehranHour, toHour: tehranHour, pageSize: 100 })).items).to.have.length(all.length);
    const other = (tehranHour + 2) % 24;
    expect(ok(await search({ smsText: tag, fromHour: other, toHour: other })).items).to.deep.equal([]);
  });

  it('pages with a cursor: every receiver exactly once, in order', async () => {
    const seen: string[] = [];
    let after: string | null | undefined;
    let pages = 0;
    do {
      const res = ok(await search({ smsText: tag, pageSize: 4, ...(after ? { after } : {}) }));
      seen.push(...res.items.map((r: any) => `${r.sendId}:${r.seq}`));
      after = res.nextCursor;
      pages += 1;
    } while (after);
    expect(pages).to.equal(Math.ceil(all.length / 4));
    expect(seen).to.deep.equal([...all].sort((a, b) => b.sendId - a.sendId || b.seq - a.seq).map((r) => `${r.sendId}:${r.seq}`));
  });

  it('tenancy: administrators above see the receivers, another tree and plain users do not', async () => {
    expect(ok(await search({ smsText: tag, pageSize: 100 }, tree.orgAdmin.token)).items).to.have.length(all.length);
    expect(ok(await search({ smsText: tag, pageSize: 100 }, tree.otherAdmin.token)).items).to.deep.equal([]);
    expect(ok(await search({ toNumber: '09123330001' }, tree.otherAdmin.token)).items).to.deep.equal([]);
    // A plain user of the same organization with the outbox claim: only their own sends.
    const userName = unique('advs');
    const user = await createUser(api, tree.subAdmin.token, { userName, organizationId: tree.sub.id, isAdmin: false, firstName: 'Adv' });
    const role = ok(await api.post('Roles/Create', { title: unique('Outbox role '), claims: ['SmsReports.Outbox'], organizationId: tree.sub.id }, { token: tree.orgAdmin.token }));
    ok(await api.post('Roles/AssignToUser', { userId: user.id, roleId: role.id }, { token: tree.subAdmin.token }));
    const plain = (await login(api, userName, USER_PASSWORD)).accessToken;
    expect(ok(await search({ smsText: tag, pageSize: 100 }, plain)).items).to.deep.equal([]);
    expect(ok(await search({ toNumber: '09123330001' }, plain)).items).to.deep.equal([]);
    expect((await search({ smsText: tag }, tree.subUser.token)).status, 'no outbox claim').to.equal(403);
  });

  it('refuses a range of 90 days or more, hours out of order and a wrong number', async () => {
    const long = await api.post('OutBox/AdvancedSearch', { fromDate: '2026-01-01T00:00:00Z', toDate: '2026-04-02T00:00:00Z' }, { token: tree.subAdmin.token, culture: 'en-US' });
    bad(long, 400, 'toDate');
    // "Under 90 days": exactly 90 is refused, a millisecond less (the client's 90 whole days) passes.
    bad(await api.post('OutBox/AdvancedSearch', { fromDate: '2026-01-01T00:00:00Z', toDate: '2026-04-01T00:00:00Z' }, { token: tree.subAdmin.token }), 400, 'toDate');
    expect((await api.post('OutBox/AdvancedSearch', { fromDate: '2026-01-01T00:00:00Z', toDate: '2026-03-31T23:59:59.999Z' }, { token: tree.subAdmin.token })).status).to.equal(200);
    bad(await api.get('OutBox/GetAll?pageIndex=0&pageSize=10&fromDate=2026-01-01T00:00:00Z&toDate=2026-04-01T00:00:00Z', { token: tree.subAdmin.token }), 400, 'toDate');
    expect((await api.get('OutBox/GetAll?pageIndex=0&pageSize=10&fromDate=2026-01-01T00:00:00Z&toDate=2026-03-31T23:59:59.999Z', { token: tree.subAdmin.token })).status).to.equal(200);
    bad(await search({ fromHour: 10, toHour: 9 }), 400, 'toHour');
    bad(await search({ toNumber: '12' }), 400, 'toNumber');
    bad(await api.post('OutBox/AdvancedSearch', { toDate: to() }, { token: tree.subAdmin.token }), 400, 'fromDate');
  });
});
