import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { ADMIN_PASSWORD, adminToken, createOrganization, createUser, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { pngImage } from '../support/document-images.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { DocumentsPages } from './pages/documents-pages.js';

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
});
