import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import ExcelJS from 'exceljs';
import { adminToken, createTree, sharedApi, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, ok } from '../support/envelope.js';

const SECRET = 'sandbox-secret-0123456789';

describe('Billing: online payment gateways (sandbox), account information', function () {
  this.timeout(90_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let gatewayId: number;

  /** A plain browser request (HTML answers). */
  const browse = async (pathAndQuery: string) => {
    const res = await fetch(new URL(pathAndQuery, api.baseUrl));
    return { status: res.status, text: await res.text() };
  };
  const linkOf = (html: string, id: string) => (html.match(new RegExp(`id="${id}" href="([^"]+)"`)) as RegExpMatchArray)[1].replace(/&amp;/g, '&');
  const balanceOf = async (organizationId: number) => ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${organizationId}`, { token: tree.resellerAdmin.token })).balance as string;
  const sign = (secret: string, authority: string, amount: string, status: string) => createHmac('sha256', secret).update(`${authority}|${amount}|${status}`).digest('hex');
  const onlineEntries = async (paymentId: number) =>
    ok(await api.get(`Transactions/GetAll?referenceType=payment&referenceId=${paymentId}`, { token: superToken })).items.filter((e: any) => e.typeCreditChange === 'OnlinePayment');
  const start = async (amount: number) => ok(await api.post('Payments/CreateOnline', { amount, gatewayId }, { token: tree.subAdmin.token }));

  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
    tree = await createTree(api);
    const account = ok(await api.post('AccountInformations/Create', { accountNo: '123-456', branch: 'Central', cardNo: '6037991234567890', iban: 'IR120170000000123456789012', owner: 'Reseller Co' }, { token: tree.resellerAdmin.token }));
    const gw = ok(await api.post('PaymentGateways/Create', { typeIPG: 'Sandbox', title: 'Sandbox bank', configJson: { secret: SECRET }, isGeneralUse: true, isFactorUse: false, accountInformationId: account.id }, { token: tree.resellerAdmin.token }));
    gatewayId = gw.id;
    expect(gw.configJson.secret).to.equal('***');
  });

  after(async () => {
    const verify = ok(await api.get('Ledger/Verify', { token: superToken }));
    expect(verify.mismatches).to.deep.equal([]);
    expect(verify.ok).to.equal(true);
  });

  it('manages gateways and account information from the system or a reseller only, within the tree', async () => {
    bad(await api.post('PaymentGateways/Create', { typeIPG: 'Sandbox', title: 'Weak', configJson: { secret: 'short' } }, { token: tree.resellerAdmin.token }), 400, 'configJson.secret');
    bad(await api.post('PaymentGateways/Create', { typeIPG: 'Nope', title: 'x', configJson: {} }, { token: tree.resellerAdmin.token }), 400, 'typeIPG');
    bad(await api.post('PaymentGateways/Create', { typeIPG: 'Sandbox', title: 'x', configJson: { secret: SECRET } }, { token: tree.orgAdmin.token }), 403);
    bad(await api.get(`PaymentGateways/Get/${gatewayId}`, { token: tree.otherAdmin.token }), 404);
    const updated = ok(await api.post('PaymentGateways/Update', { id: gatewayId, title: 'Sandbox bank (test)' }, { token: tree.resellerAdmin.token }));
    expect(updated.title).to.equal('Sandbox bank (test)');
    const list = ok(await api.get('PaymentGateways/GetAll', { token: tree.resellerAdmin.token }));
    expect(list.items.map((g: any) => g.id)).to.include(gatewayId);
    expect(ok(await api.get('PaymentGateways/GetAll', { token: tree.otherAdmin.token })).items.map((g: any) => g.id)).to.not.include(gatewayId);
    expect(ok(await api.get('AccountInformations/GetAll', { token: tree.resellerAdmin.token })).items[0]).to.include({ owner: 'Reseller Co', iban: 'IR120170000000123456789012' });
  });

  it('isShowGeneralAccount (issue 29): on by default; off, the gateways above are neither offered nor usable', async () => {
    expect(ok(await api.get(`Organizations/Get/${tree.sub.id}`, { token: tree.orgAdmin.token })).isShowGeneralAccount).to.equal(true);
    ok(await api.post('Organizations/Update', { id: tree.sub.id, isShowGeneralAccount: false }, { token: tree.orgAdmin.token }));
    try {
      expect(ok(await api.get('Payments/GetDescriptorOnlineGateway', { token: tree.subAdmin.token }))).to.deep.equal([]);
      bad(await api.post('Payments/CreateOnline', { amount: 1000, gatewayId }, { token: tree.subAdmin.token }), 400, 'gatewayId');
      // The organization above keeps its own flag.
      expect(ok(await api.get('Payments/GetDescriptorOnlineGateway', { token: tree.orgAdmin.token })).map((g: any) => g.id)).to.include(gatewayId);
    } finally {
      ok(await api.post('Organizations/Update', { id: tree.sub.id, isShowGeneralAccount: true }, { token: tree.orgAdmin.token }));
    }
    expect(ok(await api.get('Payments/GetDescriptorOnlineGateway', { token: tree.subAdmin.token })).map((g: any) => g.id)).to.include(gatewayId);
  });

  it('describes the gateways the caller may use (owned strictly above it)', async () => {
    const mine = ok(await api.get('Payments/GetDescriptorOnlineGateway', { token: tree.subAdmin.token }));
    expect(mine.map((g: any) => g.id)).to.include(gatewayId);
    expect(mine.find((g: any) => g.id === gatewayId)).to.include({ type: 'Sandbox', isGeneralUse: true });
    expect(JSON.stringify(mine)).to.not.include(SECRET);
    const other = ok(await api.get('Payments/GetDescriptorOnlineGateway', { token: tree.otherAdmin.token }));
    expect(other.map((g: any) => g.id)).to.not.include(gatewayId);
    bad(await api.post('Payments/CreateOnline', { amount: 1000, gatewayId }, { token: tree.otherAdmin.token }), 400, 'gatewayId');
    bad(await api.post('Payments/CreateOnline', { amount: -5, gatewayId }, { token: tree.subAdmin.token }), 400, 'amount');
    bad(await api.post('Payments/Create', { typePayment: 'OnLine', amount: 1000 }, { token: tree.subAdmin.token }), 400, 'typePayment');
  });

  it('pays through the sandbox page: the verified callback credits once, however often and concurrently it is called', async () => {
    const before = BigInt(await balanceOf(tree.sub.id));
    const started = await start(25_000);
    expect(started.payment.typeStatus).to.equal('WatingForPay');
    expect(started.redirectUrl).to.match(/^\/api\/Payments\/SandboxPay\?authority=/);
    const pagePay = await browse(started.redirectUrl);
    expect(pagePay.status).to.equal(200);
    expect(pagePay.text).to.include('Pay').and.include('پرداخت').and.include('25000');
    const pay = linkOf(pagePay.text, 'pay');
    expect(BigInt(await balanceOf(tree.sub.id))).to.equal(before); // nothing before the callback

    const answers = await Promise.all([browse(pay), browse(pay), browse(pay), browse(pay)]);
    expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200, 200]);
    expect(answers.filter((a) => a.text.includes('data-status="confirmed"'))).to.have.length(1);
    expect((await browse(pay)).text).to.include('data-status="alreadyConfirmed"');
    expect(BigInt(await balanceOf(tree.sub.id))).to.equal(before + 25_000n);
    expect(await onlineEntries(started.payment.id)).to.have.length(1);
    const payments = ok(await api.get('Payments/GetAll?typePayment=OnLine&typeStatus=Confirmed', { token: tree.subAdmin.token }));
    expect(payments.items.find((p: any) => p.id === started.payment.id)).to.include({ amount: '25000', gatewayReferenceId: `SBX-REF-${started.payment.id}` });
    // The sandbox page of a paid payment is gone.
    expect((await browse(started.redirectUrl)).status).to.equal(404);
  });

  it('a failed payment credits nothing, and its pay link cannot be used afterwards', async () => {
    const before = await balanceOf(tree.sub.id);
    const started = await start(9_000);
    const html = (await browse(started.redirectUrl)).text;
    const fail = await browse(linkOf(html, 'fail'));
    expect(fail.text).to.include('data-status="failed"');
    const payAfter = await browse(linkOf(html, 'pay'));
    expect(payAfter.text).to.include('data-status="failed"');
    expect(await balanceOf(tree.sub.id)).to.equal(before);
    expect(await onlineEntries(started.payment.id)).to.have.length(0);
    const list = ok(await api.get('Payments/GetAll?typePayment=OnLine&typeStatus=Rejected', { token: tree.subAdmin.token }));
    expect(list.items.map((p: any) => p.id)).to.include(started.payment.id);
  });

  it('refuses a forged signature, a wrong amount and an unknown authority; nothing is credited', async () => {
    const before = await balanceOf(tree.sub.id);
    const started = await start(40_000);
    const authority = started.authority as string;
    const cb = (q: string) => browse(`/api/Payments/OnlineCallback?${q}`);
    // Signed with another secret.
    expect((await cb(`authority=${authority}&status=OK&amount=40000&signature=${sign('another-secret-0123456789', authority, '40000', 'OK')}`)).status).to.equal(400);
    // The right secret but another amount (the gateway charged less than the payment).
    expect((await cb(`authority=${authority}&status=OK&amount=400&signature=${sign(SECRET, authority, '400', 'OK')}`)).status).to.equal(400);
    // A signature of the failure turned into success.
    expect((await cb(`authority=${authority}&status=OK&amount=40000&signature=${sign(SECRET, authority, '40000', 'NOK')}`)).status).to.equal(400);
    // No signature, garbage signature, unknown authority.
    expect((await cb(`authority=${authority}&status=OK&amount=40000`)).status).to.equal(400);
    expect((await cb(`authority=${authority}&status=OK&amount=40000&signature=zz`)).status).to.equal(400);
    expect((await cb(`authority=SBXunknown&status=OK&amount=40000&signature=${sign(SECRET, 'SBXunknown', '40000', 'OK')}`)).status).to.equal(400);
    // A genuine callback of another payment replayed with this authority.
    const other = await start(40_000);
    const otherPay = linkOf((await browse(other.redirectUrl)).text, 'pay');
    const replay = otherPay.replace(other.authority, authority);
    expect((await browse(replay)).status).to.equal(400);
    expect(await balanceOf(tree.sub.id)).to.equal(before);
    expect(await onlineEntries(started.payment.id)).to.have.length(0);
    const still = ok(await api.get('Payments/GetAll?typePayment=OnLine&typeStatus=WatingForPay', { token: tree.subAdmin.token }));
    expect(still.items.map((p: any) => p.id)).to.include(started.payment.id);
  });

  it('writes an audit row for the online payment and its callback', async () => {
    const started = await start(1_500);
    await browse(linkOf((await browse(started.redirectUrl)).text, 'pay'));
    const history = ok(await api.get(`Audits/GetAll?className=Payment&referenceId=${started.payment.id}`, { token: superToken }));
    expect(history.items.map((a: any) => a.operationType)).to.include.members(['Create', 'OnlineCallback']);
  });

  it('exports transactions as an .xlsx whose rows match GetAll with the same filters, tenant-scoped', async () => {
    const download = async (qs: string, token: string) => {
      const url = new URL(`/api/Transactions/Export?${qs}`, api.baseUrl);
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.include('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
      const sheet = workbook.getWorksheet('Transactions') as ExcelJS.Worksheet;
      const rows: string[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
      return rows;
    };
    const qs = `organizationId=${tree.sub.id}&typeCreditChange=OnlinePayment`;
    const list = ok(await api.get(`Transactions/GetAll?${qs}&pageSize=500`, { token: tree.resellerAdmin.token }));
    expect(list.items.length).to.be.greaterThan(1);
    const rows = await download(qs, tree.resellerAdmin.token);
    expect(rows[0].slice(0, 6)).to.deep.equal(['Id', 'Date', 'Organization', 'TypeCreditChange', 'TypeTransaction', 'Amount (rials)']);
    expect(rows.slice(1).map((r) => [r[0], r[3], r[4], r[5], r[6], r[8]])).to.deep.equal(
      list.items.map((e: any) => [String(e.id), e.typeCreditChange, e.typeTransaction, e.amount, e.currentCredit, String(e.referenceId)]),
    );
    // Another tree sees none of these entries, even when naming the organization.
    const foreign = await download(`typeCreditChange=OnlinePayment`, tree.otherAdmin.token);
    const ids = new Set(list.items.map((e: any) => String(e.id)));
    expect(foreign.slice(1).filter((r) => ids.has(r[0]))).to.deep.equal([]);
    const bare = await fetch(new URL('/api/Transactions/Export', api.baseUrl));
    expect(bare.status).to.equal(401);
  });
});
