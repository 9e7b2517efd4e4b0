import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { ADMIN_PASSWORD, adminToken, createOrganization, createTree, createUser, unique, USER_PASSWORD } from '../support/fixtures.js';
import { fundTree, ok, simulatorLine } from '../support/sending.js';
import type { ApiClient } from '../support/api-client.js';
import { pngImage } from '../support/document-images.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { DocumentsPages } from './pages/documents-pages.js';
import { SingleSendPage } from './pages/sending-pages.js';

describe('browser: identity documents, uploaded by a user and accepted by the administrator', function () {
  this.timeout(120_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('a user uploads a national card, sees it waiting with the 48-hour notice, the administrator accepts it, the user sees Accepted in Persian', async () => {
    const admin = await adminToken(api);
    const org = await createOrganization(api, admin, { name: unique('KYC customer ') });
    const userName = unique('kyc');
    await createUser(api, admin, { userName, organizationId: org.id, isAdmin: false, firstName: 'Sara' });
    const errors: string[] = [];

    const customer = await browser.newPage();
    customer.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(customer, baseUrl).signIn(userName, USER_PASSWORD);
    const mine = new DocumentsPages(customer, baseUrl);
    await mine.openMine();
    expect(await mine.notice().innerText()).to.contain('۴۸ ساعت');
    expect(await mine.status('NationalCard').innerText()).to.equal('بارگذاری نشده');
    await mine.upload('NationalCard', { name: 'card.png', mimeType: 'image/png', buffer: pngImage(800, 500, 5_000) });
    await customer.locator('[data-testid="document-NationalCard-status"][data-status="WatingForConfirm"]').waitFor();
    expect(await mine.status('NationalCard').innerText()).to.equal('بررسی نشده');

    const operator = await browser.newPage();
    operator.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(operator, baseUrl).signIn('admin', ADMIN_PASSWORD);
    const review = new DocumentsPages(operator, baseUrl);
    await review.openReview();
    await review.reviewRow(userName).waitFor();
    expect(await review.reviewRow(userName).innerText()).to.contain('کارت ملی');
    await review.accept(userName);
    await review.reviewRow(userName).locator('[data-testid="document-review-status"][data-status="Confirmed"]').waitFor();

    await mine.openMine();
    await customer.locator('[data-testid="document-NationalCard-status"][data-status="Confirmed"]').waitFor();
    expect(await mine.status('NationalCard').innerText()).to.equal('تأیید شده');
    expect(errors).to.deep.equal([]);
    await customer.close();
    await operator.close();
  });

  it('a reseller\'s customer is held back until authenticated: upload errors under the field, reject with a description, accept, authenticate, then the send goes through', async () => {
    const tree = await createTree(api);
    await fundTree(api, tree);
    const line = await simulatorLine(api, {});
    // The reseller asks its customers to be authenticated before they send (its own setting).
    ok(await api.post('Organizations/Update', { id: tree.reseller.id, isRequireSubOrganizationAuthentication: true }, { token: tree.resellerAdmin.token }));
    const orgName: string = tree.organization.name;
    const errors: string[] = [];

    const customer = await browser.newPage();
    customer.on('pageerror', (e) => errors.push(String(e)));
    const operator = await browser.newPage();
    operator.on('pageerror', (e) => errors.push(String(e)));
    try {
      await new PanelSignIn(customer, baseUrl).signIn(tree.orgAdmin.userName, USER_PASSWORD);
      const docs = new DocumentsPages(customer, baseUrl);
      await docs.openOrganization();
      expect(await docs.notice().innerText()).to.contain('۴۸ ساعت');

      // Refusals stay under the document's field, and nothing is stored.
      await docs.upload('BusinessLicense', { name: 'license.png', mimeType: 'image/png', buffer: pngImage(800, 500, 200 * 1024 + 1) });
      await docs.error('BusinessLicense').filter({ hasText: 'حجم فایل بیش از ۲۰۰ کیلوبایت است.' }).waitFor();
      expect(await docs.fileDescribedBy('BusinessLicense')).to.equal('document-BusinessLicense-error');
      await docs.upload('BusinessLicense', { name: 'license.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not an image') });
      await docs.error('BusinessLicense').filter({ hasText: 'فایل، تصویر PNG یا JPEG معتبری نیست.' }).waitFor();
      expect(await docs.status('BusinessLicense').innerText()).to.equal('بارگذاری نشده');

      await docs.upload('BusinessLicense', { name: 'license.png', mimeType: 'image/png', buffer: pngImage(800, 500, 20_000) });
      await customer.locator('[data-testid="document-BusinessLicense-status"][data-status="WatingForConfirm"]').waitFor();
      expect(await docs.status('BusinessLicense').innerText()).to.equal('بررسی نشده');
      expect(await docs.error('BusinessLicense').count()).to.equal(0);
      await docs.ownAuthentication().filter({ hasText: 'تا تأیید احراز هویت نمی‌تواند پیامک ارسال کند' }).waitFor();

      // Not authenticated: the send is refused with the spec's message.
      const compose = new SingleSendPage(customer, baseUrl);
      await compose.open();
      await compose.compose(line.number, 'KYC held', ['09121230201']);
      await customer.getByTestId('send-preview-open').click();
      await compose.errors().filter({ hasText: 'سازمان احراز هویت نشده است.' }).waitFor();
      expect(await compose.preview().count()).to.equal(0);

      // The reseller's administrator rejects with a description ...
      await new PanelSignIn(operator, baseUrl).signIn(tree.resellerAdmin.userName, USER_PASSWORD);
      const review = new DocumentsPages(operator, baseUrl);
      await review.openReview();
      expect(await review.manualNote().innerText()).to.contain('احراز هویت نمی‌کند');
      await review.reviewRow(orgName).waitFor();
      expect(await review.reviewRow(orgName).innerText()).to.contain('جواز کسب');
      await review.reject(orgName, 'تصویر خوانا نیست');
      await review.reviewRow(orgName).locator('[data-testid="document-review-status"][data-status="Rejected"]').waitFor();

      await docs.openOrganization();
      await customer.locator('[data-testid="document-BusinessLicense-status"][data-status="Rejected"]').waitFor();
      expect(await docs.status('BusinessLicense').innerText()).to.equal('تأیید نشده');
      expect(await docs.description('BusinessLicense').innerText()).to.contain('تصویر خوانا نیست');

      // ... then accepts; accepting is not authenticating: the row says so until the administrator confirms it.
      await review.accept(orgName);
      await review.reviewRow(orgName).locator('[data-testid="document-review-status"][data-status="Confirmed"]').waitFor();
      expect(await review.authentication(orgName).getAttribute('data-value')).to.equal('false');
      expect(await review.authentication(orgName).innerText()).to.equal('سازمان احراز هویت نشده');
      await review.toggleAuthentication(orgName);
      await review.reviewRow(orgName).locator('[data-testid="document-review-authenticated"][data-value="true"]').waitFor();
      expect(await review.authentication(orgName).innerText()).to.equal('سازمان احراز هویت شده');

      await docs.openOrganization();
      await customer.locator('[data-testid="document-BusinessLicense-status"][data-status="Confirmed"]').waitFor();
      expect(await docs.status('BusinessLicense').innerText()).to.equal('تأیید شده');
      await customer.locator('[data-testid="documents-authentication"][data-value="true"]').waitFor();

      // Authenticated: the same send goes through.
      await compose.open();
      await compose.compose(line.number, 'KYC passed', ['09121230201']);
      const sendId = await compose.previewAndConfirm();
      expect(sendId).to.be.above(0);
      expect(errors).to.deep.equal([]);
    } finally {
      await customer.close();
      await operator.close();
    }
  });
});
