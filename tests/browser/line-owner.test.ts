import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, ADMIN_PASSWORD, unique } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { ok } from '../support/sending.js';
import { LineFormDialog } from './pages/line-form.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { SelectControl } from './pages/select-control.js';

// Issue 14 item 3: the line's owner organization is picked by its name, never typed as an id.
describe('browser: a line\'s owner organization is picked by name', function () {
  this.timeout(120_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let page: Page;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));
  afterEach(async () => { await page?.close(); });

  it('creates a line owned by a picked customer; the field shows names, the saved line holds its id', async () => {
    const admin = await adminToken(api);
    const owner = ok(await api.post('Organizations/Create', { name: unique('مالک خط '), type: 'reseller' }, { token: admin }));
    const agent = ok(await api.post('SenderAgents/Create', {
      title: unique('Sim owner '), pluginName: 'simulator', maxPerSecond: 100, isActive: true, isSendActive: true, isActiveAllTime: true, options: {},
    }, { token: admin }));
    page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
    const form = new LineFormDialog(page, baseUrl);
    await form.openNew();
    const number = `3000${Date.now() % 100000}`.slice(0, 10);
    await form.root().getByTestId('line-number').fill(number);
    await new SelectControl(page, form.root(), 'line-agent').choose(agent.title);
    const ownerField = new SelectControl(page, form.root(), 'line-organizationId');
    await ownerField.choose(owner.name);
    expect(await ownerField.value()).to.equal(owner.name);
    await form.root().getByTestId('line-save').click();
    await form.root().waitFor({ state: 'detached' });
    const lines = ok(await api.get('PrivateNumbers/GetAll?pageSize=500', { token: admin })).items as Array<{ number: string; organizationId: number }>;
    expect(lines.find((l) => l.number === number)?.organizationId).to.equal(owner.id);
    expect(errors).to.deep.equal([]);
  });
});
