import { expect } from 'chai';
import { phonebookAccess, reachableParents, type PhonebookPlace, type PhonebookViewer } from '../../../server/modules/contacts/phonebook-access.js';

// reseller 2 → organization 5 → sub-organization 9 (paths as the organizations table keeps them).
const RESELLER = { organizationId: 2, organizationPath: '/1/2/' };
const ORG = { organizationId: 5, organizationPath: '/1/2/5/' };
const SUB = { organizationId: 9, organizationPath: '/1/2/5/9/' };
const OTHER = { organizationId: 7, organizationPath: '/1/7/' };

const book = (where: typeof ORG, extra: Partial<PhonebookPlace> = {}): PhonebookPlace => ({ ...where, userId: 100, isPublic: false, isShowNumber: true, ...extra });

const viewer = (extra: Partial<PhonebookViewer> = {}): PhonebookViewer => ({
  userId: 200, tenant: { organizationId: 9, path: '/1/2/5/9/', subtree: false }, manager: false,
  parentOrganizationIds: new Set(), canSeePublicContacts: false, canSeePrivateContacts: false, ...extra,
});
const admin = (extra: Partial<PhonebookViewer> = {}) => viewer({ manager: true, tenant: { organizationId: 5, path: '/1/2/5/', subtree: true }, ...extra });

describe('phonebook access rules', () => {
  it('a plain user: their own phonebooks fully; others\' public ones listed without contacts; others\' private ones not at all', () => {
    expect(phonebookAccess(book(SUB, { userId: 200 }), viewer())).to.deep.equal({ visible: true, canManage: true, canSeeContacts: true, numbersHidden: false, fromParent: false });
    expect(phonebookAccess(book(SUB, { isPublic: true }), viewer())).to.deep.include({ visible: true, canManage: false, canSeeContacts: false });
    expect(phonebookAccess(book(SUB), viewer()).visible).to.equal(false);
  });

  it('the user flags open contacts: public ones with isCanSeeContactsOfPublicPhonebooks, private ones with isCanSeeContactsOfPrivatePhonebooks', () => {
    expect(phonebookAccess(book(SUB, { isPublic: true }), viewer({ canSeePublicContacts: true }))).to.deep.include({ canSeeContacts: true, canManage: false });
    expect(phonebookAccess(book(SUB, { isPublic: true }), viewer({ canSeePrivateContacts: true })).canSeeContacts).to.equal(false);
    expect(phonebookAccess(book(SUB), viewer({ canSeePrivateContacts: true }))).to.deep.include({ visible: true, canSeeContacts: true, canManage: false });
  });

  it('isShowNumber off masks numbers for readers who do not manage the phonebook, never for those who do', () => {
    const hidden = book(SUB, { isPublic: true, isShowNumber: false });
    expect(phonebookAccess(hidden, viewer({ canSeePublicContacts: true })).numbersHidden).to.equal(true);
    expect(phonebookAccess(hidden, viewer()).numbersHidden, 'no contacts at all: nothing to mask').to.equal(false);
    expect(phonebookAccess({ ...hidden, userId: 200 }, viewer()).numbersHidden).to.equal(false);
    expect(phonebookAccess(hidden, admin()).numbersHidden).to.equal(false);
  });

  it('an administrator manages every phonebook of the slice, private ones of other users and of sub-organizations included', () => {
    expect(phonebookAccess(book(SUB), admin())).to.deep.include({ visible: true, canManage: true, canSeeContacts: true });
    expect(phonebookAccess(book(ORG), admin())).to.deep.include({ canManage: true });
    expect(phonebookAccess(book(OTHER, { isPublic: true }), admin()).visible).to.equal(false);
    expect(phonebookAccess(book(RESELLER, { isPublic: true }), admin()).visible, 'above, without the flag').to.equal(false);
  });

  it('public phonebooks of allowed parents are visible read only; their contacts need the public flag; private ones stay hidden', () => {
    const v = viewer({ parentOrganizationIds: new Set([5]) });
    expect(phonebookAccess(book(ORG, { isPublic: true }), v)).to.deep.equal({ visible: true, canManage: false, canSeeContacts: false, numbersHidden: false, fromParent: true });
    expect(phonebookAccess(book(ORG, { isPublic: true }), { ...v, canSeePublicContacts: true })).to.deep.include({ canSeeContacts: true, canManage: false });
    expect(phonebookAccess(book(ORG), { ...v, canSeePublicContacts: true, canSeePrivateContacts: true }).visible).to.equal(false);
    expect(phonebookAccess(book(RESELLER, { isPublic: true }), v).visible, 'only the parents named').to.equal(false);
  });

  it('the parents reached walk up while each organization below has the flag', () => {
    const path = '/1/2/5/9/';
    expect([...reachableParents(path, new Map([[1, false], [2, false], [5, false], [9, false]]))]).to.deep.equal([]);
    expect([...reachableParents(path, new Map([[1, false], [2, false], [5, false], [9, true]]))]).to.deep.equal([5]);
    expect([...reachableParents(path, new Map([[1, false], [2, true], [5, true], [9, true]]))]).to.deep.equal([5, 2, 1]);
    expect([...reachableParents(path, new Map([[1, true], [2, true], [5, false], [9, true]]))]).to.deep.equal([5]);
    // A deleted organization on the way ends the chain.
    expect([...reachableParents(path, new Map([[1, false], [2, true], [9, true]]))]).to.deep.equal([]);
    expect([...reachableParents('/1/', new Map([[1, true]]))]).to.deep.equal([]);
  });
});
