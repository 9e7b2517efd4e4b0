import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { bad, ok, standaloneLine, standaloneSender } from '../support/sending.js';
import { SUBMISSIONS_PER_WINDOW } from '../../server/modules/engage/forms/form-submissions.service.js';
import { ShortLinksService } from '../../server/modules/engage/index.js';

const key = () => randomUUID();

/**
 * The form builder (issue 28): Forms/* in the panel (claim Services.Use, tenancy), PublicForms/*
 * without sign-in (silent 404 for anything not published), every field rule answered on its field
 * in Persian and English, files within the field's MB limit, the per-address rate limit, and the
 * answers' list and export.
 */
describe('Forms: the builder (Forms/*) and the public form (PublicForms/*)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let token: string;
  let otherToken: string;
  let lineId: number;
  let book: number;
  let levelId: number;

  const createForm = async (body: Record<string, unknown> = {}, as = token) => ok(await api.post('Forms/Create', { title: 'Survey form', ...body }, { token: as }));
  const addField = (formId: number, body: Record<string, unknown>, culture = 'en-US') => api.post('Forms/CreateField', { formId, ...body }, { token, culture });
  const submit = (formId: number, values: Record<string, unknown>, culture = 'en-US', submissionKey = key()) => api.post('PublicForms/Submit', { formId, submissionKey, values }, { culture });

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server.url);
    ({ admin, token } = await standaloneSender(api, 'Forms', 1_000_000));
    ({ lineId } = await standaloneLine(api, admin, '30009201', { deliveryDelayMs: 5 }, { isSendSingle: true }));
    book = ok(await api.post('Phonebooks/Create', { title: 'Form leads' }, { token })).id;
    levelId = ok(await api.post('CustomFields/Create', { type: 'Integer', nameEn: 'Level', nameFa: 'سطح' }, { token })).id;
    const other = ok(await api.post('Organizations/Create', { name: 'Forms other', type: 'reseller' }, { token: admin }));
    ok(await api.post('Users/Create', { userName: `formsother${other.id}`, password: 'User#Pass1', changePasswordRequired: false, organizationId: other.id, isAdmin: true, firstName: 'O' }, { token: admin }));
    otherToken = ok(await api.post('Account/Login', { userName: `formsother${other.id}`, password: 'User#Pass1' })).accessToken;
  });

  after(async () => {
    if (api && admin) expect(ok(await api.get('Ledger/Verify', { token: admin })).mismatches, 'ledger verify').to.deep.equal([]);
    await server?.stop();
  });

  it('creates, lists, updates, reorders and deletes a form and its fields', async () => {
    const form = await createForm({ description: 'Tell us', theme: 'green', phonebookId: book, thankYouText: 'Thanks!' });
    expect(form).to.include({ title: 'Survey form', theme: 'green', phonebookId: book, phonebookName: 'Form leads', isPublished: false, answersCount: 0 });
    const a = ok(await addField(form.id, { label: 'نام', labelEn: 'Name', fieldType: 'String', contactField: 'firstName', isRequired: true }));
    expect(a).to.have.length(1);
    const b = ok(await addField(form.id, { label: 'موبایل', fieldType: 'Mobile', isRequired: true }));
    const [name, mobile] = b;
    expect(mobile).to.include({ fieldType: 'Mobile', sortOrder: 2 });
    const reordered = ok(await api.post('Forms/ReorderFields', { formId: form.id, fieldIds: [mobile.id, name.id] }, { token }));
    expect(reordered.map((f: any) => f.id)).to.deep.equal([mobile.id, name.id]);
    bad(await api.post('Forms/ReorderFields', { formId: form.id, fieldIds: [mobile.id] }, { token }), 400, 'fieldIds');
    const updated = ok(await api.post('Forms/UpdateField', { id: name.id, label: 'نام کوچک', fieldType: 'String', maxLength: 40, contactField: 'firstName' }, { token }));
    expect(updated.find((f: any) => f.id === name.id)).to.include({ label: 'نام کوچک', maxLength: 40, isRequired: false });
    const list = ok(await api.get('Forms/GetAll?search=Survey', { token }));
    expect(list.items.map((f: any) => f.id)).to.include(form.id);
    const changed = ok(await api.post('Forms/Update', { id: form.id, title: 'Renamed', theme: 'purple', phonebookId: book }, { token }));
    expect(changed).to.include({ title: 'Renamed', theme: 'purple' });
    expect(changed.fields).to.have.length(2);
    ok(await api.delete(`Forms/DeleteField/${name.id}`, { token }));
    ok(await api.delete(`Forms/Delete/${form.id}`, { token }));
    bad(await api.get(`Forms/Get/${form.id}`, { token }), 404);
  });

  it('refuses rules that do not fit the field, each on its field (fa and en)', async () => {
    const form = await createForm();
    const en = bad(await addField(form.id, { label: 'Age', fieldType: 'Integer', minValue: 10, maxValue: 5, minLength: 2, regexValidation: 'x' }), 400);
    expect(en.validationErrors!.map((v: any) => v.propertyName)).to.have.members(['minValue', 'minLength', 'regexValidation']);
    expect(en.validationErrors!.find((v: any) => v.propertyName === 'minValue')!.message).to.equal('The minimum is above the maximum.');
    const fa = bad(await addField(form.id, { label: 'کد', fieldType: 'String', regexValidation: '(a+)+' }, 'fa'), 400, 'regexValidation');
    expect(fa.validationErrors![0].message).to.match(/عبارت باقاعده/);
    bad(await addField(form.id, { label: 'Code', fieldType: 'String', regexValidation: '[a-' }), 400, 'regexValidation');
    bad(await addField(form.id, { label: 'Photo', fieldType: 'File' }), 400, 'maxFileSizeByMegabyte');
    bad(await addField(form.id, { label: 'Born', fieldType: 'String', contactField: 'birthdate' }), 400, 'contactField');
    bad(await addField(form.id, { label: 'Level', fieldType: 'String', customFieldId: levelId }), 400, 'customFieldId');
    bad(await addField(form.id, { label: ' ', fieldType: 'String' }), 400, 'label');
    bad(await addField(form.id, { label: 'x', fieldType: 'Colour' }), 400, 'fieldType');
    ok(await addField(form.id, { label: 'Mobile', fieldType: 'Mobile' }));
    bad(await addField(form.id, { label: 'Mobile 2', fieldType: 'Mobile' }), 400, 'fieldType');
    // A thank-you needs its line, and a text or template (not both).
    bad(await api.post('Forms/Update', { id: form.id, title: 'x', thankYouSmsText: 'Thanks' }, { token }), 400, 'privateNumberId');
    bad(await api.post('Forms/Update', { id: form.id, title: 'x', privateNumberId: lineId }, { token }), 400, 'thankYouSmsText');
    bad(await api.post('Forms/Update', { id: form.id, title: 'x', privateNumberId: lineId, thankYouSmsText: 'Hi {nosuch}' }, { token }), 400, 'thankYouSmsText');
    bad(await api.post('Forms/Update', { id: form.id, title: 'x', theme: 'black' }, { token }), 400, 'theme');
  });

  it('publishes only a form a visitor can answer; anything unpublished answers a silent 404', async () => {
    const form = await createForm({ phonebookId: book });
    bad(await api.post('Forms/Publish', { id: form.id, isPublished: true }, { token }), 400);
    ok(await addField(form.id, { label: 'Mobile', fieldType: 'Mobile', isRequired: false }));
    // Writing a phonebook needs a required mobile.
    const refused = bad(await api.post('Forms/Publish', { id: form.id, isPublished: true }, { token }), 400);
    expect(refused.message).to.match(/required mobile field/);
    const mobile = ok(await api.get(`Forms/Get/${form.id}`, { token })).fields[0];
    ok(await api.post('Forms/UpdateField', { id: mobile.id, label: 'Mobile', fieldType: 'Mobile', isRequired: true }, { token }));
    const unpublished = await api.get(`PublicForms/Get/${form.id}`);
    expect(unpublished.status).to.equal(404);
    expect((await submit(form.id, { [mobile.id]: '09120000000' })).status).to.equal(404);
    expect((await api.get('PublicForms/Get/99999999')).status).to.equal(404);
    ok(await api.post('Forms/Publish', { id: form.id, isPublished: true }, { token }));
    const shown = ok(await api.get(`PublicForms/Get/${form.id}`));
    expect(shown).to.have.keys(['id', 'title', 'description', 'theme', 'fields']);
    expect(shown.fields[0]).not.to.have.property('customFieldId');
    // The required mobile cannot be made optional while published.
    bad(await api.post('Forms/UpdateField', { id: mobile.id, label: 'Mobile', fieldType: 'Mobile', isRequired: false }, { token }), 400);
    ok(await api.post('Forms/Publish', { id: form.id, isPublished: false }, { token }));
    expect((await api.get(`PublicForms/Get/${form.id}`)).status).to.equal(404);
    ok(await api.post('Forms/Publish', { id: form.id, isPublished: true }, { token }));
    ok(await api.delete(`Forms/Delete/${form.id}`, { token }));
    expect((await api.get(`PublicForms/Get/${form.id}`)).status).to.equal(404);
  });

  it('judges every rule type on its field, in Persian and English, and stores nothing wrong', async () => {
    const form = await createForm();
    const fields = [
      { label: 'موبایل', labelEn: 'Mobile', fieldType: 'Mobile', isRequired: true },
      { label: 'سن', fieldType: 'Integer', minValue: 18, maxValue: 99 },
      { label: 'قد', fieldType: 'Float', minValue: 0.5, maxValue: 2.5 },
      { label: 'کد', fieldType: 'String', minLength: 3, maxLength: 5, regexValidation: '[A-Z]+[0-9]' },
      { label: 'تاریخ', fieldType: 'Datetime' },
      { label: 'موافقم', fieldType: 'Boolean', isRequired: true },
    ];
    let all: any[] = [];
    for (const f of fields) all = ok(await addField(form.id, f));
    ok(await api.post('Forms/Publish', { id: form.id, isPublished: true }, { token }));
    const [m, age, height, code, day, agree] = all.map((f) => String(f.id));
    const wrong = { [m]: '12345', [age]: '17', [height]: '3', [code]: 'ab1', [day]: '2026-02-31', [agree]: false, 999999: 'x' };
    const en = bad(await submit(form.id, wrong), 400);
    const byField = Object.fromEntries(en.validationErrors!.map((v: any) => [v.propertyName, v.message]));
    expect(byField).to.deep.equal({
      [`values.${m}`]: 'The mobile number is not valid.',
      [`values.${age}`]: 'The value must be at least 18.',
      [`values.${height}`]: 'The value must be at most 2.5.',
      [`values.${code}`]: 'This value is not in the expected format.',
      [`values.${day}`]: 'Enter a valid date.',
      [`values.${agree}`]: 'Fill in this field.',
      'values.999999': 'This field is not in the form.',
    });
    const fa = bad(await submit(form.id, { [m]: '۰۹۱۲۱۲۳۴۵۶۷', [age]: 'ده', [height]: 'x', [code]: 'AB', [agree]: true }, 'fa'), 400);
    expect(Object.fromEntries(fa.validationErrors!.map((v: any) => [v.propertyName, v.message]))).to.deep.equal({
      [`values.${age}`]: 'یک عدد صحیح وارد کنید.',
      [`values.${height}`]: 'یک عدد وارد کنید.',
      [`values.${code}`]: 'دست‌کم ۳ نویسه وارد کنید.',
    });
    bad(await submit(form.id, { [m]: '09121234567', [code]: 'ABCDE1', [agree]: true }), 400, `values.${code}`);
    bad(await submit(form.id, { [m]: '09121234567', [age]: 18.5, [agree]: true }), 400, `values.${age}`);
    expect(ok(await api.get(`Forms/GetAnswers?formId=${form.id}`, { token })).totalCount).to.equal(0);
    // Right values in Persian digits are taken.
    ok(await submit(form.id, { [m]: '۰۹۱۲۱۲۳۴۵۶۷', [age]: '۲۰', [height]: '1.8', [code]: 'AB1', [day]: '2026-01-05', [agree]: true }));
    const answers = ok(await api.get(`Forms/GetAnswers?formId=${form.id}`, { token }));
    expect(answers.totalCount).to.equal(1);
    expect(answers.items[0]).to.include({ mobile: '989121234567', contactId: null, sendId: null });
    expect(answers.items[0].values).to.deep.include({ [age]: 20, [height]: 1.8, [code]: 'AB1', [agree]: true });
  });

  it('keeps forms, fields and answers inside the owner\'s tenancy', async () => {
    const form = await createForm();
    const [field] = ok(await addField(form.id, { label: 'Name', fieldType: 'String' }));
    bad(await api.get(`Forms/Get/${form.id}`, { token: otherToken }), 404);
    bad(await api.post('Forms/Update', { id: form.id, title: 'Mine now' }, { token: otherToken }), 404);
    bad(await api.post('Forms/Publish', { id: form.id, isPublished: true }, { token: otherToken }), 404);
    bad(await api.post('Forms/UpdateField', { id: field.id, label: 'x', fieldType: 'String' }, { token: otherToken }), 404);
    bad(await api.delete(`Forms/DeleteField/${field.id}`, { token: otherToken }), 404);
    bad(await api.get(`Forms/GetAnswers?formId=${form.id}`, { token: otherToken }), 404);
    bad(await api.delete(`Forms/Delete/${form.id}`, { token: otherToken }), 404);
    expect(ok(await api.get('Forms/GetAll', { token: otherToken })).items.map((f: any) => f.id)).not.to.include(form.id);
    // Another organization's phonebook is refused on its field.
    bad(await api.post('Forms/Create', { title: 'x', phonebookId: book }, { token: otherToken }), 400, 'phonebookId');
  });

  it('takes a file within the field\'s MB limit through the upload intake', async () => {
    const form = await createForm();
    const all = ok(await addField(form.id, { label: 'Photo', fieldType: 'File', maxFileSizeByMegabyte: 0.01, isRequired: true }));
    ok(await api.post('Forms/Publish', { id: form.id, isPublished: true }, { token }));
    const fieldId = all[0].id;
    const tooLarge = await api.call('POST', `PublicForms/Upload/${form.id}?fieldId=${fieldId}&fileName=big.txt`, { rawBody: Buffer.alloc(20_000, 65), headers: { 'content-type': 'application/octet-stream' } });
    expect(tooLarge.status).to.equal(413);
    expect(tooLarge.body.validationErrors![0]).to.include({ propertyName: 'file' });
    const up = ok(await api.call('POST', `PublicForms/Upload/${form.id}?fieldId=${fieldId}&fileName=note.txt`, { rawBody: Buffer.from('hello form'), headers: { 'content-type': 'application/octet-stream' } }));
    expect(up).to.include({ fileName: 'note.txt', size: 10 });
    bad(await submit(form.id, { [fieldId]: randomUUID() }), 400, `values.${fieldId}`);
    ok(await submit(form.id, { [fieldId]: up.fileKey }));
    const answer = ok(await api.get(`Forms/GetAnswers?formId=${form.id}`, { token })).items[0];
    expect(answer.values[fieldId]).to.include({ fileName: 'note.txt', size: 10 });
    // Kept under a new key (out of the swept uploads), read back only by who sees the form.
    expect(answer.values[fieldId].fileKey).not.to.equal(up.fileKey);
    const file = await fetch(new URL(`/api/Forms/AnswerFile?answerId=${answer.id}&fieldId=${fieldId}`, server.url), { headers: { authorization: `Bearer ${token}` } });
    expect(file.status).to.equal(200);
    expect(file.headers.get('content-disposition')).to.match(/^attachment;.*note\.txt/);
    expect(await file.text()).to.equal('hello form');
    const foreign = await fetch(new URL(`/api/Forms/AnswerFile?answerId=${answer.id}&fieldId=${fieldId}`, server.url), { headers: { authorization: `Bearer ${otherToken}` } });
    expect(foreign.status).to.equal(404);
    // A file key is claimed once.
    bad(await submit(form.id, { [fieldId]: up.fileKey }), 400, `values.${fieldId}`);
  });

  it('names the receiver of the personal short link an answer came from; any other code stays anonymous', async () => {
    const form = await createForm();
    const [f] = ok(await addField(form.id, { label: 'نام', labelEn: 'Name', fieldType: 'String', isRequired: true }));
    ok(await api.post('Forms/Publish', { id: form.id, isPublished: true }, { token }));
    const me = ok(await api.get('Account/GetCurrentUser', { token }));
    const [link] = await server.peyk.container.get(ShortLinksService).createLinks(null, [{
      mainUrl: `https://panel.example/form/${form.id}`, urlType: 'Personal', organizationId: Number(me.organizationId), userId: null, sendId: null, receiver: '989121112244',
    }]);
    const [foreign] = await server.peyk.container.get(ShortLinksService).createLinks(null, [{
      mainUrl: `https://panel.example/form/${form.id}`, urlType: 'Personal', organizationId: 1, userId: null, sendId: null, receiver: '989121112255',
    }]);
    const send = (sl: string) => api.post('PublicForms/Submit', { formId: form.id, submissionKey: key(), values: { [f.id]: 'x' }, sl }, { culture: 'en-US' });
    ok(await send(link.code));
    ok(await send(foreign.code));
    ok(await send('NoSuch12'));
    const answers = ok(await api.get(`Forms/GetAnswers?formId=${form.id}`, { token }));
    const byCode = new Map(answers.items.map((a: any) => [a.shortLinkCode, a.linkReceiver]));
    expect(byCode.get(link.code)).to.equal('989121112244');
    expect(byCode.get(foreign.code)).to.equal(null);
    expect(byCode.get('NoSuch12')).to.equal(null);
  });

  it('exports the answers as a workbook', async () => {
    const form = await createForm();
    const [f] = ok(await addField(form.id, { label: 'نام', labelEn: 'Name', fieldType: 'String', isRequired: true }));
    ok(await api.post('Forms/Publish', { id: form.id, isPublished: true }, { token }));
    ok(await submit(form.id, { [f.id]: '=cmd()' }));
    const res = await fetch(new URL(`/api/Forms/ExportAnswers/${form.id}?culture=en-US`, server.url), { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/spreadsheetml/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).to.equal('PK');
    const other = await fetch(new URL(`/api/Forms/ExportAnswers/${form.id}`, server.url), { headers: { authorization: `Bearer ${otherToken}` } });
    expect(other.status).to.equal(404);
  });

  it('limits submissions per address so a public form cannot be flooded', async () => {
    const form = await createForm();
    const [f] = ok(await addField(form.id, { label: 'Name', fieldType: 'String', isRequired: true }));
    ok(await api.post('Forms/Publish', { id: form.id, isPublished: true }, { token }));
    for (let i = 0; i < SUBMISSIONS_PER_WINDOW; i++) expect((await submit(form.id, { [f.id]: i === 0 ? '' : `n${i}` })).status).to.be.oneOf([200, 400]);
    const refused = await submit(form.id, { [f.id]: 'late' });
    expect(refused.status).to.equal(429);
    expect(refused.headers.get('retry-after')).to.match(/^\d+$/);
    expect(ok(await api.get(`Forms/GetAnswers?formId=${form.id}`, { token })).totalCount).to.equal(SUBMISSIONS_PER_WINDOW - 1);
  });
});
