import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, createOrganization, createUser, login, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { ok } from '../support/envelope.js';
import { solidPng } from '../support/document-images.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { AccessibilityCheck, describeViolations } from './pages/accessibility-pages.js';
import { LandingBuilderPage, LandingPagesListPage, PublicLandingPage } from './pages/landing-pages-pages.js';
import { SelectControl } from './pages/select-control.js';

/**
 * Landing pages in the browser (issue 28): a marketer builds a Persian page with a heading, text,
 * image and button from the keyboard (add, reorder), sees it in the live preview, publishes it,
 * and a visitor without a session opens it right to left in its theme; a page that is not
 * published shows a neutral "not found" and no error dialog.
 */
describe('browser: landing page builder and the public page', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('builds, previews and publishes a Persian page; a visitor sees it right to left in its theme, counted as a visit', async () => {
    const admin = await adminToken(api);
    const org = await createOrganization(api, admin, { name: unique('Landing shop ') });
    const user = await createUser(api, admin, { userName: unique('landing'), organizationId: org.id, isAdmin: true, firstName: 'Sara' });
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    // bypassCSP: only so the accessibility check can inject axe-core (the panel's script-src is 'self').
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);

    const list = new LandingPagesListPage(page, baseUrl);
    await list.open();
    await list.emptyState().waitFor();
    const address = unique('shop').toLowerCase();
    await list.setAddress(address);
    await list.startCreate();

    const builder = new LandingBuilderPage(page);
    await builder.fillPage('جشنواره پاییز', 'autumn', 'fa', 'purple');
    // Added in the wrong order, then the heading is moved to the top with the keyboard.
    const text = await builder.addBlock('text');
    await text.getByTestId('block-text').fill('تخفیف ویژه برای اعضای باشگاه');
    const heading = await builder.addBlock('heading');
    await heading.getByTestId('block-text').fill('حراج پاییزه');
    await builder.moveUp(1);
    expect(await builder.blockTypes()).to.deep.equal(['heading', 'text']);
    const image = await builder.addBlock('image');
    await builder.uploadImage(image, 'banner.png', solidPng(8, 4, [120, 40, 160]));
    await image.getByTestId('block-alt').fill('بنر حراج');
    const button = await builder.addBlock('button');
    await button.getByTestId('block-label').fill('خرید آنلاین');
    await button.getByTestId('block-url').fill('ftp://shop.example.com');

    // A form block picks one of the organization's forms by its title, not by a typed number.
    const joinForm = ok(await api.post('Forms/Create', { title: 'فرم عضویت باشگاه' }, { token }));
    const formBlock = await builder.addBlock('form');
    await new SelectControl(page, formBlock, 'block-form-id').choose('فرم عضویت باشگاه', 'عضویت');
    await formBlock.getByTestId('block-label').fill('عضویت در باشگاه');

    // The live preview follows the form: right to left, in the chosen theme, blocks in order.
    const preview = builder.preview();
    expect(await preview.getAttribute('dir')).to.equal('rtl');
    expect(await preview.getAttribute('data-theme')).to.equal('purple');
    expect(await preview.getByTestId('landing-block-heading').innerText()).to.equal('حراج پاییزه');

    // A link that is not http(s) is refused on its field before anything is sent.
    await page.getByTestId('landing-save').click();
    await builder.errors().getByText('http').first().waitFor();
    await button.getByTestId('block-url').fill('https://shop.example.com/autumn');
    await builder.save();
    expect(await page.getByTestId('landing-publish-state').getAttribute('data-published')).to.equal('false');
    expect(describeViolations('landing page builder', await new AccessibilityCheck(page).seriousViolations())).to.equal('');

    await builder.togglePublish(true);
    expect(await builder.publicLink().innerText()).to.equal(`${baseUrl}/landing-page/${address}/autumn`);
    const stored = ok(await api.get('LandingPages/GetAll', { token })).items;
    expect(stored.map((p: any) => [p.title, p.isPublished, p.blockCount])).to.deep.equal([['جشنواره پاییز', true, 5]]);

    // A visitor with no session.
    const visitorContext = await browser.newContext({ bypassCSP: true });
    const visitor = await visitorContext.newPage();
    visitor.on('pageerror', (e) => errors.push(String(e)));
    const publicPage = new PublicLandingPage(visitor, baseUrl);
    await publicPage.open(`${address}/autumn`);
    const view = publicPage.view();
    expect(await view.getAttribute('dir')).to.equal('rtl');
    expect(await view.getAttribute('lang')).to.equal('fa');
    expect(await view.getAttribute('data-theme')).to.equal('purple');
    expect(await view.getByTestId('landing-block-heading').innerText()).to.equal('حراج پاییزه');
    expect(await view.getByTestId('landing-block-text').innerText()).to.equal('تخفیف ویژه برای اعضای باشگاه');
    expect(await view.getByTestId('landing-block-button').getAttribute('href')).to.equal('https://shop.example.com/autumn');
    expect(await view.getByTestId('landing-block-form').getAttribute('href')).to.equal(`/form/${joinForm.id}`);
    await visitor.waitForFunction(() => { const img = (globalThis as any).document.querySelector('[data-testid="landing-block-image"]'); return !!img && img.complete && img.naturalWidth === 8; });
    expect(await view.getByTestId('landing-block-image').getAttribute('alt')).to.equal('بنر حراج');
    expect(describeViolations('public landing page', await new AccessibilityCheck(visitor).seriousViolations())).to.equal('');
    // Right to left as laid out, not only as an attribute.
    expect(await view.evaluate((el) => (globalThis as any).getComputedStyle(el).direction)).to.equal('rtl');
    // The organization's address alone opens its (only) published page.
    await publicPage.open(address);
    await publicPage.view().waitFor();

    // Withdrawn: the visitor gets the neutral not-found page and no error dialog.
    await builder.togglePublish(false);
    await publicPage.open(`${address}/autumn`);
    await publicPage.notFound().waitFor();
    expect(await visitor.getByTestId('error-dialog').count()).to.equal(0);
    await publicPage.open(`${unique('nobody')}/x`);
    await publicPage.notFound().waitFor();
    expect(await visitor.getByTestId('error-dialog').count()).to.equal(0);
    await visitorContext.close();

    // The two views were counted on today's Tehran day.
    await page.reload();
    await builder.visitsTotal().waitFor();
    expect(await builder.visitsTotal().getAttribute('data-total')).to.equal('2');
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});
