import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, sharedServer, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { OccasionsPages } from './pages/occasions-pages.js';
import { SelectControl } from './pages/select-control.js';
import { AccessibilityCheck, describeViolations } from './pages/accessibility-pages.js';
import { OccasionRunner } from '../../server/modules/engage/occasion-runner.service.js';
import { fromJalali } from '../../server/modules/engage/occasion-dates.js';
import { tehranTime } from '../../server/modules/messaging/index.js';
import { dayString } from '../../server/shared/dates/calendar-days.js';

/** The panel shows numbers in Persian digits. */
const fa = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);

describe('browser: occasion sends and calendar events', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('lists the official holidays of a Jalali month read only and adds the organization\'s own event', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Calendar', 'Leila');
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const screens = new OccasionsPages(page, baseUrl);
    await screens.openCalendar();
    await screens.month.choose('فروردین', 'فرو');
    const nature = screens.events.row('روز طبیعت');
    await nature.waitFor();
    expect(await nature.getByTestId('event-row-date').innerText()).to.equal('۱۳ فروردین');
    expect(await nature.getByTestId('event-row-kind').getAttribute('data-system')).to.equal('true');
    // Official events have no edit or delete.
    expect(await nature.getByTestId('event-edit').count()).to.equal(0);

    await screens.createEvent('سالروز تأسیس شرکت', '۲۰');
    const own = screens.events.row('سالروز تأسیس شرکت');
    await own.waitFor();
    expect(await own.getByTestId('event-row-date').innerText()).to.equal('۲۰ فروردین');
    expect(await own.getByTestId('event-row-title').getAttribute('dir')).to.equal('auto');
    // A date the calendar does not have is refused on the day field.
    await page.getByTestId('event-create').click();
    await page.getByTestId('event-title').fill('x');
    await new SelectControl(page, page, 'event-month').choose('مهر');
    await page.getByTestId('event-day').fill('۳۱');
    await page.getByTestId('event-save').click();
    await page.getByTestId('calendar-event-errors').waitFor();
    expect(await page.getByTestId('calendar-event-errors').innerText()).to.contain('این تاریخ در تقویم شمسی وجود ندارد.');
    expect(errors).to.deep.equal([]);
  });

  it('creates an occasion with the pickers and placeholder buttons, then shows its run with a link to the send', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Occasion', 'Maryam');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const line = await simulatorLine(api, {}, { isSendDynamic: true, isSendOccasionPhonebook: true });
    const title = unique('Club ');
    const book = ok(await api.post('Phonebooks/Create', { title }, { token })).id;
    // Mehr 1, 1380: the greeting goes one day before, on Shahrivar 31.
    ok(await api.post('Contacts/Create', { phonebookId: book, cellphone: '09121260001', firstName: 'مهری', birthdate: dayString(fromJalali({ jy: 1380, jm: 7, jd: 1 })) }, { token }));

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const screens = new OccasionsPages(page, baseUrl);
    await screens.openOccasions();
    await screens.emptyCreate().click();
    await page.getByTestId('occasion-form').waitFor();
    // Nothing filled: each required field says so.
    await screens.save();
    await page.getByTestId('occasion-errors').waitFor();
    expect(await screens.fieldError('occasion-title').innerText()).to.equal('این فیلد الزامی است.');

    await page.getByTestId('occasion-title').fill('تبریک تولد');
    await screens.line.choose(line.number, line.number.slice(0, 6));
    await screens.phonebook.choose(title, title.slice(0, 6));
    expect(await page.getByTestId('occasion-phonebook-item').innerText()).to.contain(title);
    expect(await screens.field.value()).to.equal('تاریخ تولد');
    await page.getByTestId('occasion-days-before').fill('۱');
    await page.getByTestId('occasion-template-title').fill('تولد');
    await page.getByTestId('occasion-text').fill('تولدت مبارک ');
    await screens.insertPlaceholder('firstName');
    expect(await page.getByTestId('occasion-text').inputValue()).to.equal('تولدت مبارک {firstName}');
    await screens.save();
    await page.getByTestId('occasions-page').waitFor();
    const row = screens.occasions.row('تبریک تولد');
    await row.waitFor();
    expect(await row.innerText()).to.contain('۱ روز قبل');
    // Issue 23 item 5: the contact date field by its label, not its key (birthdate).
    expect(await row.getByTestId('occasion-row-source').innerText()).to.equal('فیلد «تاریخ تولد»');
    const [occasion] = ok(await api.get('OccasionScheduledMessages/GetAll', { token })).items;
    expect(occasion).to.include({ howManyDaysSendItBeforeDueDate: 1, phonebookCustomFieldNameEn: 'birthdate', calenderEvent: false, sendHour: 9 });

    // The daily run on a fake clock (Shahrivar 31, 1406, 09:01 Tehran), as the scheduler calls it.
    const runner = (await sharedServer()).peyk.container.get(OccasionRunner);
    const outcome = await runner.runDue(tehranTime(fromJalali({ jy: 1406, jm: 6, jd: 31 }), 9, 1));
    expect(outcome[occasion.id]).to.equal('sent');
    await screens.openOccasion(occasion.id);
    const run = screens.runs().first();
    await run.waitFor();
    expect(await run.innerText()).to.contain('۱۴۰۶/۰۶/۳۱');
    const sendId = ok(await api.get(`OccasionScheduledMessages/Get/${occasion.id}`, { token })).runs[0].sendId;
    await run.getByRole('link').click();
    await page.waitForURL(new RegExp(`/outbox/${sendId}$`));
    await page.locator(`[data-testid="outbox-detail-page"][data-send-id="${sendId}"]`).waitFor();
    expect(await page.getByTestId('outbox-sub-type').innerText()).to.contain('مناسبتی');
    // The list shows the last run's day and its send in Persian digits.
    await screens.openOccasions();
    expect(await screens.occasions.row('تبریک تولد').getByTestId('occasion-row-last-run').innerText()).to.contain(`#${fa(String(sendId))}`);
    expect(errors).to.deep.equal([]);
  });

  it('the occasion screens have no serious accessibility violation (the form with its errors too)', async () => {
    const admin = await adminToken(api);
    const { user } = await fundedCustomer(api, admin, 'Occasiona', 'Sima');
    // bypassCSP: the panel's policy (script-src 'self') would refuse axe-core's injected script.
    const context = await browser.newContext({ locale: 'fa-IR', bypassCSP: true });
    const page = await context.newPage();
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
    const check = new AccessibilityCheck(page);
    const found: string[] = [];
    for (const target of [
      { name: 'occasions', path: '/sending/occasions', testId: 'occasions-page' },
      { name: 'occasion form', path: '/sending/occasions/new', testId: 'occasion-form' },
      { name: 'calendar events', path: '/sending/calendar-events', testId: 'calendar-events-page' },
    ]) {
      await check.open(baseUrl, target);
      found.push(describeViolations(target.name, await check.seriousViolations()));
    }
    await check.open(baseUrl, { name: 'occasion form', path: '/sending/occasions/new', testId: 'occasion-form' });
    await page.getByTestId('occasion-save').click();
    await page.getByTestId('occasion-errors').waitFor();
    found.push(describeViolations('occasion form with errors', await check.seriousViolations()));
    await context.close();
    expect(found.filter(Boolean).join('\n')).to.equal('');
  });
});
