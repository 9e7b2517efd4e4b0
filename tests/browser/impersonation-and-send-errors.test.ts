import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, createOrganization, createUser, login, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, simulatorLine } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { UsersPage } from './pages/users-page.js';
import { ImpersonationBanner } from './pages/impersonation-banner.js';
import { SingleSendPage } from './pages/sending-pages.js';
import { SendFormErrors } from './pages/send-form-errors.js';

// Issue 14 items 4 and 2: impersonation never dead-ends; a failed send shows its error where the eye is.
describe('browser: impersonation without dead ends, send errors in view', function () {
  this.timeout(120_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('impersonating a user who must change their password lands on the panel with the banner, and goes back', async () => {
    const admin = await adminToken(api);
    const reseller = await createOrganization(api, admin, { name: unique('Imp reseller '), type: 'reseller' });
    const adminName = unique('impadmin');
    await createUser(api, admin, { userName: adminName, organizationId: reseller.id, isAdmin: true, firstName: 'Impersonator', lastName: 'Admin' });
    const targetName = unique('impmust');
    await createUser(api, admin, { userName: targetName, organizationId: reseller.id, firstName: 'Pending', lastName: 'Changer', changePasswordRequired: true });

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await new PanelSignIn(page, baseUrl).signIn(adminName, USER_PASSWORD);
      const users = new UsersPage(page, baseUrl);
      await users.open();
      await users.row(targetName).waitFor();
      await users.impersonate(targetName);

      const banner = new ImpersonationBanner(page);
      await banner.waitShown();
      await page.getByTestId('current-user').filter({ hasText: 'Pending Changer' }).waitFor();
      await page.getByTestId('dashboard-page').waitFor();
      expect(new URL(page.url()).pathname, 'no forced change-password screen').to.not.contain('change-password');
      expect(await page.getByTestId('change-password-form').count()).to.equal(0);

      await banner.backToMyAccount();
      await page.getByTestId('current-user').filter({ hasText: 'Impersonator Admin' }).waitFor();
      expect(await banner.root().count()).to.equal(0);
      // The change stays pending for the user's own sign-in.
      expect((await login(api, targetName, USER_PASSWORD)).changePasswordRequired).to.equal(true);
      expect(errors).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });

  it('a single send with an empty text on a scrolled form shows an error toast and focuses the text field', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Errs', 'Erfan');
    const line = await simulatorLine(api, {});
    // A short window makes the compose form longer than the screen.
    const page = await browser.newPage({ viewport: { width: 1280, height: 480 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
      const compose = new SingleSendPage(page, baseUrl);
      await compose.open();
      await compose.compose(line.number, '', ['09121230001']);
      await page.getByTestId('send-description').fill('left for the end');
      const shown = new SendFormErrors(page);
      expect(await shown.scrollToBottom(), 'the form is longer than the window').to.be.above(0);
      expect(await shown.inViewport('send-text'), 'the text field starts out of view').to.equal(false);

      await page.getByTestId('send-preview-open').click();
      await shown.errorToast().filter({ hasText: 'فرم کامل نیست' }).waitFor();
      await shown.waitFocused('send-text');
      expect(await shown.inViewport('send-text')).to.equal(true);
      const text = page.getByTestId('send-text');
      expect(await text.getAttribute('aria-invalid')).to.equal('true');
      expect(await shown.describedBy('send-text')).to.include('این فیلد الزامی است.');
      expect(await compose.preview().count(), 'no preview opened').to.equal(0);
      expect(errors).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });
});
