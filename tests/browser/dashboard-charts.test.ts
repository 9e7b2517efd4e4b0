import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { USER_PASSWORD, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { ok, sendingTree, waitForSend } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { Shell } from './pages/shell.js';
import { AccessibilityCheck, describeViolations } from './pages/accessibility-pages.js';
import { DashboardChartsSection } from './pages/dashboard-charts-page.js';

const toPersian = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);
const DAY_MS = 86_400_000;
/** How the chart labels a day: the Jalali day and month in Persian ('۴ آذر'), the Gregorian short month and day in English ('Nov 25'). */
const axisLabel = (at: Date, language: 'fa' | 'en') => (language === 'fa'
  ? new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'Asia/Tehran', day: 'numeric', month: 'long' }).format(at)
  : new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tehran', day: 'numeric', month: 'short' }).format(at));

describe('browser: dashboard charts', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let tree: Tree;
  let line: { lineId: number; number: string };
  let context: BrowserContext;

  onSharedBrowser((shared) => ({ browser, baseUrl } = shared));
  afterEach(async () => { await context?.close(); });

  const send = async (receivers: string[]) => {
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'سلام داشبورد', sendType: 'Bulk', receivers }, { token: tree.orgAdmin.token }));
    await waitForSend(api, tree.orgAdmin.token, created.id);
  };

  async function signedIn(): Promise<{ page: Page; charts: DashboardChartsSection; errors: string[] }> {
    context = await browser.newContext({ locale: 'fa-IR', bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(tree.orgAdmin.userName, USER_PASSWORD);
    return { page, charts: new DashboardChartsSection(page, baseUrl), errors };
  }

  before(async () => {
    ({ api, tree, line } = await sendingTree());
    await send(['09121610001', '09351610002', '09211610003']);
  });

  it('shows the sends of the last ten days in Persian: totals, bars by status, Jalali days right to left, busiest line, credit', async () => {
    const { page, charts, errors } = await signedIn();
    await charts.open();
    await charts.loaded();
    expect(await charts.total('messages').innerText()).to.equal('۳');
    expect(await charts.total('sends').innerText()).to.equal('۱');
    expect(await charts.total('delivered').innerText()).to.equal('۳');
    const answer = ok(await api.get('Dashboard/GetInformationsForDashboard', { token: tree.orgAdmin.token }));
    expect(await charts.total('creditUsed').getAttribute('data-value')).to.equal(answer.credit.used);
    expect(Number(answer.credit.used)).to.be.above(0);

    expect(await charts.dailyBars(), 'a bar for the day with sends').to.equal(1);
    const ticks = await charts.dailyTicks();
    const today = axisLabel(new Date(), 'fa');
    const first = axisLabel(new Date(Date.now() - 9 * DAY_MS), 'fa');
    expect(ticks.map((t) => t.text)).to.include(today);
    for (const t of ticks) expect(t.text, 'Persian digits and a Jalali month').to.match(/^[۰-۹]+ [آ-ی]+$/);
    const todayX = ticks.find((t) => t.text === today)!.x;
    const firstTick = ticks.find((t) => t.text === first);
    if (firstTick) expect(todayX, 'in Persian the newest day is drawn at the left').to.be.below(firstTick.x);
    for (const value of await charts.dailyValueTicks()) expect(value).to.match(/^[۰-۹٬,]+$/);

    expect(await charts.topLines().count()).to.equal(1);
    expect(await charts.topLines().first().innerText()).to.include(toPersian(line.number));
    expect(await charts.donutSlices('dashboard-operators').count()).to.equal(3);

    await charts.chooseUnit('parts');
    expect(await page.getByTestId('dashboard-daily-unit-parts').getAttribute('aria-pressed')).to.equal('true');
    expect(await charts.dailyBars()).to.equal(1);
    expect(errors).to.deep.equal([]);
  });

  it('refreshes by itself when a send settles, and shows an empty range and a wrong range', async () => {
    const { page, charts } = await signedIn();
    await charts.open();
    await charts.loaded();
    const before = Number((await charts.total('messages').innerText()).replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))));
    await send(['09121610011', '09121610012']);
    await page.waitForFunction((want: string) => (globalThis as any).document.querySelector('[data-testid="dashboard-total-messages"]')?.textContent === want, toPersian(String(before + 2)), { timeout: 20_000 });

    // Nowruz week of 1404: nothing was sent then.
    await charts.showRange('1404/01/01', '1404/01/10');
    await charts.empty().waitFor();
    await charts.showRange('1404/01/10', '1404/01/01');
    expect(await charts.rangeError().innerText()).to.equal('تاریخ پایان نمی‌تواند پیش از تاریخ شروع باشد.');
    await page.getByTestId('dashboard-range-last-ten').click();
    await charts.loaded();
    expect(await charts.total('messages').innerText()).to.equal(toPersian(String(before + 2)));
  });

  it('reads in English with Gregorian days and Latin digits, and has no serious accessibility violation in the dark theme', async () => {
    const { page, charts } = await signedIn();
    await new Shell(page).toggleLanguage();
    await page.waitForFunction(() => (globalThis as any).document.documentElement.lang === 'en-US');
    await charts.open();
    await charts.loaded();
    const ticks = await charts.dailyTicks();
    expect(ticks.map((t) => t.text)).to.include(axisLabel(new Date(), 'en'));
    expect(await charts.total('sends').innerText()).to.match(/^[0-9,]+$/);
    expect(await page.getByTestId('dashboard-charts').innerText()).to.include('Messages per day');

    const check = new AccessibilityCheck(page);
    await check.useDarkTheme(true);
    await check.settled();
    expect(describeViolations('dashboard charts (dark, en)', await check.seriousViolations())).to.equal('');
    await new Shell(page).toggleLanguage();
    await page.waitForFunction(() => (globalThis as any).document.documentElement.lang === 'fa');
    await charts.loaded();
    await check.settled();
    expect(describeViolations('dashboard charts (dark, fa)', await check.seriousViolations())).to.equal('');
  });

  it('hides the charts silently when the call answers 403', async () => {
    const { page, charts } = await signedIn();
    await page.route('**/Dashboard/GetInformationsForDashboard**', (route) => route.fulfill({
      status: 403, contentType: 'application/json', body: JSON.stringify({ isSucceed: false, message: 'Dear user, you do not have permission to access this section.' }),
    }));
    let asked = false;
    page.on('request', (r) => { if (r.url().includes('GetInformationsForDashboard')) asked = true; });
    await charts.open();
    await page.getByTestId('dashboard-organization').waitFor();
    await page.waitForFunction(() => !(globalThis as any).document.querySelector('[data-testid="dashboard-charts-loading"]'));
    await page.waitForTimeout(500);
    expect(asked).to.equal(true);
    expect(await charts.section().count()).to.equal(0);
    expect(await page.getByRole('dialog').count(), 'no error dialog').to.equal(0);
  });
});
