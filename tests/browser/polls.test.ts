import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine, waitForSend } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { PollsPages } from './pages/polls-pages.js';
import { persianDigits } from './pages/digits.js';

describe('browser: polls and competitions', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('a poll is created in the panel, answers texted from the simulator move the results chart live, a winner is drawn and shown', async () => {
    const admin = await adminToken(api);
    const { org, user } = await fundedCustomer(api, admin, 'Polls', 'Mina');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    // The simulator texts back what follows "echo" from each receiver: those are the answers.
    const line = await simulatorLine(api, { inboundEcho: true, deliveryDelayMs: 10 }, { organizationId: org.id });

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const polls = new PollsPages(page, baseUrl);
    await polls.openList();
    await polls.table.empty().waitFor();
    await polls.startNew();
    await polls.fillPoll({ title: 'رنگ محبوب شما؟', line: line.number, options: [['قرمز', '1'], ['آبی', '2']], winners: 1 });
    await polls.save();
    await polls.chart().waitFor();
    expect(await polls.count('1').innerText()).to.equal(persianDigits('0'));
    let navigations = 0;
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations++; });

    // Two vote 1 (one of them twice: only the first counts), one votes 2 (in Persian digits), one sends no keyword.
    const echo = async (text: string, receivers: string[]) =>
      waitForSend(api, token, ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: `echo ${text}`, sendType: 'Bulk', receivers }, { token })).id);
    await echo('1', ['09121235501', '09121235502']);
    await polls.waitForCount('1', persianDigits('2'));
    await echo('۲', ['09121235503', '09121235501']);
    await echo('hello', ['09121235504']);
    await polls.waitForCount('2', persianDigits('1'));
    expect(await polls.count('1').innerText()).to.equal(persianDigits('2'));
    expect(await polls.bars().count(), 'the chart shows a bar per answered option').to.equal(2);
    expect(navigations, 'no reload while the answers arrived').to.equal(0);
    expect(await page.getByTestId('poll-participants').innerText()).to.contain(persianDigits('3'));

    await polls.draw();
    expect(await polls.winners().count()).to.equal(1);
    const winner = await polls.winners().first().innerText();
    expect(['989121235501', '989121235502', '989121235503'].map(persianDigits).some((m) => winner.includes(m))).to.equal(true);
    expect(await page.getByTestId('poll-seed').innerText()).to.match(/^[0-9a-f]{64}$/);
    expect(errors).to.deep.equal([]);
  });
});
