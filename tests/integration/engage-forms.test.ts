import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, standaloneLine, standaloneSender, waitForSend } from '../support/sending.js';
import { FormsRepository } from '../../server/modules/engage/forms/forms.repository.js';
import { FormSubmissionsService } from '../../server/modules/engage/forms/form-submissions.service.js';

/**
 * A public form's answer ends as a contact of the form's phonebook (custom field values too) and
 * ONE thank-you send through a dynamic template, priced like any single send (tariff 100 rials a
 * part): a retried submission, three retries at once, or a crash inside the send's transaction
 * followed by a retry never charge a second time, and the ledger verifies.
 */
describe('Forms: answer → phonebook contact → thank-you send, charged exactly once', function () {
  this.timeout(180_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let token: string;
  let orgId: number;
  let lineId: number;
  let book: number;
  let levelId: number;
  let cityId: number;
  let formId: number;
  let fields: Record<string, number>;
  let repo: FormsRepository;

  const credit = async () => {
    const c = ok(await api.get(`Organizations/GetOrganizationCreditForAdmin?organizationId=${orgId}`, { token: admin }));
    return { balance: BigInt(c.balance), held: BigInt(c.held) };
  };
  const answers = async () => ok(await api.get(`Forms/GetAnswers?formId=${formId}&pageSize=100`, { token })).items as any[];
  const contactOf = async (number: string) => (ok(await api.get(`Contacts/GetAll?phonebookId=${book}&search=${number}`, { token })).items as any[])[0];
  const submit = (submissionKey: string, values: Record<string, unknown>) => api.post('PublicForms/Submit', { formId, submissionKey, values });
  const settled = async (sendId: number) => waitForSend(api, token, sendId, (s) => s.queueStatus === 'Completed' && s.deliveredCount === 1);

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server.url);
    ({ admin, token, organizationId: orgId } = await standaloneSender(api, 'Forms money', 1_000_000));
    ({ lineId } = await standaloneLine(api, admin, '30009301', { deliveryDelayMs: 5 }, { isSendSingle: true }));
    book = ok(await api.post('Phonebooks/Create', { title: 'Leads' }, { token })).id;
    levelId = ok(await api.post('CustomFields/Create', { type: 'Integer', nameEn: 'Level', nameFa: 'سطح' }, { token })).id;
    cityId = ok(await api.post('CustomFields/Create', { type: 'String', nameEn: 'City', nameFa: 'شهر' }, { token })).id;
    const template = ok(await api.post('DynamicTemplates/Create', { title: 'Form thanks', customText: 'Thanks {firstName} from {City}, level {Level}' }, { token }));
    repo = server.peyk.container.get(FormsRepository);
    const form = ok(await api.post('Forms/Create', {
      title: 'Sign up', phonebookId: book, privateNumberId: lineId, dynamicTemplateId: template.id, thankYouText: 'We got it',
    }, { token }));
    formId = form.id;
    let all: any[] = [];
    for (const f of [
      { label: 'Mobile', fieldType: 'Mobile', isRequired: true },
      { label: 'Name', fieldType: 'String', contactField: 'firstName', isRequired: true },
      { label: 'City', fieldType: 'String', customFieldId: cityId },
      { label: 'Level', fieldType: 'Integer', customFieldId: levelId, minValue: 1, maxValue: 5 },
    ]) all = ok(await api.post('Forms/CreateField', { formId, ...f }, { token }));
    fields = Object.fromEntries(all.map((f: any) => [f.label, f.id]));
    ok(await api.post('Forms/Publish', { id: formId, isPublished: true }, { token }));
  });

  after(async () => {
    if (api && admin) expect(ok(await api.get('Ledger/Verify', { token: admin })).mismatches, 'ledger verify').to.deep.equal([]);
    await server?.stop();
  });

  it('writes the contact with its custom fields and sends one thank-you; a retried submission pays nothing', async () => {
    const start = await credit();
    const submissionKey = randomUUID();
    const values = { [fields.Mobile]: '09121930001', [fields.Name]: 'Sara', [fields.City]: 'Tabriz', [fields.Level]: '3' };
    const first = ok(await submit(submissionKey, values));
    expect(first).to.deep.equal({ thankYouText: 'We got it' });
    const [answer] = await answers();
    expect(answer).to.include({ mobile: '989121930001', contactCreated: true, sendFailure: null });
    expect(answer.sendId).to.match(/^\d+$/);
    const contact = await contactOf('09121930001');
    expect(contact).to.include({ id: answer.contactId, firstName: 'Sara', createType: 'Form' });
    expect(contact.fields).to.deep.equal({ [cityId]: 'Tabriz', [levelId]: 3 });

    const send = await settled(Number(answer.sendId));
    expect(send).to.include({ sendSubType: 'Form', sendType: 'Single', recipientCount: 1 });
    expect(send.smsText).to.equal('Thanks Sara from Tabriz, level 3');
    const after = await credit();
    expect(start.balance - after.balance, 'one part at 100 rials').to.equal(100n);
    expect(after.held).to.equal(start.held);

    // The page retries (lost answer, double click): the same answer, no second send, no charge.
    ok(await submit(submissionKey, values));
    await Promise.all([submit(submissionKey, values), submit(submissionKey, values), submit(submissionKey, values)]);
    expect(await answers()).to.have.length(1);
    const again = await credit();
    expect(again).to.deep.equal(after);
    expect(ok(await api.get('Forms/Get/' + formId, { token })).answersCount).to.equal(1);
  });

  it('a second answer updates the same contact (merged custom fields)', async () => {
    const start = await credit();
    ok(await submit(randomUUID(), { [fields.Mobile]: '+989121930001', [fields.Name]: 'Sara B', [fields.Level]: 5 }));
    const latest = (await answers())[0];
    expect(latest).to.include({ contactCreated: false });
    const contact = await contactOf('09121930001');
    expect(contact).to.include({ id: latest.contactId, firstName: 'Sara B' });
    expect(contact.fields).to.deep.equal({ [cityId]: 'Tabriz', [levelId]: 5 });
    const send = await settled(Number(latest.sendId));
    expect(send.smsText).to.equal('Thanks Sara B from Tabriz, level 5');
    expect(start.balance - (await credit()).balance).to.equal(100n);
  });

  it('a crash inside the thank-you\'s transaction holds nothing; the retry sends once', async () => {
    const start = await credit();
    const submissionKey = randomUUID();
    const values = { [fields.Mobile]: '09121930002', [fields.Name]: 'Reza' };
    const real = repo.linkSend.bind(repo);
    repo.linkSend = async () => { throw new Error('process died'); };
    try {
      ok(await submit(submissionKey, values));
    } finally {
      repo.linkSend = real;
    }
    const [stored] = await answers();
    expect(stored).to.include({ mobile: '989121930002', sendId: null });
    const mid = await credit();
    expect(mid).to.deep.equal(start);
    ok(await submit(submissionKey, values));
    const [answer] = await answers();
    expect(answer.id).to.equal(stored.id);
    expect(answer.sendId).to.match(/^\d+$/);
    await settled(Number(answer.sendId));
    expect(start.balance - (await credit()).balance).to.equal(100n);
    ok(await submit(submissionKey, values));
    expect(start.balance - (await credit()).balance).to.equal(100n);
  });

  it('a refused thank-you is recorded on the answer and charges nothing; the answer and contact stand', async () => {
    const plain = ok(await api.post('Forms/Create', { title: 'No thanks', phonebookId: book }, { token }));
    const [mobile] = ok(await api.post('Forms/CreateField', { formId: plain.id, label: 'Mobile', fieldType: 'Mobile', isRequired: true }, { token }));
    ok(await api.post('Forms/Publish', { id: plain.id, isPublished: true }, { token }));
    const before = await credit();
    ok(await api.post('PublicForms/Submit', { formId: plain.id, submissionKey: randomUUID(), values: { [mobile.id]: '09121930003' } }));
    const [answer] = ok(await api.get(`Forms/GetAnswers?formId=${plain.id}`, { token })).items as any[];
    expect(answer).to.include({ sendId: null, sendFailure: null, contactCreated: true });
    // The thank-you of a line that is not the owner's (taken away since the save): compose refuses it.
    const form = (await repo.byId(plain.id))!;
    const outcome = await server.peyk.container.get(FormSubmissionsService).thankYou({ ...form, privateNumberId: 2147483000, thankYouSmsText: 'Hi' }, answer.id, '989121930003');
    expect(outcome).to.equal('refused');
    const [after] = ok(await api.get(`Forms/GetAnswers?formId=${plain.id}`, { token })).items as any[];
    expect(after.sendId).to.equal(null);
    expect(after.sendFailure).to.be.a('string').and.not.equal('');
    expect(await contactOf('09121930003')).to.include({ createType: 'Form' });
    expect(await credit()).to.deep.equal(before);
  });
  it("past the organization's contact limit the answer is still stored, without the contact, the reason kept", async () => {
    const existing = ok(await api.get(`Contacts/GetAll?phonebookId=${book}&pageSize=100`, { token })).totalCount as number;
    ok(await api.post('Organizations/Update', { id: orgId, maximumPhoneNumber: existing }, { token: admin }));
    try {
      const before = (await answers()).length;
      ok(await submit(randomUUID(), { [fields.Mobile]: '09121930009', [fields.Name]: 'Over' }));
      const [latest] = await answers();
      expect(await answers()).to.have.length(before + 1);
      expect(latest).to.include({ mobile: '989121930009', contactId: null, contactFailure: 'contacts.maximumPhoneNumberReached' });
      expect(await contactOf('09121930009')).to.equal(undefined);
      await settled(Number(latest.sendId));
    } finally {
      ok(await api.post('Organizations/Update', { id: orgId, maximumPhoneNumber: null }, { token: admin }));
    }
  });
});
