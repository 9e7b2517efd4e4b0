import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, ADMIN_PASSWORD } from '../support/fixtures.js';
import { ok } from '../support/envelope.js';
import type { ApiClient } from '../support/api-client.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { SmppAccountsPage } from './pages/smpp-accounts-page.js';

describe('browser: SMPP accounts', function () {
  this.timeout(120_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('an administrator creates an SMPP account by picking the user and their API token, sees a field error from the server, edits and deletes it', async () => {
    const token = await adminToken(api);
    const me = ok(await api.get('Account/GetCurrentUser', { token }));
    const tokenTitle = `smpp-key-${Date.now().toString(36)}`;
    const apiToken = ok(await api.post('ApiTokens/Create', { title: tokenTitle }, { token }));
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
      const accounts = new SmppAccountsPage(page, baseUrl);
      await accounts.open();
      const systemId = `br${Date.now().toString(36).slice(-8)}`;
      await accounts.create({ systemId, password: 'pw123', user: me.userName, title: 'Browser carrier', throughput: '250', apiToken: tokenTitle });
      await accounts.row(systemId).waitFor();
      expect(await accounts.row(systemId).innerText()).to.contain('Browser carrier').and.to.contain('250');
      // The pickers saved the ids behind the names; no id was typed or shown.
      const saved = (ok(await api.get('SmppAccounts/GetAll', { token })).items as any[]).find((a) => a.systemId === systemId);
      expect(saved.userId).to.equal(Number(me.id ?? me.userId));
      expect(saved.apiTokenId).to.equal(apiToken.id);

      // The same system_id again: the server's message under the field, the dialog stays open.
      await accounts.create({ systemId, password: 'pw123', user: me.userName });
      await accounts.dialog().getByTestId('smpp-account-errors').waitFor();
      await accounts.dialog().getByRole('button', { name: /cancel|انصراف/i }).click();

      await accounts.edit(systemId, async (d) => { await d.locator('#smpp-active').uncheck(); });
      await accounts.row(systemId).filter({ hasText: /Disabled|غیرفعال/ }).waitFor();
      await accounts.remove(systemId);
      expect(errors).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });
});
