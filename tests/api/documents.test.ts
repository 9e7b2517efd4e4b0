import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { adminToken, createTree, sharedApi, type Tree } from '../support/fixtures.js';
import { bad, ok } from '../support/envelope.js';
import { pngImage, uploadDocument } from '../support/document-images.js';

/**
 * Identity documents (KYC; server/modules/documents/CONTEXT.md): the spec's limits through the
 * shared upload intake, nothing of another tenant visible (404), decisions only from above through
 * the shared approval workflow, and a new upload sending a document (and the owner's
 * authentication) back.
 */
describe('Identity documents: limits, tenancy, decisions from above', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let superToken: string;

  const orgUpload = (token: string, documentType: string, bytes: Buffer, extra: Record<string, string | number> = {}, culture = 'en-US') =>
    uploadDocument(api, token, 'UploadOrganizationDocument', { documentType, fileName: 'scan.png', ...extra }, bytes, culture);
  const userUpload = (token: string, documentType: string, bytes: Buffer, culture = 'en-US') =>
    uploadDocument(api, token, 'UploadUserDocument', { documentType, fileName: 'card.png' }, bytes, culture);
  const file = (token: string, id: number) => fetch(new URL(`/api/Documents/File/${id}`, api.baseUrl), { headers: { authorization: `Bearer ${token}` } });
  const orgDocs = async (token: string, organizationId?: number) =>
    ok(await api.get(`Documents/GetOrganizationDocuments${organizationId ? `?organizationId=${organizationId}` : ''}`, { token })) as any[];

  before(async () => {
    api = await sharedApi();
    tree = await createTree(api);
    superToken = await adminToken(api);
  });

  it('refuses oversized files, non-images, huge pixel sizes and unknown types on their field, storing nothing', async () => {
    const big = bad(await orgUpload(tree.subAdmin.token, 'BusinessLicense', pngImage(400, 300, 200 * 1024 + 1)), 413, 'file');
    expect(big.message).to.equal('The file is larger than 200 KB.');
    const fa = bad(await orgUpload(tree.subAdmin.token, 'BusinessLicense', pngImage(400, 300, 200 * 1024 + 1), {}, 'fa-IR'), 413, 'file');
    expect(fa.message).to.equal('حجم فایل بیش از ۲۰۰ کیلوبایت است.');
    const notImage = bad(await orgUpload(tree.subAdmin.token, 'BusinessLicense', Buffer.from('%PDF-1.4 not an image')), 400, 'file');
    expect(notImage.message).to.equal('The file is not a valid PNG or JPEG image.');
    bad(await orgUpload(tree.subAdmin.token, 'BusinessLicense', Buffer.alloc(0)), 400, 'file');
    const bomb = bad(await orgUpload(tree.subAdmin.token, 'BusinessLicense', pngImage(30_000, 30_000, 500)), 400, 'file');
    expect(bomb.message).to.contain('30000×30000');
    bad(await orgUpload(tree.subAdmin.token, 'NationalCard', pngImage()), 400, 'documentType');
    bad(await userUpload(tree.subUser.token, 'BusinessLicense', pngImage()), 400, 'documentType');
    const userBig = bad(await userUpload(tree.subUser.token, 'NationalCard', pngImage(400, 300, 1024 * 1024 + 1)), 413, 'file');
    expect(userBig.message).to.equal('The file is larger than 1024 KB.');
    expect(await orgDocs(tree.subAdmin.token)).to.deep.equal([]);
    expect(ok(await api.get('Documents/GetUserDocuments', { token: tree.subUser.token }))).to.deep.equal([]);
    // A user's image may be larger than an organization's document.
    const card = ok(await userUpload(tree.subUser.token, 'NationalCard', pngImage(400, 300, 500 * 1024)));
    expect(card).to.include({ documentType: 'NationalCard', documentStatus: 'NotCheckedYet', userId: tree.subUser.userId, organizationId: tree.sub.id, size: 500 * 1024 });
    expect(card).to.not.have.property('fileKey');
  });

  it('shows an organization\'s documents to its administrators and those above, 404 to another tenant', async () => {
    const image = pngImage(640, 480, 3_000);
    const doc = ok(await orgUpload(tree.subAdmin.token, 'CeoNationalCard', image));
    expect(doc).to.include({ organizationId: tree.sub.id, userId: null, documentStatus: 'NotCheckedYet', description: null, contentType: 'image/png' });
    const own = await file(tree.subAdmin.token, doc.id);
    expect(own.status).to.equal(200);
    expect(own.headers.get('content-type')).to.match(/^image\/png/);
    expect(Buffer.from(await own.arrayBuffer()).equals(image)).to.equal(true);
    expect((await file(tree.orgAdmin.token, doc.id)).status).to.equal(200);
    expect((await file(tree.otherAdmin.token, doc.id)).status).to.equal(404);
    // A plain user of the same organization: not an administrator, the organization's papers are not theirs.
    expect((await file(tree.subUser.token, doc.id)).status).to.equal(404);
    expect((await orgDocs(tree.orgAdmin.token, tree.sub.id)).map((d) => d.id)).to.deep.equal([doc.id]);
    bad(await api.get(`Documents/GetOrganizationDocuments?organizationId=${tree.sub.id}`, { token: tree.otherAdmin.token }), 404);
    bad(await api.get('Documents/GetOrganizationDocuments', { token: tree.subUser.token }), 403);
    bad(await orgUpload(tree.otherAdmin.token, 'BusinessLicense', pngImage(), { organizationId: tree.sub.id }), 404);
    bad(await orgUpload(tree.subUser.token, 'BusinessLicense', pngImage()), 403);
    bad(await api.post(`Documents/Confirm/${doc.id}`, {}, { token: tree.otherAdmin.token }), 404);
  });

  it('shows a user\'s documents to the user and administrators of the slice, 404 to others', async () => {
    const [card] = ok(await api.get('Documents/GetUserDocuments', { token: tree.subUser.token })) as any[];
    expect((await file(tree.subUser.token, card.id)).status).to.equal(200);
    expect((await file(tree.subAdmin.token, card.id)).status).to.equal(200);
    expect((await file(tree.otherAdmin.token, card.id)).status).to.equal(404);
    expect((ok(await api.get(`Documents/GetUserDocuments?userId=${tree.subUser.userId}`, { token: tree.orgAdmin.token })) as any[]).map((d) => d.id)).to.deep.equal([card.id]);
    bad(await api.get(`Documents/GetUserDocuments?userId=${tree.subUser.userId}`, { token: tree.otherAdmin.token }), 404);
    // The administrator's own documents are not a plain colleague's to read.
    const adminCard = ok(await userUpload(tree.subAdmin.token, 'BirthCertificate', pngImage()));
    expect((await file(tree.subUser.token, adminCard.id)).status).to.equal(404);
    bad(await api.get(`Documents/GetUserDocuments?userId=${tree.subAdmin.userId}`, { token: tree.subUser.token }), 404);
  });

  it('is decided only from above, with a description on rejection; a new upload sends it back to waiting', async () => {
    const doc = ok(await orgUpload(tree.subAdmin.token, 'BusinessLicense', pngImage()));
    // The organization's own administrator does not accept its own papers.
    bad(await api.post(`Documents/Confirm/${doc.id}`, {}, { token: tree.subAdmin.token }), 403);
    bad(await api.post(`Documents/Confirm/${doc.id}`, {}, { token: tree.subUser.token }), 404);
    const review = ok(await api.get('Documents/GetAll?documentStatus=NotCheckedYet&pageSize=100', { token: tree.orgAdmin.token }));
    expect(review.items.map((d: any) => d.id)).to.include(doc.id);
    expect(review.items.find((d: any) => d.id === doc.id)).to.include({ organizationName: tree.sub.name, userName: null });
    expect(ok(await api.get('Documents/GetAll?pageSize=100', { token: tree.subAdmin.token })).items.map((d: any) => d.id)).to.not.include(doc.id);
    expect(ok(await api.get('Documents/GetAll?pageSize=100', { token: tree.otherAdmin.token })).items.map((d: any) => d.id)).to.not.include(doc.id);
    bad(await api.get('Documents/GetAll', { token: tree.subUser.token }), 403);

    const rejected = ok(await api.post('Documents/Reject', { id: doc.id, description: '  The stamp is unreadable.  ' }, { token: tree.orgAdmin.token }));
    expect(rejected).to.include({ documentStatus: 'NotAccepted', description: 'The stamp is unreadable.', decidedByUserId: tree.orgAdmin.userId });
    bad(await api.post(`Documents/UndoConfirm/${doc.id}`, {}, { token: tree.orgAdmin.token }), 409);
    const accepted = ok(await api.post(`Documents/Confirm/${doc.id}`, {}, { token: tree.resellerAdmin.token }));
    expect(accepted).to.include({ documentStatus: 'Accepted', description: null, decidedByUserId: tree.resellerAdmin.userId });
    expect(ok(await api.get('Audits/GetAll?pageSize=100&className=IdentityDocument', { token: superToken })).items.map((a: any) => a.operationType)).to.include.members(['Create', 'Reject', 'Confirm']);

    const again = ok(await orgUpload(tree.subAdmin.token, 'BusinessLicense', pngImage(800, 600, 4_000)));
    expect(again).to.include({ id: doc.id, documentStatus: 'NotCheckedYet', description: null, decidedByUserId: null, size: 4_000 });
    ok(await api.post(`Documents/Confirm/${doc.id}`, {}, { token: superToken }));
    expect(ok(await api.post(`Documents/UndoConfirm/${doc.id}`, {}, { token: tree.orgAdmin.token }))).to.include({ documentStatus: 'NotCheckedYet' });
  });

  it('takes the owner\'s authentication away when a document changes (the administrator approves again)', async () => {
    const user = () => api.get(`Users/Get/${tree.subUser.userId}`, { token: tree.subAdmin.token });
    ok(await api.post('Users/Update', { id: tree.subUser.userId, isAuthenticated: true }, { token: tree.subAdmin.token }));
    expect(ok(await user()).isAuthenticated).to.equal(true);
    ok(await userUpload(tree.subUser.token, 'OptionalField1', pngImage()));
    expect(ok(await user()).isAuthenticated).to.equal(false);
  });
});
