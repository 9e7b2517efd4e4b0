import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { adminToken, createTree, createUser, sharedApi, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import { bad, ok } from '../support/envelope.js';
import { pngImage } from '../support/document-images.js';
import { callWithHost } from '../support/host-requests.js';
import { INITIAL_ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server.js';

/**
 * White-label domains (server/modules/organizations/CONTEXT.md, "Domains"): management by the
 * system administrator and resellers only within their tree (404 across), branding chosen by the
 * Host header (X-Forwarded-Host only with trust proxy), the platform's own for an unknown host,
 * images through the shared upload intake, and sign-in on a reseller's domain only for its tree.
 */
describe('White-label domains: management, branding per Host, images, sign-in per tree', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let superToken: string;

  const host = (prefix: string) => `${unique(prefix)}.example.test`;
  const upload = async (token: string, query: Record<string, string | number>, bytes: Buffer) => {
    const url = new URL('/api/CustomerDomains/UploadImage', api.baseUrl);
    url.searchParams.set('culture', 'en-US');
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
    return { status: res.status, body: JSON.parse(await res.text()), headers: res.headers };
  };
  const clientData = async (hostName: string, headers: Record<string, string> = {}, baseUrl = api.baseUrl) => {
    const res = await callWithHost(baseUrl, 'GET', 'CustomerDomains/GetCurrentClientData', hostName, { headers });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data;
  };
  const signIn = (hostName: string, userName: string, culture = 'en-US') =>
    callWithHost(api.baseUrl, 'POST', `Account/Login?culture=${culture}`, hostName, { body: { userName, password: USER_PASSWORD } });

  before(async () => {
    api = await sharedApi();
    tree = await createTree(api);
    superToken = await adminToken(api);
  });

  it('lets a reseller manage its own domains and answers 404 for another reseller\'s; others get 403', async () => {
    const mine = ok(await api.post('CustomerDomains/Create', { resellerDomain: `  ${host('Mine').toUpperCase()}  `, primaryColor: '#AA0000', secondaryColor: '#00aa00' }, { token: tree.resellerAdmin.token }));
    expect(mine.resellerDomain).to.match(/^mine[a-z0-9]+\.example\.test$/);
    expect(mine).to.include({ organizationId: tree.reseller.id, primaryColor: '#aa0000', desktop: 'Default', loginTheme: 'Default', loginPageMode: 'Right', agentLogo: null });
    const theirs = ok(await api.post('CustomerDomains/Create', { resellerDomain: host('theirs') }, { token: tree.otherAdmin.token }));

    // The owning organization points at its domain (the spec's organizations.domainId).
    expect(ok(await api.get(`Organizations/Get/${tree.reseller.id}`, { token: superToken })).domainId).to.equal(mine.id);

    bad(await api.get(`CustomerDomains/Get/${theirs.id}`, { token: tree.resellerAdmin.token }), 404);
    bad(await api.post('CustomerDomains/Update', { id: theirs.id, primaryColor: '#000000' }, { token: tree.resellerAdmin.token }), 404);
    bad(await api.delete(`CustomerDomains/Delete/${theirs.id}`, { token: tree.resellerAdmin.token }), 404);
    const listed = ok(await api.get('CustomerDomains/GetAll?pageSize=500', { token: tree.resellerAdmin.token }));
    expect(listed.items.map((d: any) => d.id)).to.include(mine.id).and.not.include(theirs.id);
    // A domain for another reseller's organization is refused on its field.
    bad(await api.post('CustomerDomains/Create', { resellerDomain: host('x'), organizationId: tree.otherReseller.id }, { token: tree.resellerAdmin.token }), 400, 'organizationId');
    // A reseller may brand an organization of its own tree.
    const sub = ok(await api.post('CustomerDomains/Create', { resellerDomain: host('sub'), organizationId: tree.organization.id }, { token: tree.resellerAdmin.token }));
    expect(sub.organizationId).to.equal(tree.organization.id);

    // Not a reseller: refused (an organization's administrator, a plain user).
    bad(await api.get('CustomerDomains/GetAll', { token: tree.orgAdmin.token }), 403);
    bad(await api.post('CustomerDomains/Create', { resellerDomain: host('no') }, { token: tree.subUser.token }), 403);

    // The system administrator sees and edits every domain.
    const all = ok(await api.get('CustomerDomains/GetAll?pageSize=500', { token: superToken }));
    expect(all.items.map((d: any) => d.id)).to.include.members([mine.id, theirs.id]);
    expect(ok(await api.post('CustomerDomains/Update', { id: theirs.id, loginTheme: 'Dark' }, { token: superToken })).loginTheme).to.equal('Dark');

    ok(await api.delete(`CustomerDomains/Delete/${sub.id}`, { token: tree.resellerAdmin.token }));
    bad(await api.get(`CustomerDomains/Get/${sub.id}`, { token: superToken }), 404);
  });

  it('refuses bad host names, colours, links and enumerations on their fields, in both languages', async () => {
    const t = tree.resellerAdmin.token;
    const hostOnly = bad(await api.post('CustomerDomains/Create', { resellerDomain: 'https://sms.example.com/login' }, { token: t }), 400, 'resellerDomain');
    expect(hostOnly.validationErrors?.[0].message).to.contain('without http://');
    bad(await api.post('CustomerDomains/Create', { resellerDomain: 'sms.example.com:8080' }, { token: t }), 400, 'resellerDomain');
    bad(await api.post('CustomerDomains/Create', { resellerDomain: 'localhost' }, { token: t }), 400, 'resellerDomain');
    bad(await api.post('CustomerDomains/Create', { resellerDomain: '10.0.0.1' }, { token: t }), 400, 'resellerDomain');
    bad(await api.post('CustomerDomains/Create', { resellerDomain: 'bad_host.example.com' }, { token: t }), 400, 'resellerDomain');
    const fa = bad(await api.post('CustomerDomains/Create', { resellerDomain: host('c'), primaryColor: 'red' }, { token: t, culture: 'fa-IR' }), 400, 'primaryColor');
    expect(fa.validationErrors?.[0].message).to.contain('rrggbb');
    bad(await api.post('CustomerDomains/Create', { resellerDomain: host('c'), secondaryColor: '#12345' }, { token: t }), 400, 'secondaryColor');
    bad(await api.post('CustomerDomains/Create', { resellerDomain: host('l'), resellerLink: 'javascript:alert(1)' }, { token: t }), 400, 'resellerLink');
    bad(await api.post('CustomerDomains/Create', { resellerDomain: host('e'), desktop: 'Purple' }, { token: t }), 400, 'desktop');
    bad(await api.post('CustomerDomains/Create', { resellerDomain: host('e'), loginTheme: 'Light' }, { token: t }), 400, 'loginTheme');
    const taken = host('taken');
    ok(await api.post('CustomerDomains/Create', { resellerDomain: taken }, { token: t }));
    bad(await api.post('CustomerDomains/Create', { resellerDomain: taken.toUpperCase() }, { token: tree.otherAdmin.token }), 409, 'resellerDomain');
    bad(await api.post('CustomerDomains/Create', { resellerDomain: host('id'), resellerIdentityDomain: taken }, { token: tree.otherAdmin.token }), 409, 'resellerIdentityDomain');
  });

  it('answers the branding of the Host asked, and the platform\'s own for an unknown Host', async () => {
    const a = host('brand-a');
    const idHost = host('id-a');
    const created = ok(await api.post('CustomerDomains/Create', {
      resellerDomain: a, resellerIdentityDomain: idHost, primaryColor: '#112233', secondaryColor: '#445566', loginTheme: 'Dark', desktop: 'Orange',
      dashboardMode: 'Dark', loginPageMode: 'Carousel', resellerLink: 'https://reseller.example.com', enamad: 'https://trustseal.enamad.ir/?id=1',
    }, { token: tree.resellerAdmin.token }));
    const data = await clientData(a);
    expect(data).to.include({
      domain: a, organizationName: tree.reseller.name, primaryColor: '#112233', secondaryColor: '#445566', loginTheme: 'Dark', desktop: 'Orange',
      dashboardMode: 'Dark', loginPageMode: 'Carousel', resellerLink: 'https://reseller.example.com', isDefault: false,
    });
    expect(data.lastModified).to.equal(created.lastModified);
    // The port is not part of the host; the identity domain answers the same branding.
    expect((await clientData(`${a.toUpperCase()}:3000`)).primaryColor).to.equal('#112233');
    expect((await clientData(idHost)).organizationName).to.equal(tree.reseller.name);

    const unknown = await clientData('nobody.example.test');
    expect(unknown).to.include({ isDefault: true, primaryColor: '#0369a1', agentLogo: null, loginTheme: 'Default', desktop: 'Default' });
    expect(unknown.organizationName).to.not.equal(tree.reseller.name);
    expect(unknown.loginImages).to.deep.equal([]);
  });

  it('takes X-Forwarded-Host only with trust proxy on', async () => {
    const a = host('proxied');
    ok(await api.post('CustomerDomains/Create', { resellerDomain: a, primaryColor: '#abcdef' }, { token: tree.resellerAdmin.token }));
    // Off (the default): the header is ignored, so a client cannot pick a reseller's branding itself.
    expect(await clientData('panel.example.test', { 'x-forwarded-host': a })).to.include({ isDefault: true });

    let proxied: TestServer | null = null;
    try {
      proxied = await startTestServer({ trustProxy: true });
      const papi = new ApiClient(proxied.url);
      // A fresh server: its own administrator creates the domain.
      const first = await papi.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD });
      const token = first.body.data.accessToken;
      await papi.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: 'Admin#Pass9', confirmPassword: 'Admin#Pass9' }, { token });
      const fresh = (await papi.post('Account/Login', { userName: 'admin', password: 'Admin#Pass9' })).body.data.accessToken;
      ok(await papi.post('CustomerDomains/Create', { resellerDomain: a, primaryColor: '#abcdef' }, { token: fresh }));
      const seen = await clientData('proxy.internal', { 'x-forwarded-host': a }, proxied.url);
      expect(seen).to.include({ isDefault: false, primaryColor: '#abcdef', domain: a });
    } finally {
      await proxied?.stop();
    }
  });

  it('stores logo and login images through the upload intake, serves them publicly, refuses bad images storing nothing', async () => {
    const t = tree.resellerAdmin.token;
    const a = host('images');
    const domain = ok(await api.post('CustomerDomains/Create', { resellerDomain: a }, { token: t }));

    const big = bad(await upload(t, { id: domain.id, imageType: 'LoginImage', fileName: 'big.png' }, pngImage(1133, 604, 1024 * 1024 + 1)), 413, 'file');
    expect(big.message).to.equal('The file is larger than 1 MB.');
    bad(await upload(t, { id: domain.id, imageType: 'LoginImage', fileName: 'x.pdf' }, Buffer.from('%PDF-1.4 not an image')), 400, 'file');
    const bomb = bad(await upload(t, { id: domain.id, imageType: 'AgentLogo', fileName: 'bomb.png' }, pngImage(30_000, 30_000, 500)), 400, 'file');
    expect(bomb.message).to.contain('30000×30000');
    bad(await upload(t, { id: domain.id, imageType: 'Banner', fileName: 'b.png' }, pngImage()), 400, 'imageType');
    // Another reseller cannot upload to this domain.
    bad(await upload(tree.otherAdmin.token, { id: domain.id, imageType: 'AgentLogo', fileName: 'l.png' }, pngImage()), 404);
    const untouched = ok(await api.get(`CustomerDomains/Get/${domain.id}`, { token: t }));
    expect(untouched.agentLogo).to.equal(null);
    expect(untouched.loginImages).to.deep.equal([]);

    const logoBytes = pngImage(300, 100, 4_000);
    const withLogo = ok(await upload(t, { id: domain.id, imageType: 'AgentLogo', fileName: 'logo.png' }, logoBytes));
    const withImage = ok(await upload(t, { id: domain.id, imageType: 'LoginImage', fileName: 'login.png' }, pngImage(4006, 2116, 900 * 1024)));
    expect(withImage.loginImages).to.have.length(1);
    const data = await clientData(a);
    expect(data.agentLogo).to.equal(withLogo.agentLogo);
    expect(data.loginImages).to.deep.equal([withImage.loginImages[0].url]);

    // Public: no token.
    const logo = await fetch(new URL(`/api/${data.agentLogo}`, api.baseUrl));
    expect(logo.status).to.equal(200);
    expect(logo.headers.get('content-type')).to.contain('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).equals(logoBytes)).to.equal(true);
    // A key that is not this domain's is not served.
    const wrong = await fetch(new URL(`/api/CustomerDomains/Image/${domain.id}/00000000-0000-0000-0000-000000000000`, api.baseUrl));
    expect(wrong.status).to.equal(404);

    // A new logo replaces the old one (the old key is no longer served).
    const replaced = ok(await upload(t, { id: domain.id, imageType: 'AgentLogo', fileName: 'logo2.png' }, pngImage(300, 100, 3_000)));
    expect(replaced.agentLogo).to.not.equal(withLogo.agentLogo);
    expect((await fetch(new URL(`/api/${withLogo.agentLogo}`, api.baseUrl))).status).to.equal(404);
    const removed = ok(await api.post('CustomerDomains/RemoveImage', { id: domain.id, key: withImage.loginImages[0].key }, { token: t }));
    expect(removed.loginImages).to.deep.equal([]);
  });

  it('refuses sign-in on a reseller\'s domain to users of another tree, and admits its own tree', async () => {
    const a = host('tree-a');
    ok(await api.post('CustomerDomains/Create', { resellerDomain: a }, { token: tree.resellerAdmin.token }));
    // A user deep in the reseller's tree signs in on its domain.
    const mine = await signIn(a, tree.subUser.userName);
    expect(mine.status, JSON.stringify(mine.body)).to.equal(200);
    // Another reseller's user is refused there, in the shape of the other sign-in refusals.
    const other = await signIn(a, tree.otherAdmin.userName);
    expect(other.status).to.equal(400);
    expect(other.body).to.include({ isSucceed: false, message: 'This account cannot sign in on this domain; sign in at your own panel\'s address.' });
    const fa = await signIn(a, tree.otherAdmin.userName, 'fa-IR');
    expect(fa.body.message).to.contain('این دامنه');
    // A wrong password still answers as a wrong password (nothing more is revealed about the user).
    const wrong = await callWithHost(api.baseUrl, 'POST', 'Account/Login', a, { body: { userName: tree.otherAdmin.userName, password: 'Wrong#Pass1' } });
    expect(wrong.body.validationErrors?.[0].propertyName).to.equal('password');
    // On a host naming no domain everything is as before.
    const plain = await signIn('panel.example.test', tree.otherAdmin.userName);
    expect(plain.status).to.equal(200);
    // A new user of the other tree is refused too.
    const fresh = await createUser(api, tree.otherAdmin.token, { userName: unique('xuser'), organizationId: tree.otherReseller.id, isAdmin: false, firstName: 'x' });
    expect((await signIn(a, fresh.userName)).status).to.equal(400);
  });
});
