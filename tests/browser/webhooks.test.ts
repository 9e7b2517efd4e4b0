import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer } from '../support/sending.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';
import { verifyWebhookSignature } from '../../server/modules/developer/webhook-signature.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { WebhooksPage } from './pages/webhooks-pages.js';

describe('browser: webhooks', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let receiver: WebhookReceiver | null = null;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));
  after(async () => { await receiver?.close(); });

  it('creates a webhook (secret shown once), sends a test, sees it fail and resends it until it succeeds', async () => {
    receiver = await WebhookReceiver.start();
    receiver.script('/hook', [500, 200]);
    const { user } = await fundedCustomer(api, await adminToken(api), 'Hooks', 'Reza');
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);

    const hooks = new WebhooksPage(page, baseUrl);
    await hooks.open();
    await hooks.table.empty().waitFor();
    const url = `${receiver.base}/hook`;
    const secret = await hooks.create(url, 1);
    expect(secret).to.match(/^whsec_/);
    await hooks.row(url).waitFor();
    expect(await page.content()).to.not.contain(secret);

    await hooks.sendTest(url);
    const deliveries = await hooks.openDeliveries(url);
    // One try only: the 500 makes it failed at once.
    const failed = await deliveries.waitForStatus('failed');
    expect(await failed.innerText()).to.contain('۵۰۰');
    // The status, never the receiver's answer ("nope").
    expect(await failed.innerText()).to.not.contain('nope');
    await deliveries.resendFirst();
    await deliveries.waitForStatus('succeeded');
    const reqs = receiver.to('/hook');
    expect(reqs).to.have.length(2);
    expect(reqs.every((r) => verifyWebhookSignature(secret, String(r.headers['x-peyk-timestamp']), r.body, String(r.headers['x-peyk-signature']), Math.floor(Date.now() / 1000)))).to.equal(true);
    expect(errors).to.deep.equal([]);
  });
});
