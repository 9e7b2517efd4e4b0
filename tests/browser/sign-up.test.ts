import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.js';
import { adminToken, createTree, enterBrowserPhase, sharedApi, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { ok } from '../support/envelope.js';
import { BrandedLoginPage, DomainsPages, launchForTestHosts } from './pages/branding-pages.js';
import { SignUpPage } from './pages/sign-up-page.js';
import { AccessibilityCheck, describeViolations } from './pages/accessibility-pages.js';

/**
 * Self sign-up in a real browser (identity CONTEXT.md, "Self sign-up"): the reseller turns it on
 * with the domain form's switch; only then does its domain's login page link to the sign-up page,
 * whose organization lands under the reseller, inactive, and the page says what happens next.
 */
describe('browser: self sign-up on a white-label domain', function () {
  this.timeout(180_000);
  let browser: Browser | undefined;
  let api: ApiClient;
  let tree: Tree;
  let domainA: number;
  const hostA = `${unique('su-a')}.test`;
  const hostB = `${unique('su-b')}.test`;
  let origin: (host: string) => string;

  before(async function () {
    skipWithoutChromium(this);
    this.timeout(180_000);
    await enterBrowserPhase();
    api = await sharedApi();
    tree = await createTree(api);
    domainA = ok(await api.post('CustomerDomains/Create', { resellerDomain: hostA }, { token: tree.resellerAdmin.token })).id;
    ok(await api.post('CustomerDomains/Create', { resellerDomain: hostB }, { token: tree.otherAdmin.token }));
    ({ browser, origin } = await launchForTestHosts());
  });
  after(async () => { await browser?.close(); });

  it('links to sign-up only where the domain allows it, and the form lands the organization under the reseller', async () => {
    const errors: string[] = [];
    const admin = await browser!.newContext();
    const page = await admin.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));

    // Off by default: no link on either domain.
    const signUpA = new SignUpPage(page, origin(hostA));
    await signUpA.openLogin();
    expect(await signUpA.link().count()).to.equal(0);

    // The reseller turns it on with the domain form's switch.
    await new BrandedLoginPage(page, origin(hostA)).signIn(tree.resellerAdmin.userName, USER_PASSWORD);
    await page.getByTestId('current-user').waitFor();
    const domains = new DomainsPages(page, origin(hostA));
    await domains.openEdit(domainA);
    await page.getByTestId('domain-sign-up').check();
    await domains.save();
    await domains.openList();
    await admin.close();

    // bypassCSP: the panel's policy (script-src 'self') would refuse axe-core's injected script.
    const visitor = await browser!.newContext({ bypassCSP: true });
    const pageA = await visitor.newPage();
    pageA.on('pageerror', (e) => errors.push(String(e)));
    const onA = new SignUpPage(pageA, origin(hostA));
    await onA.openLogin();
    await onA.link().click();
    await onA.form().waitFor();

    // A bad mobile, then a weak password, are each shown under their field.
    const userName = unique('browsersu');
    const organizationName = unique('فروشگاه ');
    await onA.fill({ organizationName, firstName: 'سارا', lastName: 'احمدی', mobile: '0912', userName, password: 'short' });
    await onA.submitWithKeyboard();
    await onA.fieldError('sign-up-mobile').waitFor();
    await onA.fill({ organizationName, firstName: 'سارا', lastName: 'احمدی', mobile: '۰۹۱۲۱۲۳۴۵۶۷', userName, password: 'short' });
    await onA.submitWithKeyboard();
    await onA.fieldError('sign-up-password').waitFor();
    expect(await onA.fieldError('sign-up-mobile').count()).to.equal(0);
    const axe = await new AccessibilityCheck(pageA).seriousViolations();
    expect(axe, describeViolations('sign-up form with errors', axe)).to.deep.equal([]);

    await onA.fill({ organizationName, firstName: 'سارا', lastName: 'احمدی', mobile: '۰۹۱۲۱۲۳۴۵۶۷', userName, password: 'Sign#Up12345' });
    await onA.submitWithKeyboard();
    await onA.done().waitFor();
    const said = await onA.done().innerText();
    expect(said).to.contain('منتظر فعال‌سازی').and.contain(userName);

    const superToken = await adminToken(api);
    const found = ok(await api.get(`Organizations/GetAll?pageSize=5&search=${encodeURIComponent(organizationName)}`, { token: superToken })).items;
    expect(found).to.have.length(1);
    expect(found[0]).to.include({ parentId: tree.reseller.id, isActive: false });

    // Domain B has not opened it: no link, and the page itself says sign-up is closed.
    const onB = new SignUpPage(pageA, origin(hostB));
    await onB.openLogin();
    expect(await onB.link().count()).to.equal(0);
    await pageA.goto(`${origin(hostB)}/account/sign-up`);
    await pageA.getByTestId('sign-up-closed').waitFor();
    expect(errors).to.deep.equal([]);
    await visitor.close();
  });
});
