import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createTree, sharedApi, sharedServer, unique, type Actor, type Tree } from '../support/fixtures.js';
import { bad, ok } from '../support/envelope.js';
import { ContactsService, type StreamedContact } from '../../server/modules/contacts/index.js';
import { ActorFactory } from '../../server/modules/identity/index.js';

describe('Contacts: phonebooks, contacts, custom fields', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;

  const phonebook = async (who: Actor, body: Record<string, unknown> = {}) =>
    ok(await api.post('Phonebooks/Create', { title: unique('Book '), ...body }, { token: who.token }));
  const contact = (who: Actor, phonebookId: number, body: Record<string, unknown>, culture?: string) =>
    api.post('Contacts/Create', { phonebookId, ...body }, { token: who.token, culture });
  const list = async (who: Actor, phonebookId: number, query = '') =>
    ok(await api.get(`Contacts/GetAll?phonebookId=${phonebookId}&pageSize=500${query}`, { token: who.token }));
  const getBook = async (who: Actor, id: number) => ok(await api.get(`Phonebooks/Get/${id}`, { token: who.token }));
  const bookIds = async (who: Actor) => (ok(await api.get('Phonebooks/GetAll?pageSize=500', { token: who.token })).items as any[]).map((p) => p.id);
  const message = (res: Awaited<ReturnType<ApiClient['post']>>, status: number, field?: string) => {
    const body = bad(res, status, field);
    return field ? body.validationErrors!.find((v: { propertyName: string }) => v.propertyName === field)!.message : body.message;
  };
  /** A plain user of the sub-organization holding the Phonebook claim through a role. */
  const plainUser = async (flags: Record<string, boolean> = {}): Promise<Actor> => {
    const role = ok(await api.post('Roles/Create', { title: unique('Phonebooks '), claims: ['Phonebook.Manage'], organizationId: tree.sub.id }, { token: tree.subAdmin.token }));
    ok(await api.post('Roles/AssignToUser', { userId: tree.subUser.userId, roleId: role.id }, { token: tree.subAdmin.token }));
    ok(await api.post('Users/Update', { id: tree.subUser.userId, isCanSeeContactsOfPublicPhonebooks: false, isCanSeeContactsOfPrivatePhonebooks: false, ...flags }, { token: tree.subAdmin.token }));
    return tree.subUser;
  };

  before(async () => {
    api = await sharedApi();
    tree = await createTree(api);
  });

  it('phonebook and contact CRUD: numbers in any written form, one cellphone per phonebook, an exact contactsCount', async () => {
    const book = await phonebook(tree.subAdmin, { title: 'Customers' });
    expect(book).to.include({ title: 'Customers', isPublic: false, isShowNumber: true, contactsCount: 0, organizationId: tree.sub.id, userId: tree.subAdmin.userId, canManage: true });
    expect(message(await api.post('Phonebooks/Create', { title: 'customers' }, { token: tree.subAdmin.token }), 400, 'title')).to.equal('You already have a phonebook with this title.');
    // Another owner may use the same title.
    ok(await api.post('Phonebooks/Create', { title: 'Customers' }, { token: tree.orgAdmin.token, orgId: tree.sub.id }));

    const sara = ok(await contact(tree.subAdmin, book.id, { cellphone: '۰۹۱۲ ۱۲۳ ۴۵۶۷', firstName: 'Sara', lastName: 'Ahmadi', email: 'sara@example.com', birthdate: '1990-03-21', telephone: '021-8877 6655', phonebookGroup: 'VIP' }));
    expect(sara).to.include({ cellphone: '989121234567', firstName: 'Sara', birthdate: '1990-03-21', telephone: '02188776655', createType: 'Manual', phonebookGroup: 'VIP' });
    expect(message(await contact(tree.subAdmin, book.id, { cellphone: '+98 912 123 4567' }), 400, 'cellphone')).to.equal('This mobile number is already in this phonebook.');
    expect(message(await contact(tree.subAdmin, book.id, { cellphone: '+989121234567' }, 'fa'), 400, 'cellphone')).to.equal('این شماره موبایل در این دفترچه تلفن وجود دارد.');
    expect(message(await contact(tree.subAdmin, book.id, { cellphone: '0912' }), 400, 'cellphone')).to.equal('Invalid mobile number.');
    bad(await contact(tree.subAdmin, book.id, { cellphone: '09121110000', email: 'not-an-email' }), 400, 'email');
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(message(await contact(tree.subAdmin, book.id, { cellphone: '09121110000', birthdate: tomorrow }), 400, 'birthdate')).to.equal('The birthdate must be between 1900 and today.');
    expect((await getBook(tree.subAdmin, book.id)).contactsCount).to.equal(1);

    const ali = ok(await contact(tree.subAdmin, book.id, { cellphone: '00989351112233', firstName: 'Ali' }));
    expect(message(await api.post('Contacts/Update', { id: ali.id, cellphone: '09121234567' }, { token: tree.subAdmin.token }), 400, 'cellphone')).to.equal('This mobile number is already in this phonebook.');
    const edited = ok(await api.post('Contacts/Update', { id: ali.id, cellphone: '09351112234', lastName: 'Rezaei', firstName: null }, { token: tree.subAdmin.token }));
    expect(edited).to.include({ cellphone: '989351112234', lastName: 'Rezaei', firstName: null });
    expect(ok(await api.get(`Contacts/Get/${ali.id}`, { token: tree.subAdmin.token }))).to.include({ lastName: 'Rezaei' });
    expect((await getBook(tree.subAdmin, book.id)).contactsCount).to.equal(2);

    ok(await api.delete(`Contacts/Delete/${ali.id}`, { token: tree.subAdmin.token }));
    bad(await api.get(`Contacts/Get/${ali.id}`, { token: tree.subAdmin.token }), 404);
    expect((await getBook(tree.subAdmin, book.id)).contactsCount).to.equal(1);

    const renamed = ok(await api.post('Phonebooks/Update', { id: book.id, title: 'Clients', isPublic: true, isShowNumber: false }, { token: tree.subAdmin.token }));
    expect(renamed).to.include({ title: 'Clients', isPublic: true, isShowNumber: false, contactsCount: 1 });
    expect(ok(await api.delete(`Phonebooks/Delete/${book.id}`, { token: tree.subAdmin.token }))).to.deep.equal({ deletedContactsCount: 1 });
    bad(await api.get(`Phonebooks/Get/${book.id}`, { token: tree.subAdmin.token }), 404);
    bad(await api.get(`Contacts/Get/${sara.id}`, { token: tree.subAdmin.token }), 404);

    const audits = ok(await api.get('Audits/GetAll?pageSize=100&className=Contact', { token: tree.subAdmin.token })).items as any[];
    expect(audits.filter((r) => String(r.referenceId) === String(ali.id)).map((r) => r.operationType).sort()).to.deep.equal(['Create', 'Delete', 'Update']);
  });

  it("maximumPhoneNumber: the contacts of all the organization's phonebooks together, on add and copy, with the spec's message shape", async () => {
    const own = await createTree(api);
    ok(await api.post('Organizations/Update', { id: own.sub.id, maximumPhoneNumber: 3 }, { token: own.orgAdmin.token }));
    const a = await phonebook(own.subAdmin);
    const b = await phonebook(own.subAdmin);
    ok(await contact(own.subAdmin, a.id, { cellphone: '09121000001' }));
    ok(await contact(own.subAdmin, a.id, { cellphone: '09121000002' }));
    ok(await contact(own.subAdmin, b.id, { cellphone: '09121000003' }));
    expect(message(await contact(own.subAdmin, b.id, { cellphone: '09121000004' }), 400))
      .to.equal("The organization's maximum number of phone numbers in its phonebooks (3) has been reached.");
    expect(message(await contact(own.subAdmin, a.id, { cellphone: '09121000004' }, 'fa'), 400))
      .to.equal('سقف تعداد شماره‌های دفترچه‌های تلفن سازمان (۳) پر شده است.');
    // A copy adds as many as it copies: refused whole, nothing half-copied; a move inside the organization adds none.
    bad(await api.post('Contacts/Copy', { phonebookId: a.id, targetPhonebookId: b.id, selectAll: true }, { token: own.subAdmin.token }), 400);
    expect((await getBook(own.subAdmin, b.id)).contactsCount).to.equal(1);
    ok(await api.post('Contacts/Move', { phonebookId: a.id, targetPhonebookId: b.id, selectAll: true }, { token: own.subAdmin.token }));
    expect((await getBook(own.subAdmin, b.id)).contactsCount).to.equal(3);
    // Room again after a delete; no limit when emptied.
    const first = (await list(own.subAdmin, b.id)).items[0];
    ok(await api.delete(`Contacts/Delete/${first.id}`, { token: own.subAdmin.token }));
    ok(await contact(own.subAdmin, a.id, { cellphone: '09121000005' }));
    bad(await contact(own.subAdmin, a.id, { cellphone: '09121000006' }), 400);
    ok(await api.post('Organizations/Update', { id: own.sub.id, maximumPhoneNumber: null }, { token: own.orgAdmin.token }));
    ok(await contact(own.subAdmin, a.id, { cellphone: '09121000006' }));
  });

  it("maxPhonebook and maxCustomFiled of the organization, with the spec's messages; only administrators change custom fields", async () => {
    const own = await createTree(api);
    ok(await api.post('Organizations/Update', { id: own.sub.id, maxPhonebook: 2, maxCustomFiled: 1 }, { token: own.orgAdmin.token }));
    await phonebook(own.subAdmin);
    await phonebook(own.subAdmin);
    expect(message(await api.post('Phonebooks/Create', { title: unique('Third ') }, { token: own.subAdmin.token }), 400))
      .to.equal("The organization's maximum number of phonebooks (2) has been reached.");
    expect(message(await api.post('Phonebooks/Create', { title: unique('Third ') }, { token: own.subAdmin.token, culture: 'fa' }), 400))
      .to.equal('سقف تعداد دفترچه‌های تلفن سازمان (۲) پر شده است.');
    const listed = ok(await api.get('Phonebooks/GetAll', { token: own.subAdmin.token }));
    expect(listed).to.include({ maxPhonebook: 2, phonebookCount: 2 });

    ok(await api.post('CustomFields/Create', { type: 'String', nameEn: 'city', nameFa: 'شهر' }, { token: own.subAdmin.token }));
    expect(message(await api.post('CustomFields/Create', { type: 'Integer', nameEn: 'points', nameFa: 'امتیاز' }, { token: own.subAdmin.token }), 400))
      .to.equal("The organization's maximum number of custom fields (1) has been reached.");
    expect(ok(await api.get('CustomFields/GetAll', { token: own.subAdmin.token }))).to.include({ maxCustomFiled: 1, totalCount: 1 });
    // Raising the limit lets the next one in; an empty limit is no limit.
    ok(await api.post('Organizations/Update', { id: own.sub.id, maxPhonebook: null, maxCustomFiled: 0 }, { token: own.orgAdmin.token }));
    await phonebook(own.subAdmin);
    ok(await api.post('CustomFields/Create', { type: 'Integer', nameEn: 'points', nameFa: 'امتیاز' }, { token: own.subAdmin.token }));

    expect(message(await api.post('CustomFields/Create', { type: 'String', nameEn: 'CITY', nameFa: 'شهر ۲' }, { token: own.subAdmin.token }), 400, 'nameEn'))
      .to.equal('A custom field with this English name already exists.');
    expect(message(await api.post('CustomFields/Create', { type: 'String', nameEn: 'cellphone', nameFa: 'همراه' }, { token: own.subAdmin.token }), 400, 'nameEn'))
      .to.equal('"cellphone" is one of the contact\'s own fields; choose another English name.');
    bad(await api.post('CustomFields/Create', { type: 'String', nameEn: 'my city', nameFa: 'شهر' }, { token: own.subAdmin.token }), 400, 'nameEn');
    bad(await api.post('CustomFields/Create', { type: 'Money', nameEn: 'cash', nameFa: 'پول' }, { token: own.subAdmin.token }), 400, 'type');
    const role = ok(await api.post('Roles/Create', { title: unique('PB '), claims: ['Phonebook.Manage'], organizationId: own.sub.id }, { token: own.subAdmin.token }));
    ok(await api.post('Roles/AssignToUser', { userId: own.subUser.userId, roleId: role.id }, { token: own.subAdmin.token }));
    expect(message(await api.post('CustomFields/Create', { type: 'String', nameEn: 'zone', nameFa: 'منطقه' }, { token: own.subUser.token }), 403))
      .to.equal('Only an administrator can change custom fields.');
    expect(ok(await api.get('CustomFields/GetAll', { token: own.subUser.token })).items).to.have.length(2);
    // Without the Phonebook claim nothing answers.
    bad(await api.get('Phonebooks/GetAll', { token: tree.subUser.token }), 403);
  });

  it('custom values are checked by type, stored typed, searched by field; a deleted field disappears from contacts', async () => {
    const own = await createTree(api);
    const f = async (type: string, nameEn: string) => ok(await api.post('CustomFields/Create', { type, nameEn, nameFa: nameEn }, { token: own.subAdmin.token }));
    const city = await f('String', 'city');
    const points = await f('Integer', 'points');
    const vip = await f('Boolean', 'vip');
    const joined = await f('Datetime', 'joined');
    const score = await f('Float', 'score');
    const book = await phonebook(own.subAdmin);

    const bad1 = await contact(own.subAdmin, book.id, { cellphone: '09120000001', fields: { [points.id]: 'many', [vip.id]: 'perhaps', [joined.id]: '2024-02-31T00:00:00Z' } });
    expect(bad(bad1, 400).validationErrors!.map((v: any) => [v.propertyName, v.message])).to.have.deep.members([
      [`fields.${points.id}`, 'points must be a whole number.'], [`fields.${vip.id}`, 'vip must be yes or no.'], [`fields.${joined.id}`, 'joined must be a date.'],
    ]);
    const fa = await contact(own.subAdmin, book.id, { cellphone: '09120000001', fields: { [points.id]: 'x' } }, 'fa');
    expect(message(fa, 400, `fields.${points.id}`)).to.equal('مقدار «points» باید عدد صحیح باشد.');
    const other = await createTree(api);
    const foreign = ok(await api.post('CustomFields/Create', { type: 'String', nameEn: 'city', nameFa: 'شهر' }, { token: other.subAdmin.token }));
    expect(message(await contact(own.subAdmin, book.id, { cellphone: '09120000001', fields: { [foreign.id]: 'x' } }), 400, `fields.${foreign.id}`))
      .to.equal("This custom field does not belong to the phonebook's organization.");

    const a = ok(await contact(own.subAdmin, book.id, {
      cellphone: '09120000001', firstName: 'Nima', fields: { [city.id]: ' Tehran ', [points.id]: '۱۲', [vip.id]: 'بله', [joined.id]: '2024-03-20T20:30:00Z', [score.id]: '۳٫۵' },
    }));
    expect(a.fields).to.deep.equal({ [city.id]: 'Tehran', [points.id]: 12, [vip.id]: true, [joined.id]: '2024-03-20T20:30:00.000Z', [score.id]: 3.5 });
    ok(await contact(own.subAdmin, book.id, { cellphone: '09120000002', firstName: 'Mina', fields: { [city.id]: 'Shiraz', [points.id]: 7, [vip.id]: false, [joined.id]: '2024-03-20T20:29:00Z' } }));
    ok(await contact(own.subAdmin, book.id, { cellphone: '09120000003', firstName: 'Reza' }));

    const names = async (query: string) => (await list(own.subAdmin, book.id, query)).items.map((c: any) => c.firstName);
    expect(await names(`&fieldId=${city.id}&fieldValue=hra`)).to.deep.equal(['Nima']);
    expect(await names(`&fieldId=${points.id}&fieldValue=${encodeURIComponent('۷')}`)).to.deep.equal(['Mina']);
    expect(await names(`&fieldId=${vip.id}&fieldValue=false`)).to.deep.equal(['Mina']);
    expect(await names(`&fieldId=${score.id}&fieldValue=3.50`)).to.deep.equal(['Nima']);
    // 20:30 UTC on 20 March is the first minute of 21 March in Tehran; 20:29 is still the 20th.
    expect(await names(`&fieldId=${joined.id}&fieldValue=2024-03-21`)).to.deep.equal(['Nima']);
    expect(await names(`&fieldId=${joined.id}&fieldValue=2024-03-20`)).to.deep.equal(['Mina']);
    expect(message(await api.get(`Contacts/GetAll?phonebookId=${book.id}&fieldId=${points.id}&fieldValue=abc`, { token: own.subAdmin.token }), 400, 'fieldValue'))
      .to.equal('points must be a whole number.');
    bad(await api.get(`Contacts/GetAll?phonebookId=${book.id}&fieldId=${foreign.id}&fieldValue=x`, { token: own.subAdmin.token }), 400, 'fieldId');

    // Partial updates merge values; null removes one.
    const merged = ok(await api.post('Contacts/Update', { id: a.id, fields: { [points.id]: 13, [vip.id]: null } }, { token: own.subAdmin.token }));
    expect(merged.fields).to.deep.equal({ [city.id]: 'Tehran', [points.id]: 13, [joined.id]: '2024-03-20T20:30:00.000Z', [score.id]: 3.5 });
    ok(await api.delete(`CustomFields/Delete/${city.id}`, { token: own.subAdmin.token }));
    expect(ok(await api.get(`Contacts/Get/${a.id}`, { token: own.subAdmin.token })).fields).to.not.have.property(String(city.id));
    bad(await api.get(`Contacts/GetAll?phonebookId=${book.id}&fieldId=${city.id}&fieldValue=Teh`, { token: own.subAdmin.token }), 400, 'fieldId');
    const renamed = ok(await api.post('CustomFields/Update', { id: points.id, nameEn: 'loyaltyPoints', nameFa: 'امتیاز وفاداری' }, { token: own.subAdmin.token }));
    expect(renamed).to.include({ nameEn: 'loyaltyPoints', type: 'Integer' });
    bad(await api.post('CustomFields/Update', { id: points.id, type: 'String' }, { token: own.subAdmin.token }), 400, 'type');
    bad(await api.post('CustomFields/Update', { id: points.id, nameFa: 'x' }, { token: other.subAdmin.token }), 404);
  });

  it('search by name or by any form of a number, paging by page and by id; the unfiltered total is contactsCount', async () => {
    const book = await phonebook(tree.subAdmin);
    const people = ['Sara Ahmadi', 'Ali Ahmadi', 'Reza Karimi', 'Mina Sadeghi', 'Omid Ahmadzadeh'];
    const made = [];
    for (const [i, name] of people.entries()) {
      const [firstName, lastName] = name.split(' ');
      made.push(ok(await contact(tree.subAdmin, book.id, { cellphone: `0935777000${i}`, firstName, lastName })));
    }
    const names = async (query: string) => (await list(tree.subAdmin, book.id, query)).items.map((c: any) => c.firstName);
    expect(await names('&search=ahmad')).to.deep.equal(['Sara', 'Ali', 'Omid']);
    expect(await names(`&search=${encodeURIComponent('Ali Ahm')}`)).to.deep.equal(['Ali']);
    expect(await names(`&search=${encodeURIComponent('۰۹۳۵ ۷۷۷ ۰۰۰۳')}`)).to.deep.equal(['Mina']);
    expect(await names(`&search=${encodeURIComponent('+98 935 777 0002')}`)).to.deep.equal(['Reza']);
    expect(await names(`&search=${encodeURIComponent('0935777')}`)).to.have.length(5);
    expect(message(await api.get(`Contacts/GetAll?phonebookId=${book.id}&search=ab`, { token: tree.subAdmin.token }), 400, 'search')).to.equal('Search needs at least 3 characters.');

    const page = ok(await api.get(`Contacts/GetAll?phonebookId=${book.id}&pageIndex=1&pageSize=2`, { token: tree.subAdmin.token }));
    expect(page.totalCount).to.equal(5);
    expect(page.items.map((c: any) => c.id)).to.deep.equal([made[2].id, made[3].id]);
    const after = ok(await api.get(`Contacts/GetAll?phonebookId=${book.id}&afterId=${made[3].id}&pageSize=2`, { token: tree.subAdmin.token }));
    expect(after.items.map((c: any) => c.id)).to.deep.equal([made[4].id]);
    const filtered = ok(await api.get(`Contacts/GetAll?phonebookId=${book.id}&search=ahmad&pageSize=1`, { token: tree.subAdmin.token }));
    expect(filtered).to.deep.include({ totalCount: 3 });
    expect(filtered.items).to.have.length(1);
  });

  it("tenancy: another organization's and another user's private phonebooks are invisible; the user flags open contacts; isShowNumber masks", async () => {
    const privateBook = await phonebook(tree.subAdmin, { isPublic: false });
    const publicBook = await phonebook(tree.subAdmin, { isPublic: true, isShowNumber: false });
    const c1 = ok(await contact(tree.subAdmin, publicBook.id, { cellphone: '09127654321', telephone: '02144556677', firstName: 'Public' }));
    ok(await contact(tree.subAdmin, privateBook.id, { cellphone: '09127654321', firstName: 'Private' }));

    // Another tree: nothing, by id or in lists.
    for (const id of [privateBook.id, publicBook.id]) {
      expect(message(await api.get(`Phonebooks/Get/${id}`, { token: tree.otherAdmin.token }), 404)).to.equal('Phonebook not found.');
      bad(await api.get(`Contacts/GetAll?phonebookId=${id}`, { token: tree.otherAdmin.token }), 404);
    }
    expect(await bookIds(tree.otherAdmin)).to.not.include.members([privateBook.id]);
    expect(message(await api.get(`Contacts/Get/${c1.id}`, { token: tree.otherAdmin.token }), 404)).to.equal('Contact not found.');
    bad(await contact(tree.otherAdmin, privateBook.id, { cellphone: '09121212121' }), 404);
    // The administrators above manage the sub-organization's phonebooks.
    expect(await bookIds(tree.orgAdmin)).to.include.members([privateBook.id, publicBook.id]);
    expect((await list(tree.orgAdmin, publicBook.id)).items[0].cellphone).to.equal('989127654321');

    // A plain user of the organization: the public one without contacts, not the private one.
    const user = await plainUser();
    expect(await bookIds(user)).to.include(publicBook.id).and.not.include(privateBook.id);
    bad(await api.get(`Phonebooks/Get/${privateBook.id}`, { token: user.token }), 404);
    expect(await getBook(user, publicBook.id)).to.include({ canManage: false, canSeeContacts: false });
    expect(message(await api.get(`Contacts/GetAll?phonebookId=${publicBook.id}`, { token: user.token }), 403)).to.equal('You are not allowed to see the contacts of this phonebook.');
    expect(message(await contact(user, publicBook.id, { cellphone: '09121212121' }), 403)).to.equal('You can see this phonebook but you are not allowed to change it.');

    // isCanSeeContactsOfPublicPhonebooks: contacts, numbers masked (isShowNumber off), no number search, no copying.
    await plainUser({ isCanSeeContactsOfPublicPhonebooks: true });
    const seen = (await list(user, publicBook.id)).items;
    expect(seen.map((c: any) => [c.firstName, c.cellphone, c.telephone, c.numbersHidden])).to.deep.equal([['Public', '98912***4321', '02144**6677', true]]);
    expect(ok(await api.get(`Contacts/Get/${c1.id}`, { token: user.token })).cellphone).to.equal('98912***4321');
    expect(message(await api.get(`Contacts/GetAll?phonebookId=${publicBook.id}&search=0912765`, { token: user.token }), 400, 'search'))
      .to.equal('The numbers of this phonebook are hidden from you; search by name or by a field.');
    expect((await list(user, publicBook.id, '&search=Publ')).items).to.have.length(1);
    const mine = await phonebook(user);
    expect(message(await api.post('Contacts/Copy', { phonebookId: publicBook.id, targetPhonebookId: mine.id, selectAll: true }, { token: user.token }), 403))
      .to.equal('The numbers of this phonebook are hidden from you, so you cannot copy its contacts.');
    expect((await getBook(user, mine.id)).contactsCount).to.equal(0);

    // isCanSeeContactsOfPrivatePhonebooks: other users' private phonebooks and their contacts, read only.
    await plainUser({ isCanSeeContactsOfPrivatePhonebooks: true });
    expect(await bookIds(user)).to.include(privateBook.id);
    expect((await list(user, privateBook.id)).items[0]).to.include({ cellphone: '989127654321', numbersHidden: false });
    bad(await api.post('Phonebooks/Update', { id: privateBook.id, title: 'Mine now' }, { token: user.token }), 403);
    bad(await api.delete(`Phonebooks/Delete/${privateBook.id}`, { token: user.token }), 403);
    // The plain user's own phonebook is invisible to a peer administrator of another tree, visible to theirs.
    expect(await bookIds(tree.subAdmin)).to.include(mine.id);
    expect(await bookIds(tree.otherAdmin)).to.not.include(mine.id);
  });

  it('public phonebooks of parent organizations: visible per isCanSeePublicParentPhonebook up the chain, contacts per the user flag, read only', async () => {
    const t = await createTree(api);
    const parentPublic = await phonebook(t.orgAdmin, { isPublic: true });
    const parentPrivate = await phonebook(t.orgAdmin, { isPublic: false });
    const resellerPublic = await phonebook(t.resellerAdmin, { isPublic: true });
    const city = ok(await api.post('CustomFields/Create', { type: 'String', nameEn: 'City', nameFa: 'شهر' }, { token: t.orgAdmin.token }));
    ok(await contact(t.orgAdmin, parentPublic.id, { cellphone: '09131110001', firstName: 'Parent', fields: { [city.id]: 'Isfahan' } }));
    ok(await contact(t.orgAdmin, parentPublic.id, { cellphone: '09131110002', firstName: 'Parent2' }));

    expect(await bookIds(t.subAdmin)).to.not.include.members([parentPublic.id]);
    bad(await api.get(`Phonebooks/Get/${parentPublic.id}`, { token: t.subAdmin.token }), 404);

    ok(await api.post('Organizations/Update', { id: t.sub.id, isCanSeePublicParentPhonebook: true }, { token: t.orgAdmin.token }));
    const ids = await bookIds(t.subAdmin);
    expect(ids).to.include(parentPublic.id);
    expect(ids).to.not.include(parentPrivate.id);
    expect(ids, "the grandparent's only when the parent has the flag too").to.not.include(resellerPublic.id);
    expect(await getBook(t.subAdmin, parentPublic.id)).to.include({ fromParent: true, canManage: false, canSeeContacts: false, contactsCount: 2 });
    bad(await api.get(`Contacts/GetAll?phonebookId=${parentPublic.id}`, { token: t.subAdmin.token }), 403);
    // The fields shown with a parent's phonebook are its organization's.
    expect(ok(await api.get(`CustomFields/GetAll?phonebookId=${parentPublic.id}`, { token: t.subAdmin.token })).items.map((f: any) => f.id)).to.deep.equal([city.id]);

    ok(await api.post('Users/Update', { id: t.subAdmin.userId, isCanSeeContactsOfPublicPhonebooks: true }, { token: t.orgAdmin.token }));
    expect((await list(t.subAdmin, parentPublic.id)).items.map((c: any) => c.firstName)).to.deep.equal(['Parent', 'Parent2']);
    expect(message(await contact(t.subAdmin, parentPublic.id, { cellphone: '09131110003' }), 403)).to.equal('You can see this phonebook but you are not allowed to change it.');
    bad(await api.post('Contacts/DeleteMany', { phonebookId: parentPublic.id, selectAll: true }, { token: t.subAdmin.token }), 403);

    // Copy from the parent into one's own: counts, and values carried to the field of the same English name and type.
    const subCity = ok(await api.post('CustomFields/Create', { type: 'String', nameEn: 'city', nameFa: 'شهر' }, { token: t.subAdmin.token }));
    const own = await phonebook(t.subAdmin);
    const copied = ok(await api.post('Contacts/Copy', { phonebookId: parentPublic.id, targetPhonebookId: own.id, selectAll: true }, { token: t.subAdmin.token }));
    expect(copied).to.include({ selectedCount: 2, copiedCount: 2, duplicateCount: 0, targetContactsCount: 2, sourceContactsCount: 2 });
    const copiedRows = (await list(t.subAdmin, own.id)).items;
    expect(copiedRows.map((c: any) => c.fields)).to.deep.equal([{ [subCity.id]: 'Isfahan' }, {}]);

    ok(await api.post('Organizations/Update', { id: t.organization.id, isCanSeePublicParentPhonebook: true }, { token: t.resellerAdmin.token }));
    expect(await bookIds(t.subAdmin)).to.include(resellerPublic.id);
    ok(await api.post('Organizations/Update', { id: t.sub.id, isCanSeePublicParentPhonebook: false }, { token: t.orgAdmin.token }));
    expect(await bookIds(t.subAdmin)).to.not.include.members([parentPublic.id, resellerPublic.id]);
  });

  it('move and copy between phonebooks: exact counts, duplicates skipped and reported; bulk delete by ids and by filter', async () => {
    const a = await phonebook(tree.subAdmin);
    const b = await phonebook(tree.subAdmin);
    const c = await phonebook(tree.subAdmin);
    const inA = [];
    for (let i = 0; i < 6; i++) inA.push(ok(await contact(tree.subAdmin, a.id, { cellphone: `0919100000${i}`, firstName: i % 2 ? 'Odd' : 'Even' })));
    ok(await contact(tree.subAdmin, b.id, { cellphone: '09191000001', firstName: 'AlreadyInB' }));
    ok(await contact(tree.subAdmin, c.id, { cellphone: '09191000000', firstName: 'AlreadyInC' }));
    const counts = async () => Promise.all([a, b, c].map(async (p) => (await getBook(tree.subAdmin, p.id)).contactsCount));
    const listed = async (p: { id: number }) => (await list(tree.subAdmin, p.id)).items.length;

    const copy = ok(await api.post('Contacts/Copy', { phonebookId: a.id, targetPhonebookId: b.id, ids: inA.map((x) => x.id) }, { token: tree.subAdmin.token }));
    expect(copy).to.include({ selectedCount: 6, copiedCount: 5, duplicateCount: 1, sourceContactsCount: 6, targetContactsCount: 6 });
    expect(await counts()).to.deep.equal([6, 6, 1]);
    // Copying again adds nothing: every number is there.
    expect(ok(await api.post('Contacts/Copy', { phonebookId: a.id, targetPhonebookId: b.id, selectAll: true }, { token: tree.subAdmin.token }))).to.include({ copiedCount: 0, duplicateCount: 6 });

    const move = ok(await api.post('Contacts/Move', { phonebookId: a.id, targetPhonebookId: c.id, selectAll: true, search: 'Even' }, { token: tree.subAdmin.token }));
    expect(move).to.include({ selectedCount: 3, movedCount: 2, duplicateCount: 1, sourceContactsCount: 4, targetContactsCount: 3 });
    expect(await counts()).to.deep.equal([4, 6, 3]);
    expect([await listed(a), await listed(b), await listed(c)]).to.deep.equal([4, 6, 3]);
    // A moved contact keeps its id; the duplicate stayed in the source.
    expect(ok(await api.get(`Contacts/Get/${inA[2].id}`, { token: tree.subAdmin.token })).phonebookId).to.equal(c.id);
    expect(ok(await api.get(`Contacts/Get/${inA[0].id}`, { token: tree.subAdmin.token })).phonebookId).to.equal(a.id);

    // Ids of another phonebook are not touched by a selection in this one.
    const stray = ok(await api.post('Contacts/Move', { phonebookId: a.id, targetPhonebookId: c.id, ids: [inA[2].id] }, { token: tree.subAdmin.token }));
    expect(stray).to.include({ selectedCount: 0, movedCount: 0 });
    expect(message(await api.post('Contacts/Move', { phonebookId: a.id, targetPhonebookId: a.id, selectAll: true }, { token: tree.subAdmin.token }), 400, 'targetPhonebookId'))
      .to.equal('The destination must be another phonebook.');
    expect(message(await api.post('Contacts/Move', { phonebookId: a.id, targetPhonebookId: c.id }, { token: tree.subAdmin.token }), 400, 'ids'))
      .to.equal('Choose contacts (ids) or every contact that matches (selectAll), not both.');
    bad(await api.post('Contacts/Move', { phonebookId: a.id, targetPhonebookId: c.id, ids: [1], selectAll: true }, { token: tree.subAdmin.token }), 400, 'ids');
    const foreign = await phonebook(tree.otherAdmin);
    bad(await api.post('Contacts/Copy', { phonebookId: a.id, targetPhonebookId: foreign.id, selectAll: true }, { token: tree.subAdmin.token }), 404);

    expect(ok(await api.post('Contacts/DeleteMany', { phonebookId: b.id, ids: inA.slice(0, 2).map((x) => x.id) }, { token: tree.subAdmin.token })))
      .to.deep.equal({ deletedCount: 0, contactsCount: 6 });
    expect(ok(await api.post('Contacts/DeleteMany', { phonebookId: b.id, selectAll: true, search: 'Odd' }, { token: tree.subAdmin.token })))
      .to.deep.equal({ deletedCount: 2, contactsCount: 4 });
    expect(ok(await api.post('Contacts/DeleteMany', { phonebookId: a.id, ids: [inA[0].id, inA[1].id] }, { token: tree.subAdmin.token })).deletedCount).to.equal(2);
    expect(await counts()).to.deep.equal([2, 4, 3]);
    expect([await listed(a), await listed(b), await listed(c)]).to.deep.equal([2, 4, 3]);
  });

  it("streams a phonebook's contacts in id order and in batches, custom values by English name, for later sends", async () => {
    const server = await sharedServer();
    const book = await phonebook(tree.subAdmin);
    const field = ok(await api.post('CustomFields/Create', { type: 'Integer', nameEn: unique('n'), nameFa: 'عدد' }, { token: tree.subAdmin.token }));
    const made = [];
    for (let i = 0; i < 5; i++) made.push(ok(await contact(tree.subAdmin, book.id, { cellphone: `0912300000${i}`, firstName: `P${i}`, fields: { [field.id]: i } })));
    const found = await server.peyk.container.get(ActorFactory).forUser(tree.subAdmin.userId, tree.sub.id, 'system', { requestId: 'stream-test' });
    if (!('actor' in found)) throw new Error('no actor');
    const service = server.peyk.container.get(ContactsService);
    const batches: StreamedContact[][] = [];
    for await (const batch of service.streamContacts(found.actor, book.id, { batchSize: 2 })) batches.push(batch);
    expect(batches.map((b) => b.length)).to.deep.equal([2, 2, 1]);
    const all = batches.flat();
    expect(all.map((c) => c.id)).to.deep.equal(made.map((c) => c.id));
    expect(all[3]).to.deep.include({ cellphone: '989123000003', firstName: 'P3', fields: { [field.nameEn]: 3 } });
    const resumed = [];
    for await (const batch of service.streamContacts(found.actor, book.id, { afterId: made[2].id })) resumed.push(...batch);
    expect(resumed.map((c) => c.id)).to.deep.equal(made.slice(3).map((c) => c.id));
    // Someone who cannot see the phonebook cannot stream it.
    const outsider = await server.peyk.container.get(ActorFactory).forUser(tree.otherAdmin.userId, tree.otherAdmin.organizationId, 'system', { requestId: 'stream-test' });
    if (!('actor' in outsider)) throw new Error('no actor');
    let refused: unknown = null;
    try { for await (const _ of service.streamContacts(outsider.actor, book.id)) { /* nothing */ } } catch (err) { refused = err; }
    expect((refused as { status?: number })?.status).to.equal(404);
  });
});
