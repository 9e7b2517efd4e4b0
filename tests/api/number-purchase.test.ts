import { expect } from 'chai';
import { adminToken, createOrganization, createTree, createUser, login, sharedApi, sharedServer, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, ok } from '../support/envelope.js';
import { TYPES } from '../../server/platform/tokens.js';
import type { UnitOfWork } from '../../server/platform/unit-of-work.js';
import { LinesService } from '../../server/modules/numbers/index.js';
import type { AppError } from '../../server/platform/http/errors.js';
import type { Knex } from 'knex';

describe('Sender-number purchase and transfer: prices, search, reserve, pay, review, race, transfer history', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let agentId: number;
  // Numbers of this run only: 8 digits, so the prices below (8 digits) apply.
  const stem = `7${String(Date.now()).slice(-4)}`;
  let seq = 0;
  const forSale = async (suffix?: string) => ok(await api.post('PrivateNumbers/Create', {
    number: `${stem}${suffix ?? `${String(++seq).padStart(2, '0')}5`}`, useForm: 'OneNumber', numberType: 'Private', typePrivateNumber: 'Bulk',
    smsSenderAgentId: agentId, organizationId: tree.reseller.id, isSendBulk: true, isSendSingle: true, isForSale: true,
  }, { token: tree.resellerAdmin.token }));
  const credit = async (organizationId: number) =>
    (ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token: superToken })) as { balance: string }).balance;
  const entries = async (token: string) => ok(await api.get('Transactions/GetAll?pageSize=100', { token })).items as { typeCreditChange: string; referenceId: string | null }[];

  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
    tree = await createTree(api);
    agentId = ok(await api.post('SenderAgents/Create', { title: 'Purchase sim', pluginName: 'simulator' }, { token: superToken })).id;
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.reseller.id, amount: 10_000_000, isIncrement: true }, { token: superToken }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.organization.id, amount: 2_000_000, isIncrement: true }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.sub.id, amount: 500_000, isIncrement: true }, { token: tree.orgAdmin.token }));
    ok(await api.post('NumberPrices/Save', { isRound: false, numberOfDigits: 8, reservationPeriod: 3, numberPrice: 100_000 }, { token: tree.resellerAdmin.token }));
    ok(await api.post('NumberPrices/Save', { isRound: true, numberOfDigits: 8, reservationPeriod: 0, numberPrice: '400000' }, { token: tree.resellerAdmin.token }));
  });

  it('saves one price per digits and roundness; validates in the spec\'s shape; only line managers', async () => {
    const again = ok(await api.post('NumberPrices/Save', { isRound: false, numberOfDigits: 8, reservationPeriod: 3, numberPrice: 100_000 }, { token: tree.resellerAdmin.token }));
    const prices = ok(await api.get('NumberPrices/GetAll', { token: tree.resellerAdmin.token })).items.filter((p: any) => p.organizationId === tree.reseller.id);
    expect(prices.map((p: any) => [p.numberOfDigits, p.isRound, p.numberPrice, p.reservationPeriod])).to.deep.equal([[8, false, '100000', 3], [8, true, '400000', 0]]);
    expect(again.id).to.equal(prices[0].id);
    bad(await api.post('NumberPrices/Save', { isRound: false, numberOfDigits: 2, reservationPeriod: 0, numberPrice: 1 }, { token: tree.resellerAdmin.token }), 400, 'numberOfDigits');
    bad(await api.post('NumberPrices/Save', { isRound: false, numberOfDigits: 8, reservationPeriod: 0, numberPrice: 0 }, { token: tree.resellerAdmin.token }), 400, 'numberPrice');
    bad(await api.post('NumberPrices/Save', { isRound: false, numberOfDigits: 8, reservationPeriod: 0, numberPrice: 5 }, { token: tree.orgAdmin.token }), 403);
  });

  it('searches free numbers by pattern, digits and roundness (Persian digits read); a bad pattern is 400 on pattern', async () => {
    const plain = await forSale();
    const round = await forSale('000');
    const page = ok(await api.get(`BuyRequests/SearchFreeNumbers?pattern=${encodeURIComponent(stem.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]))}`, { token: tree.orgAdmin.token }));
    const found = new Map(page.items.map((f: any) => [f.privateNumberId, f]));
    expect(found.get(plain.id)).to.include({ isRound: false, numberPrice: '100000', reservationPeriod: 3, numberOfDigits: 8 });
    expect(found.get(round.id)).to.include({ isRound: true, numberPrice: '400000', reservationPeriod: 0 });
    const rounds = ok(await api.get(`BuyRequests/SearchFreeNumbers?pattern=${stem}&isRound=true`, { token: tree.orgAdmin.token })).items.map((f: any) => f.privateNumberId);
    expect(rounds).to.include(round.id).and.not.include(plain.id);
    // The seller's own organization is not offered its own lines; another tree sees none of them.
    expect(ok(await api.get(`BuyRequests/SearchFreeNumbers?pattern=${stem}`, { token: tree.resellerAdmin.token })).items).to.deep.equal([]);
    expect(ok(await api.get(`BuyRequests/SearchFreeNumbers?pattern=${stem}`, { token: tree.otherAdmin.token })).items).to.deep.equal([]);
    bad(await api.get('BuyRequests/SearchFreeNumbers?pattern=12a', { token: tree.orgAdmin.token }), 400, 'pattern');
  });

  it('reserves, changes and cancels a reservation; a registered request cannot be changed or cancelled; a held line is refused to others', async () => {
    const line = await forSale();
    const before = await credit(tree.organization.id);
    const reserved = ok(await api.post('BuyRequests/Reserve', { privateNumberId: line.id, isService: true }, { token: tree.orgAdmin.token }));
    expect(reserved).to.include({ stage: 'Reserved', payAmount: '100000', isService: true, isAllowedSendLink: false });
    expect(new Date(reserved.reservationExpiresAt).getTime() - new Date(reserved.reservationDate).getTime()).to.equal(3 * 86_400_000);
    expect(await credit(tree.organization.id)).to.equal(before);
    // Duplicate line: held by a reservation, nobody else can take it.
    bad(await api.post('BuyRequests/Reserve', { privateNumberId: line.id }, { token: tree.subAdmin.token }), 409);
    bad(await api.post('BuyRequests/Pay', { privateNumberId: line.id, termsAccepted: true }, { token: tree.subAdmin.token }), 409);
    const changed = ok(await api.post('BuyRequests/Update', { id: reserved.id, isAllowedSendLink: true }, { token: tree.orgAdmin.token }));
    expect(changed).to.include({ isAllowedSendLink: true, isService: true });
    ok(await api.post(`BuyRequests/Cancel/${reserved.id}`, {}, { token: tree.orgAdmin.token }));
    // Free again: reserve, pay.
    const again = ok(await api.post('BuyRequests/Reserve', { privateNumberId: line.id }, { token: tree.orgAdmin.token }));
    bad(await api.post('BuyRequests/Pay', { id: again.id, termsAccepted: false }, { token: tree.orgAdmin.token }), 400, 'termsAccepted');
    const paid = ok(await api.post('BuyRequests/Pay', { id: again.id, termsAccepted: true }, { token: tree.orgAdmin.token }));
    expect(paid).to.include({ stage: 'Registered', status: 'WatingForConfirm' });
    expect(paid.termsAcceptedAt).to.be.a('string');
    expect(BigInt(await credit(tree.organization.id))).to.equal(BigInt(before) - 100_000n);
    bad(await api.post('BuyRequests/Update', { id: again.id, isService: true }, { token: tree.orgAdmin.token }), 409);
    bad(await api.post(`BuyRequests/Cancel/${again.id}`, {}, { token: tree.orgAdmin.token }), 409);
    bad(await api.post('BuyRequests/Pay', { id: again.id, termsAccepted: true }, { token: tree.orgAdmin.token }), 409);
    // A round number's price has no reservation: buy it at once.
    const round = await forSale('999');
    bad(await api.post('BuyRequests/Reserve', { privateNumberId: round.id }, { token: tree.orgAdmin.token }), 409);
    // Plain users do not spend the organization's credit.
    bad(await api.post('BuyRequests/Pay', { privateNumberId: round.id, termsAccepted: true }, { token: tree.subUser.token }), 403);
  });

  it('a reservation that ran out reads as Expired, cannot be paid, and frees the number for another buyer', async () => {
    const line = await forSale();
    const reserved = ok(await api.post('BuyRequests/Reserve', { privateNumberId: line.id }, { token: tree.orgAdmin.token }));
    bad(await api.post('BuyRequests/Reserve', { privateNumberId: line.id }, { token: tree.subAdmin.token }), 409);
    // Three days later, as far as this reservation knows.
    const knex = (await sharedServer()).peyk.container.get<Knex>(TYPES.Knex);
    await knex('number_buy_requests').where({ id: reserved.id }).update({ reservationExpiresAt: new Date(Date.now() - 1000) });
    const listed = ok(await api.get('BuyRequests/GetAll?stage=Expired', { token: tree.orgAdmin.token })).items.map((r: any) => [r.id, r.stage]);
    expect(listed).to.deep.include([reserved.id, 'Expired']);
    const before = await credit(tree.organization.id);
    bad(await api.post('BuyRequests/Pay', { id: reserved.id, termsAccepted: true }, { token: tree.orgAdmin.token }), 409);
    expect(await credit(tree.organization.id)).to.equal(before);
    const other = ok(await api.post('BuyRequests/Reserve', { privateNumberId: line.id }, { token: tree.subAdmin.token }));
    expect(other.stage).to.equal('Reserved');
  });

  it('a short credit is refused on payAmount and leaves nothing behind; a postpaid organization may use its credit limit', async () => {
    const line = await forSale();
    const org = await createOrganization(api, tree.resellerAdmin.token, { name: unique('Broke ') });
    const buyer = await createUser(api, tree.resellerAdmin.token, { userName: unique('broke'), organizationId: org.id, isAdmin: true, firstName: 'broke' });
    const token = (await login(api, buyer.userName, USER_PASSWORD)).accessToken;
    bad(await api.post('BuyRequests/Pay', { privateNumberId: line.id, termsAccepted: true }, { token }), 400, 'payAmount');
    expect(ok(await api.get('BuyRequests/GetAll', { token })).totalCount).to.equal(0);
    expect(await credit(org.id)).to.equal('0');
    expect(ok(await api.get(`BuyRequests/SearchFreeNumbers?pattern=${line.number}`, { token })).items.map((f: any) => f.privateNumberId)).to.deep.equal([line.id]);

    ok(await api.post('Organizations/Update', { id: org.id, isPostpaid: true }, { token: tree.resellerAdmin.token }));
    ok(await api.post('Credits/SetCreditLimit', { organizationId: org.id, creditLimit: '150000' }, { token: tree.resellerAdmin.token }));
    const paid = ok(await api.post('BuyRequests/Pay', { privateNumberId: line.id, termsAccepted: true }, { token }));
    expect(paid.stage).to.equal('Registered');
    expect(await credit(org.id)).to.equal('-100000');
  });

  it('concurrent buyers of one number: one wins, the other\'s money is untouched', async () => {
    const line = await forSale();
    const orgBefore = await credit(tree.organization.id);
    const subBefore = await credit(tree.sub.id);
    const results = await Promise.all([
      api.post('BuyRequests/Pay', { privateNumberId: line.id, termsAccepted: true }, { token: tree.orgAdmin.token }),
      api.post('BuyRequests/Pay', { privateNumberId: line.id, termsAccepted: true }, { token: tree.subAdmin.token }),
      api.post('BuyRequests/Pay', { privateNumberId: line.id, termsAccepted: true }, { token: tree.orgAdmin.token }),
    ]);
    const won = results.filter((r) => r.status === 200);
    expect(won).to.have.length(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.status).to.equal(409);
    const orgAfter = BigInt(await credit(tree.organization.id));
    const subAfter = BigInt(await credit(tree.sub.id));
    const spent = (BigInt(orgBefore) - orgAfter) + (BigInt(subBefore) - subAfter);
    expect(spent).to.equal(100_000n);
    expect([BigInt(orgBefore) - orgAfter, BigInt(subBefore) - subAfter].sort()).to.deep.equal([0n, 100_000n]);
    expect(ok(await api.get('Ledger/Verify', { token: superToken })).ok).to.equal(true);
  });

  it('a parent reviews: the buyer\'s own administrators may not; reject gives the money back, confirm assigns the line, unusable until authenticated', async () => {
    const line = await forSale();
    const rejectMe = await forSale();
    const paid = ok(await api.post('BuyRequests/Pay', { privateNumberId: line.id, termsAccepted: true, isService: true }, { token: tree.orgAdmin.token }));
    const other = ok(await api.post('BuyRequests/Pay', { privateNumberId: rejectMe.id, termsAccepted: true }, { token: tree.orgAdmin.token }));
    bad(await api.post(`BuyRequests/Confirm/${paid.id}`, {}, { token: tree.orgAdmin.token }), 403);
    bad(await api.post(`BuyRequests/Confirm/${paid.id}`, {}, { token: tree.otherAdmin.token }), 404);
    const waiting = ok(await api.get('BuyRequests/GetAll?status=WatingForConfirm', { token: tree.resellerAdmin.token })).items.map((r: any) => r.id);
    expect(waiting).to.include.members([paid.id, other.id]);

    const orgBefore = BigInt(await credit(tree.organization.id));
    const rejected = ok(await api.post('BuyRequests/Reject', { id: other.id, rejectionDescription: ' documents missing ' }, { token: tree.resellerAdmin.token }));
    expect(rejected).to.include({ stage: 'Rejected', status: 'Rejected', rejectionDescription: 'documents missing' });
    expect(BigInt(await credit(tree.organization.id))).to.equal(orgBefore + 100_000n);
    bad(await api.post(`BuyRequests/Confirm/${other.id}`, {}, { token: tree.resellerAdmin.token }), 409);

    const resellerBefore = BigInt(await credit(tree.reseller.id));
    const confirmed = ok(await api.post(`BuyRequests/Confirm/${paid.id}`, {}, { token: tree.resellerAdmin.token }));
    expect(confirmed).to.include({ stage: 'Assigned', status: 'Confirmed' });
    expect(confirmed.assignmentDate).to.be.a('string');
    expect(BigInt(await credit(tree.reseller.id))).to.equal(resellerBefore + 100_000n);
    const moved = ok(await api.get(`PrivateNumbers/Get/${line.id}`, { token: tree.resellerAdmin.token }));
    expect(moved).to.include({ organizationId: tree.organization.id, isForSale: false, awaitingAuthentication: true, sendToBlackList: true });
    const assigned = ok(await api.get(`PrivateNumbers/GetAssignments?privateNumberId=${line.id}`, { token: tree.resellerAdmin.token })).items;
    expect(assigned.map((a: any) => [a.userId, [...a.sendTypesList].sort()])).to.deep.equal([[tree.orgAdmin.userId, ['Bulk', 'Single']]]);
    // No longer free.
    expect(ok(await api.get(`BuyRequests/SearchFreeNumbers?pattern=${line.number}`, { token: tree.subAdmin.token })).items).to.deep.equal([]);
    const kinds = (await entries(tree.orgAdmin.token)).filter((e) => e.referenceId === String(paid.id) || e.referenceId === String(other.id)).map((e) => e.typeCreditChange);
    expect(kinds).to.have.length(3);
    expect(new Set(kinds)).to.deep.equal(new Set(['PriceNumber']));

    const container = (await sharedServer()).peyk.container;
    const resolve = () => container.get<UnitOfWork>(TYPES.UnitOfWork).run((tx) => container.get(LinesService).resolveForSend(tx, {
      organizationId: tree.organization.id, userId: tree.orgAdmin.userId, isOrganizationAdmin: true, privateNumberId: line.id, sendType: 'Bulk', at: new Date(),
    }));
    const myLines = async () => (ok(await api.get('PrivateNumbers/GetMyNumbers?sendType=Bulk', { token: tree.orgAdmin.token })) as { id: number }[]).map((l) => l.id);
    ok(await api.post('Organizations/Update', { id: tree.organization.id, isAuthenticated: false }, { token: tree.resellerAdmin.token }));
    const refused = await resolve().then(() => null, (e: AppError) => e);
    expect(refused?.key).to.equal('numbers.buy.awaitingAuthentication');
    expect(await myLines()).to.not.include(line.id);
    ok(await api.post('Organizations/Update', { id: tree.organization.id, isAuthenticated: true }, { token: tree.resellerAdmin.token }));
    expect((await resolve()).id).to.equal(line.id);
    expect(await myLines()).to.include(line.id);
  });

  it('the buyer and the buying organization\'s administrators are told (fa and en) when a request is paid, confirmed or rejected; nobody else', async () => {
    const org = await createOrganization(api, tree.resellerAdmin.token, { name: unique('Told buyer ') });
    const buyer = await createUser(api, tree.resellerAdmin.token, { userName: unique('toldbuyer'), organizationId: org.id, isAdmin: true, firstName: 'Buyer' });
    const colleague = await createUser(api, tree.resellerAdmin.token, { userName: unique('toldadmin'), organizationId: org.id, isAdmin: true, firstName: 'Admin' });
    const plain = await createUser(api, tree.resellerAdmin.token, { userName: unique('toldplain'), organizationId: org.id, isAdmin: false, firstName: 'Plain' });
    ok(await api.post('Credits/ChargeOrganization', { organizationId: org.id, amount: 500_000, isIncrement: true }, { token: tree.resellerAdmin.token }));
    const tokenOf = async (userName: string) => (await login(api, userName, USER_PASSWORD)).accessToken as string;
    const [buyerToken, colleagueToken, plainToken] = await Promise.all([tokenOf(buyer.userName), tokenOf(colleague.userName), tokenOf(plain.userName)]);
    const told = async (token: string) => (ok(await api.get('Notifications/GetLatest?limit=50', { token })).items as { kind: string; title: string; body: string }[])
      .filter((n) => n.kind.startsWith('NumberBuy'));
    const confirmLine = await forSale();
    const rejectLine = await forSale();
    const toConfirm = ok(await api.post('BuyRequests/Pay', { privateNumberId: confirmLine.id, termsAccepted: true }, { token: buyerToken }));
    const toReject = ok(await api.post('BuyRequests/Pay', { privateNumberId: rejectLine.id, termsAccepted: true }, { token: buyerToken }));
    // A refused payment (the terms) tells nobody.
    bad(await api.post('BuyRequests/Pay', { privateNumberId: (await forSale()).id, termsAccepted: false }, { token: buyerToken }), 400, 'termsAccepted');
    for (const token of [buyerToken, colleagueToken]) {
      const paid = await told(token);
      expect(paid.map((n) => n.kind)).to.deep.equal(['NumberBuyPaid', 'NumberBuyPaid']);
      expect(paid[0].title).to.equal('درخواست خرید شماره ثبت شد / Number purchase registered');
      expect(paid[0].body).to.contain(`The number ${rejectLine.number} was paid for`).and.contain('در انتظار بررسی سازمان بالادست');
      // The Persian half writes the number in Persian digits.
      expect(paid[0].body.split('\n')[0]).to.not.match(/[0-9]/);
    }
    ok(await api.post(`BuyRequests/Confirm/${toConfirm.id}`, {}, { token: tree.resellerAdmin.token }));
    ok(await api.post('BuyRequests/Reject', { id: toReject.id, rejectionDescription: 'no papers' }, { token: tree.resellerAdmin.token }));
    for (const token of [buyerToken, colleagueToken]) {
      const all = await told(token);
      expect(all.map((n) => n.kind)).to.deep.equal(['NumberBuyRejected', 'NumberBuyConfirmed', 'NumberBuyPaid', 'NumberBuyPaid']);
      expect(all[0].title).to.equal('خرید شماره رد شد / Number purchase rejected');
      expect(all[0].body).to.contain(`The purchase of ${rejectLine.number} was rejected`).and.contain('Reason: no papers').and.contain('دلیل: no papers');
      expect(all[1].title).to.equal('خرید شماره تأیید شد / Number purchase confirmed');
      expect(all[1].body).to.contain(`The purchase of ${confirmLine.number} was confirmed`);
    }
    expect(await told(plainToken)).to.deep.equal([]);
    expect((await told(tree.resellerAdmin.token)).filter((n) => n.body.includes(String(confirmLine.number)))).to.deep.equal([]);
  });

  it('transfers a line: history kept, the assignment and its limits (with the day\'s count) move; a price goes through the ledger', async () => {
    const line = await forSale();
    const paid = ok(await api.post('BuyRequests/Pay', { privateNumberId: line.id, termsAccepted: true }, { token: tree.orgAdmin.token }));
    ok(await api.post(`BuyRequests/Confirm/${paid.id}`, {}, { token: tree.resellerAdmin.token }));
    ok(await api.post('PrivateNumbers/Assign', { privateNumberId: line.id, userId: tree.orgAdmin.userId, sendTypesList: ['Bulk'], dailySendLimit: 10, monthlySendLimit: 100 }, { token: tree.resellerAdmin.token }));
    const colleague = await createUser(api, tree.orgAdmin.token, { userName: unique('heir'), organizationId: tree.organization.id, isAdmin: false, firstName: 'heir' });
    const container = (await sharedServer()).peyk.container;
    const lines = container.get(LinesService);
    const uow = container.get<UnitOfWork>(TYPES.UnitOfWork);
    const at = new Date();
    await uow.run((tx) => lines.consumeLimits(tx, { privateNumberId: line.id, userId: tree.orgAdmin.userId, count: 7, at }));

    bad(await api.post('PrivateNumberTransfers/Create', { privateNumberId: line.id, preOwner: colleague.id, newOwner: tree.orgAdmin.userId }, { token: tree.resellerAdmin.token }), 400, 'preOwner');
    bad(await api.post('PrivateNumberTransfers/Create', { privateNumberId: line.id, preOwner: tree.orgAdmin.userId, newOwner: colleague.id, price: 5 }, { token: tree.resellerAdmin.token }), 400, 'price');
    bad(await api.post('PrivateNumberTransfers/Create', { privateNumberId: line.id, preOwner: tree.orgAdmin.userId, newOwner: colleague.id }, { token: tree.orgAdmin.token }), 403);
    const first = ok(await api.post('PrivateNumberTransfers/Create', { privateNumberId: line.id, preOwner: tree.orgAdmin.userId, newOwner: colleague.id }, { token: tree.resellerAdmin.token }));
    expect(first).to.include({ privateNumber: line.number, numberType: 'Private', preOwner: tree.orgAdmin.userId, newOwner: colleague.id, price: '0' });
    const assigned = ok(await api.get(`PrivateNumbers/GetAssignments?privateNumberId=${line.id}`, { token: tree.resellerAdmin.token })).items;
    expect(assigned.map((a: any) => [a.userId, a.dailySendLimit, a.monthlySendLimit])).to.deep.equal([[colleague.id, 10, 100]]);
    // The day's 7 moved with the line: 3 left for the new owner, not a fresh 10.
    const over = await lines.limitsFailure({ privateNumberId: line.id, userId: colleague.id, count: 4, at });
    expect(over?.key).to.equal('numbers.dailyLimitReached');
    expect(await lines.limitsFailure({ privateNumberId: line.id, userId: colleague.id, count: 3, at })).to.equal(null);

    // To the sub-organization, for a price: the line follows the new owner, the money moves once.
    const orgBefore = BigInt(await credit(tree.organization.id));
    const subBefore = BigInt(await credit(tree.sub.id));
    const second = ok(await api.post('PrivateNumberTransfers/Create', { privateNumberId: line.id, preOwner: colleague.id, newOwner: tree.subAdmin.userId, price: '50000' }, { token: tree.resellerAdmin.token }));
    expect(second.newOwnerOrganizationId).to.equal(tree.sub.id);
    expect(BigInt(await credit(tree.sub.id))).to.equal(subBefore - 50_000n);
    expect(BigInt(await credit(tree.organization.id))).to.equal(orgBefore + 50_000n);
    expect(ok(await api.get(`PrivateNumbers/Get/${line.id}`, { token: tree.resellerAdmin.token })).organizationId).to.equal(tree.sub.id);
    const history = ok(await api.get(`PrivateNumberTransfers/GetAll?privateNumberId=${line.id}`, { token: tree.resellerAdmin.token }));
    expect(history.items.map((t: any) => [t.preOwnerUserName, t.newOwnerUserName, t.price])).to.deep.equal([
      [colleague.userName, tree.subAdmin.userName, '50000'], [tree.orgAdmin.userName, colleague.userName, '0'],
    ]);
    expect(ok(await api.get('Ledger/Verify', { token: superToken })).ok).to.equal(true);
  });
  it('a line transferred into another organization is unusable until that organization is authenticated (like a bought one)', async () => {
    const org = await createOrganization(api, tree.resellerAdmin.token, { name: unique('Heir org ') });
    const heir = await createUser(api, tree.resellerAdmin.token, { userName: unique('heiradmin'), organizationId: org.id, isAdmin: true, firstName: 'Heir' });
    // Made by the reseller for its organization, never bought: usable by its owner at once.
    const line = ok(await api.post('PrivateNumbers/Create', {
      number: `${stem}${String(++seq).padStart(2, '0')}7`, useForm: 'OneNumber', numberType: 'Private', typePrivateNumber: 'Bulk',
      smsSenderAgentId: agentId, organizationId: tree.organization.id, isSendBulk: true, isActive: true,
    }, { token: tree.resellerAdmin.token }));
    ok(await api.post('PrivateNumbers/Assign', { privateNumberId: line.id, userId: tree.orgAdmin.userId, sendTypesList: ['Bulk'] }, { token: tree.resellerAdmin.token }));
    const container = (await sharedServer()).peyk.container;
    const resolve = (organizationId: number, userId: number) => container.get<UnitOfWork>(TYPES.UnitOfWork).run((tx) => container.get(LinesService).resolveForSend(tx, {
      organizationId, userId, isOrganizationAdmin: true, privateNumberId: line.id, sendType: 'Bulk', at: new Date(),
    }));
    expect((await resolve(tree.organization.id, tree.orgAdmin.userId)).id).to.equal(line.id);

    ok(await api.post('PrivateNumberTransfers/Create', { privateNumberId: line.id, preOwner: tree.orgAdmin.userId, newOwner: heir.id }, { token: tree.resellerAdmin.token }));
    expect(ok(await api.get(`PrivateNumbers/Get/${line.id}`, { token: tree.resellerAdmin.token }))).to.include({ organizationId: org.id, awaitingAuthentication: true });
    const refused = await resolve(org.id, heir.id).then(() => null, (e: AppError) => e);
    expect(refused?.key).to.equal('numbers.buy.awaitingAuthentication');
    ok(await api.post('Organizations/Update', { id: org.id, isAuthenticated: true }, { token: tree.resellerAdmin.token }));
    expect((await resolve(org.id, heir.id)).id).to.equal(line.id);
  });
});
