import { expect } from 'chai';
import { unique, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { bad, ok, sendingTree, tariffBody } from '../support/sending.js';
import { fieldLabels } from '../../server/platform/field-labels.js';

/** U+202E RIGHT-TO-LEFT OVERRIDE: "invoice\u202Efdp.exe" shows as "invoiceexe.pdf". */
const RLO = '\u202E';
const spoof = (prefix: string) => `${prefix}${RLO}fdp.exe`;

/**
 * Issue 10 item 12: a name may not carry bidi embeddings, overrides or isolates (they make it read
 * as something else wherever it is shown); the refusal names the field by its label in both languages.
 */
describe('Names refuse bidi control characters', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };

  before(async () => {
    ({ api, superToken, tree, line } = await sendingTree());
  });

  interface Case { what: string; path: string; field: string; body: () => Record<string, unknown>; token: () => string }
  const cases: Case[] = [
    { what: 'an organization name', path: 'Organizations/Create', field: 'name', token: () => tree.resellerAdmin.token, body: () => ({ name: spoof('Org ') }) },
    { what: 'an organization CEO name', path: 'Organizations/Update', field: 'ceoFullName', token: () => tree.resellerAdmin.token, body: () => ({ id: tree.organization.id, ceoFullName: spoof('Ceo ') }) },
    { what: 'a user first name', path: 'Users/Create', field: 'firstName', token: () => tree.orgAdmin.token, body: () => ({ userName: unique('bidi'), password: 'User#Pass1', firstName: spoof('F ') }) },
    { what: 'a user last name', path: 'Users/Update', field: 'lastName', token: () => tree.subAdmin.token, body: () => ({ id: tree.subUser.userId, lastName: spoof('L ') }) },
    { what: 'a user name', path: 'Users/Create', field: 'userName', token: () => tree.orgAdmin.token, body: () => ({ userName: spoof('user'), password: 'User#Pass1' }) },
    { what: 'a role title', path: 'Roles/Create', field: 'title', token: () => tree.resellerAdmin.token, body: () => ({ title: spoof('Role '), claims: [] }) },
    { what: 'a tariff title', path: 'Tariffs/Create', field: 'title', token: () => tree.resellerAdmin.token, body: () => tariffBody(spoof('Tariff '), 100) },
    { what: 'a package title', path: 'Packages/Create', field: 'title', token: () => tree.resellerAdmin.token, body: () => ({ title: spoof('Pack '), expirationType: 1, expiration: 30, depositPrice: 1_000, chargeAmount: 1_000 }) },
    { what: 'a plan title', path: 'Plans/Create', field: 'title', token: () => tree.resellerAdmin.token, body: () => ({ title: spoof('Plan '), planType: 'Yearly', planPrice: '1000' }) },
    { what: 'a discount title', path: 'Discounts/Create', field: 'title', token: () => tree.resellerAdmin.token, body: () => ({ code: unique('BIDI').replace(/[^A-Za-z0-9]/g, ''), isPercentage: false, discountValue: '1000', title: spoof('Off ') }) },
    { what: 'a cheque holder name', path: 'Payments/Create', field: 'holderName', token: () => tree.subAdmin.token, body: () => ({ typePayment: 'Cash', amount: 1_000, holderName: spoof('Holder ') }) },
    { what: 'a payment gateway title', path: 'PaymentGateways/Create', field: 'title', token: () => tree.resellerAdmin.token, body: () => ({ typeIPG: 'Sandbox', title: spoof('Bank '), configJson: { secret: '0123456789abcdef0123' } }) },
    { what: 'a sender agent title', path: 'SenderAgents/Create', field: 'title', token: () => superToken, body: () => ({ title: spoof('Agent '), pluginName: 'simulator' }) },
    { what: 'a line sender name (mask)', path: 'PrivateNumbers/Create', field: 'mask', token: () => superToken, body: () => ({ useForm: 'Mask', mask: `Pey${RLO}k`, smsSenderAgentId: line.agentId }) },
    { what: 'a line tag', path: 'PrivateNumbers/Create', field: 'tag', token: () => superToken, body: () => ({ number: '30001234', smsSenderAgentId: line.agentId, tag: spoof('Tag ') }) },
    // Issue 21 item 7 (F8): the titles of the later modules, and a webhook's address, take the same format.
    { what: 'a pattern title', path: 'Patterns/Create', field: 'title', token: () => tree.subAdmin.token, body: () => ({ title: spoof('Pattern '), smsText: 'Hello {0}' }) },
    { what: 'an API token title', path: 'ApiTokens/Create', field: 'title', token: () => tree.subAdmin.token, body: () => ({ title: spoof('Key ') }) },
    { what: 'a calendar event title', path: 'CalendarEvents/Create', field: 'title', token: () => tree.subAdmin.token, body: () => ({ title: spoof('Day '), jalaliMonth: 1, jalaliDay: 1 }) },
    { what: 'a calendar event English title', path: 'CalendarEvents/Create', field: 'titleEn', token: () => tree.subAdmin.token, body: () => ({ title: 'Day', titleEn: spoof('Day '), jalaliMonth: 1, jalaliDay: 1 }) },
    { what: 'an occasion title', path: 'OccasionScheduledMessages/Create', field: 'title', token: () => tree.subAdmin.token, body: () => ({ title: spoof('Occasion '), privateNumberId: line.lineId, phonebookIds: [1], dynamicTemplateTitle: 'T', smsBody: 'Hi', sendHour: 9, calenderEvent: false }) },
    { what: 'an SMPP account title', path: 'SmppAccounts/Create', field: 'title', token: () => superToken, body: () => ({ systemId: unique('bidi').replace(/[^A-Za-z0-9]/g, '').slice(-15), password: 'pw123', userId: tree.subAdmin.userId, title: spoof('Carrier ') }) },
    { what: 'an OTP format title', path: 'OtpFormats/Create', field: 'title', token: () => tree.subAdmin.token, body: () => ({ title: spoof('Login '), smsText: 'Code {0}' }) },
    { what: 'a webhook address', path: 'Webhooks/Create', field: 'url', token: () => tree.subAdmin.token, body: () => ({ url: `https://shop.example.com/${RLO}gpj.exe`, webhookType: 'DeliveryStatus' }) },
  ];

  for (const c of cases) {
    it(`refuses ${c.what} with U+202E, naming ${c.field} (fa and en)`, async () => {
      const en = bad(await api.post(c.path, c.body(), { token: c.token(), culture: 'en-US' }), 400, c.field);
      const enIssue = en.validationErrors!.find((v) => v.propertyName === c.field)!;
      if (c.field !== 'userName') expect(enIssue.message).to.equal(`The ${fieldLabels[c.field].en} field contains hidden text-direction characters (such as U+202E); remove them.`);
      const fa = bad(await api.post(c.path, c.body(), { token: c.token(), culture: 'fa' }), 400, c.field);
      const faIssue = fa.validationErrors!.find((v) => v.propertyName === c.field)!;
      if (c.field !== 'userName') expect(faIssue.message).to.equal(`${fieldLabels[c.field].fa} نویسه‌های پنهانِ تغییر جهت متن (مانند U+202E) دارد؛ آن‌ها را حذف کنید.`);
    });
  }

  it('refuses the isolates and embeddings too, not only the override', async () => {
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069']) {
      bad(await api.post('Organizations/Create', { name: `Org ${control}x` }, { token: tree.resellerAdmin.token }), 400, 'name');
    }
  });

  it('accepts a mixed-script Persian name with ZWNJ, RLM, LRM and ALM (decision: the marks stay legal)', async () => {
    const name = unique('شرکت\u200Cهای Peyk\u200F ABC\u200E ۱۲\u061C ');
    const created = ok(await api.post('Organizations/Create', { name }, { token: tree.resellerAdmin.token }));
    expect(ok(await api.get(`Organizations/Get/${created.id}`, { token: tree.resellerAdmin.token })).name).to.equal(name);
  });

  it('leaves the text of an SMS to the messaging rules (a message is not a name: no name format on smsBody)', async () => {
    const res = bad(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: `سلام ${RLO}olleh`, sendType: 'Bulk', receivers: ['09121110012'] },
      { token: tree.subAdmin.token, culture: 'en-US' }), 400, 'smsBody');
    expect(res.data.failureCode).to.equal('SmsTextIsFilter');
    expect(res.validationErrors).to.have.length(1);
  });
});
