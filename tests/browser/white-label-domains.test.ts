import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.js';
import { createTree, enterBrowserPhase, sharedApi, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { ok } from '../support/envelope.js';
import { solidPng } from '../support/document-images.js';
import { BrandedLoginPage, DomainsPages, launchForTestHosts } from './pages/branding-pages.js';
import { AccessibilityCheck, describeViolations } from './pages/accessibility-pages.js';

/**
 * White-label domains in a real browser (organizations CONTEXT.md, "Domains"): two host names reach
 * the one test server (Chromium's host resolver maps `*.test` to it), each shows its reseller's
 * look before sign-in, and a user of tree A is refused on tree B's domain.
 */
describe('browser: white-label domains', function () {
  this.timeout(180_000);
  let browser: Browser | undefined;
  let api: ApiClient;
  let tree: Tree;
  let domainA: number;
  const hostA = `${unique('a-brand')}.test`;
  const hostB = `${unique('b-brand')}.test`;
  let origin: (host: string) => string;

  const upload = async (token: string, id: number, imageType: string, bytes: Buffer) => {
    const url = new URL('/api/CustomerDomains/UploadImage', api.baseUrl);
    url.searchParams.set('id', String(id));
    url.searchParams.set('imageType', imageType);
    url.searchParams.set('fileName', 'image.png');
    const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' }, body: new Uint8Array(bytes) });
    expect(res.status, await res.clone().text()).to.equal(200);
  };

  before(async function () {
    skipWithoutChromium(this);
    this.timeout(180_000);
    await enterBrowserPhase();
    api = await sharedApi();
    tree = await createTree(api);
    const a = ok(await api.post('CustomerDomains/Create', { resellerDomain: hostA, primaryColor: '#aa1111', secondaryColor: '#222222', loginPageMode: 'Center' }, { token: tree.resellerAdmin.token }));
    domainA = a.id;
    await upload(tree.resellerAdmin.token, a.id, 'AgentLogo', solidPng(60, 30, [170, 17, 17]));
    await upload(tree.resellerAdmin.token, a.id, 'LoginImage', solidPng(113, 60, [200, 200, 40]));
    ok(await api.post('CustomerDomains/Create', { resellerDomain: hostB, primaryColor: '#1111aa', secondaryColor: '#333333', loginTheme: 'Dark' }, { token: tree.otherAdmin.token }));
    ({ browser, origin } = await launchForTestHosts());
  });
  after(async () => { await browser?.close(); });

  it('shows each domain\'s own look before sign-in, and refuses a user of tree A on tree B\'s domain', async () => {
    const errors: string[] = [];
    // bypassCSP: the panel's policy (script-src 'self') would refuse axe-core's injected script.
    const context = await browser!.newContext({ bypassCSP: true });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));

    // Domain A: its reseller's name and logo, its primary colour on the title and the button, its login image.
    const onA = new BrandedLoginPage(page, origin(hostA));
    await onA.open();
    expect(await onA.title().innerText()).to.contain(tree.reseller.name);
    expect(await page.title()).to.equal(tree.reseller.name);
    await onA.logo().waitFor();
    expect(await onA.loaded('brand-logo'), 'the logo is served and decodes').to.equal(true);
    expect(await onA.colourOf('brand-bar', 'background-color')).to.equal('rgb(170, 17, 17)');
    expect(await onA.colourOf('login-submit', 'background-color')).to.equal('rgb(170, 17, 17)');
    expect(await onA.colourOf('login-submit', 'color')).to.equal('rgb(255, 255, 255)');
    const axeA = await new AccessibilityCheck(page).seriousViolations();
    expect(axeA, describeViolations('login on A', axeA)).to.deep.equal([]);
    expect(await onA.loaded('login-image')).to.equal(true);
    expect(await onA.shell().getAttribute('class') ?? '').to.not.contain('dark');

    // Domain B: another name, no logo, another colour, and a dark login page.
    const pageB = await context.newPage();
    pageB.on('pageerror', (e) => errors.push(String(e)));
    const onB = new BrandedLoginPage(pageB, origin(hostB));
    await onB.open();
    expect(await onB.title().innerText()).to.contain(tree.otherReseller.name);
    expect(await onB.logo().count()).to.equal(0);
    expect(await onB.colourOf('login-submit', 'background-color')).to.equal('rgb(17, 17, 170)');
    expect(await onB.shell().getAttribute('class')).to.contain('dark');
    const axeB = await new AccessibilityCheck(pageB).seriousViolations();
    expect(axeB, describeViolations('dark login on B', axeB)).to.deep.equal([]);

    // A user of tree A is refused on B's domain (Persian, the default language), and signs in on A's.
    await onB.signIn(tree.subUser.userName, USER_PASSWORD);
    await onB.error().waitFor();
    expect(await onB.error().innerText()).to.contain('با این حساب نمی‌توانید از این دامنه وارد شوید');
    expect(pageB.url()).to.contain('/account/login');

    // The reseller of tree A manages its domains on its own domain: the list shows its domain; a URL typed as host is refused under the field.
    await onA.signIn(tree.resellerAdmin.userName, USER_PASSWORD);
    await page.getByTestId('current-user').waitFor();
    const domains = new DomainsPages(page, origin(hostA));
    await domains.openList();
    await domains.rowNames().first().waitFor();
    expect(await domains.rowNames().allInnerTexts()).to.deep.equal([hostA]);
    await domains.startNew();
    expect(await page.getByTestId('domain-images-later').count()).to.equal(1);
    await domains.host().fill('https://shop.example.com/login');
    await domains.save();
    await domains.fieldError('domain-host').waitFor();
    expect(await domains.fieldError('domain-host').innerText()).to.contain('بدون http://');
    expect(await domains.form().getByText('هنوز ظاهر متفاوتی ندارند').count(), 'the desktop field says which values have no effect yet').to.equal(1);
    const axeForm = await new AccessibilityCheck(page).seriousViolations();
    expect(axeForm, describeViolations('domain form', axeForm)).to.deep.equal([]);

    // Images on the form: the spec's sizes are shown; an oversized file and a non-image are refused under the field.
    await domains.openEdit(domainA);
    expect(await domains.imageRules().innerText()).to.contain('۱۱۳۳×۶۰۴').and.contain('۴۰۰۶×۲۱۱۶');
    const before = await domains.logoPreview().getAttribute('src');
    await domains.chooseLogo('big.png', Buffer.alloc(1024 * 1024 + 1, 1));
    expect(await domains.logoError().innerText()).to.contain('بیش از ۱ مگابایت');
    await domains.chooseLogo('fake.png', Buffer.from('not an image at all'));
    await page.getByText('تصویر PNG یا JPEG معتبری نیست').first().waitFor();
    expect(await domains.logoPreview().getAttribute('src')).to.equal(before);
    await domains.chooseLogo('logo.png', solidPng(40, 40, [0, 120, 0]));
    await page.waitForFunction((old) => (globalThis as any).document.querySelector('[data-testid="domain-logo-preview"]')?.getAttribute('src') !== old, before);
    expect(await domains.logoError().count()).to.equal(0);
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});
