import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { adminToken, createTree, sharedApi, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { ok } from '../support/envelope.js';

describe('Billing: Transactions/Export escapes text a spreadsheet would run as a formula', function () {
  this.timeout(90_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;

  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
    tree = await createTree(api);
  });

  it('writes descriptions starting with = @ + - behind an apostrophe, and ids and amounts exactly as GetAll', async () => {
    const attacks = ['=HYPERLINK("http://evil.example/x","click")', '@SUM(A1:A9)', '+cmd|\' /C calc\'!A0', '-2+3'];
    for (const description of attacks) {
      ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.reseller.id, amount: 10_000, description }, { token: superToken }));
    }
    // Taken back: a decrease among the entries (its amount stays the ledger's text, compared below).
    ok(await api.post('Credits/ChargeOrganization', { organizationId: tree.reseller.id, amount: 5_000, isIncrement: false, description: 'plain' }, { token: superToken }));

    const qs = `organizationId=${tree.reseller.id}`;
    const res = await fetch(new URL(`/api/Transactions/Export?${qs}`, api.baseUrl), { headers: { authorization: `Bearer ${superToken}` } });
    expect(res.status).to.equal(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
    const sheet = workbook.getWorksheet('Transactions') as ExcelJS.Worksheet;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0][11]).to.equal('Description');
    const body = rows.slice(1);
    // No cell is a formula, and every description that starts like one is behind an apostrophe.
    sheet.eachRow((row) => row.eachCell((c) => expect(c.type, String(c.value)).to.not.equal(ExcelJS.ValueType.Formula)));
    const descriptions = body.map((r) => r[11]);
    for (const attack of attacks) expect(descriptions).to.include(`'${attack}`);
    expect(descriptions).to.include('plain');

    const list = ok(await api.get(`Transactions/GetAll?${qs}&pageSize=500`, { token: superToken }));
    const taken = list.items.find((e: any) => e.description === 'plain');
    expect(taken).to.include({ typeTransaction: 'Decrease' });
    expect(body.map((r) => [String(r[0]), r[5], r[6]])).to.deep.equal(list.items.map((e: any) => [String(e.id), e.amount, e.currentCredit]));
  });
});
