import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok } from '../support/sending.js';
import { solidPng } from '../support/document-images.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { DynamicTemplatesPage, MediaImagesPage } from './pages/dynamic-templates-pages.js';
import { PatternsPage } from './pages/patterns-pages.js';
import { SelectControl } from './pages/select-control.js';

/** The panel shows numbers in Persian digits. */
const fa = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);

describe('browser: dynamic templates and media images', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('creates a template from the empty state (field buttons, then the Brackets format), shows the server\'s refusal in Persian, makes a pattern from it, deletes it', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Template', 'Mina');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const templates = new DynamicTemplatesPage(page, baseUrl);
    await templates.open();
    await templates.emptyState().waitFor();
    await templates.startCreate();
    const title = unique('Reply ');
    await templates.fill(title, 'سلام {firstName} ');
    await templates.insertField('lastName');
    expect(await templates.text()).to.equal('سلام {firstName} {lastName}');

    await templates.format.choose('کروشه: [firstName]', 'کروشه');
    await page.getByTestId('template-text').fill('سلام [nickname]');
    await templates.submit();
    // The server names the unknown field in the template's own syntax, in Persian.
    await templates.errors().getByText('[nickname]').waitFor();
    await page.getByTestId('template-text').fill('سلام [firstName]، کد [[VIP]]');
    await templates.submit();
    await templates.dialog().waitFor({ state: 'hidden' });
    await templates.row(title).waitFor();
    expect(await templates.row(title).getByTestId('template-row-text').innerText()).to.equal('سلام [firstName]، کد [[VIP]]');
    const stored = ok(await api.get('DynamicTemplates/GetAll?pageSize=10', { token })).items;
    expect(stored.map((t: any) => [t.title, t.format])).to.deep.equal([[title, 'Brackets']]);

    // A pattern takes the template's text, written in the Braces syntax it is sent with.
    const patterns = new PatternsPage(page, baseUrl);
    await patterns.open();
    await patterns.startCreate();
    const patternTitle = unique('From template ');
    await page.getByTestId('pattern-title').fill(patternTitle);
    await new SelectControl(page, page, 'pattern-template').choose(title, title.slice(0, 5));
    expect(await patterns.text()).to.equal('سلام {firstName}، کد [VIP]');
    await patterns.save();
    await patterns.row(patternTitle).waitFor();
    const pattern = ok(await api.get('Patterns/GetAll?pageSize=10', { token })).items.find((p: any) => p.title === patternTitle);
    expect(pattern).to.include({ smsText: 'سلام {firstName}، کد [VIP]', dynamicTemplateId: stored[0].id });

    await templates.open();
    await templates.remove(title);
    await templates.emptyState().waitFor();
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('uploads a PNG image and lists it with its pixel size; a file over 1 MB and a file that is not an image are refused with a message', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Images', 'Parisa');
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const images = new MediaImagesPage(page, baseUrl);
    await images.open();
    await images.emptyState().waitFor();

    await images.choose('logo.png', solidPng(12, 8, [20, 120, 200]));
    await images.row('logo.png').waitFor();
    expect(await images.row('logo.png').getByTestId('image-row-dimensions').innerText()).to.equal(fa('12×8'));
    // The preview is the image itself, served at its address.
    await page.waitForFunction(() => { const img = (globalThis as any).document.querySelector('[data-testid="image-row-preview"]'); return !!img && img.complete && img.naturalWidth === 12; });

    await images.choose('huge.png', Buffer.alloc(1024 * 1024 + 10, 1));
    expect(await images.uploadError().innerText()).to.equal('حجم تصویر بیش از ۱ مگابایت است.');
    // Named like an image, but not one: the server reads the bytes.
    await images.choose('fake.jpg', Buffer.from('this is not an image at all', 'utf8'), 'image/jpeg');
    await images.uploadError().getByText('تصویر باید فایل PNG یا JPEG').waitFor();
    expect(await images.row('fake.jpg').count()).to.equal(0);
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});
