import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, ADMIN_PASSWORD, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { SenderAgentsPage } from './pages/sender-agents-page.js';
import { OutboxDetailPage, SingleSendPage } from './pages/sending-pages.js';
import { startSmscSim, type SmscSim } from '../../scripts/smsc-sim/smsc-sim.js';

describe('browser: SMPP sender agent', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let sim: SmscSim;
  let agentId: number | undefined;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));
  // Receipts 1.5 s after the submit, so the outbox page is already open when they arrive.
  before(async () => { sim = await startSmscSim({ port: 0, systemId: 'peykweb', password: 'pw4web', deliveredRatio: 1, receiptDelayMs: 1500 }); });
  after(async () => {
    // The agent lives on in the shared server: let its binds go before the centre does, so it
    // does not keep reconnecting to a port another suite may get.
    if (agentId !== undefined) ok(await api.post('SenderAgents/Update', { id: agentId, isActive: false }, { token: await adminToken(api) }));
    await sim?.close();
  });

  it('an administrator adds an SMPP agent pointing at the SMSC simulator, sees it go up, sends, watches statuses arrive', async () => {
    const admin = await adminToken(api);
    const errors: string[] = [];
    // One browser context per person: the administrator's session and the customer's never mix.
    const adminPage = await browser.newPage();
    const page = await browser.newPage();
    for (const p of [adminPage, page]) p.on('pageerror', (e) => errors.push(String(e)));
    try {
      await new PanelSignIn(adminPage, baseUrl).signIn('admin', ADMIN_PASSWORD);
      const agents = new SenderAgentsPage(adminPage, baseUrl);
      await agents.open();
      const title = `SMSC ${Date.now().toString(36)}`;
      await agents.startAgent('smpp', title);
      expect(await agents.option('password').getAttribute('type')).to.equal('password');
      expect(await agents.option('port').inputValue()).to.equal('2775');
      await agents.fillOptions({ host: '127.0.0.1', port: String(sim.port), systemId: 'peykweb', password: 'pw4web' });
      expect(await agents.save()).to.equal(true);
      await agents.show(title);
      await agents.row(title).waitFor();
      // Bound as soon as it was saved; the badge turns up without a reload.
      await agents.waitForHealth(title, 'up');
      expect(sim.stats().binds).to.be.at.least(1);
      // The live health carries the binds (the plugin's default is one transceiver bind).
      await agents.row(title).getByTestId('agent-health-traffic').filter({ hasText: /1\s*of\s*1|۱\s*از\s*۱/ }).waitFor({ timeout: 10_000 });
      expect((await agents.testConnection(title)).state).to.equal('up');

      // The line is scaffolding (the screen under test is the agent's): made through the API.
      const agent = ok(await api.get('SenderAgents/GetAll', { token: admin })).items.find((a: any) => a.title === title);
      expect(agent, 'the saved agent').to.include({ pluginName: 'smpp', isActive: true });
      expect(agent.options).to.include({ host: '127.0.0.1', port: sim.port, systemId: 'peykweb', password: '***' });
      agentId = agent.id;
      const number = `3000${String(Date.now()).slice(-7)}`;
      ok(await api.post('PrivateNumbers/Create', {
        number, useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agentId,
        isPublic: true, isActive: true, isSendSingle: true, isSendBulk: true, isSendP2P: true, isGeneralBlackList: true, deliveryBase: true,
      }, { token: admin }));

      // A funded customer sends through that line from the compose screen.
      const { user } = await fundedCustomer(api, admin, 'Smpp', 'Reza');
      await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
      const compose = new SingleSendPage(page, baseUrl);
      await compose.open();
      const text = 'سلام از مرکز پیام آزمایشی';
      await compose.compose(number, text, ['09121230001', '۰۹۳۵۱۲۳۰۰۰۲', '+989211230003']);
      const sendId = await compose.previewAndConfirm();
      let navigations = 0;
      page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations++; });

      const detail = new OutboxDetailPage(page, baseUrl);
      await detail.waitForDeliveryStatus('SentAndReceivedbyPhone', 3, 30_000);
      expect(navigations, 'no reload while the statuses arrived').to.equal(0);
      expect(await detail.counterValue('deliveredCount')).to.equal(3);
      const send = ok(await api.get(`OutBox/Get/${sendId}`, { token: admin }));
      expect(send).to.include({ recipientCount: 3, deliveredCount: 3, smsEncoding: 'Persian' });

      // The centre got each message once, whole, in UCS-2, to the international numbers.
      const stats = sim.stats();
      expect(stats).to.include({ messages: 3, submits: 3, duplicates: 0, receiptsSent: 3 });
      const submitted = sim.submittedMessages();
      expect(submitted.map((m) => m.to).sort()).to.deep.equal(['989121230001', '989211230003', '989351230002']);
      for (const m of submitted) expect(m).to.include({ from: number, text, parts: 1, dataCoding: 8 });
      expect(errors).to.deep.equal([]);
    } finally {
      await adminPage.close();
      await page.close();
    }
  });
});
