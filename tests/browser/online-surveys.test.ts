import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, sharedServer, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok } from '../support/sending.js';
import { ShortLinksService } from '../../server/modules/engage/index.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { PHONE_VIEWPORT } from './pages/phone-layout.js';
import { persianDigits } from './pages/digits.js';
import { OnlineSurveyPage, SurveyPanelPages } from './pages/surveys-pages.js';
import { AccessibilityCheck, describeViolations } from './pages/accessibility-pages.js';

describe('browser: online surveys', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('a survey sent as a personal link is answered on a phone along a branch, and its results page shows the response', async () => {
    const admin = await adminToken(api);
    const { org, user } = await fundedCustomer(api, admin, 'Surveys', 'Sara');
    const token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    const now = Date.now();
    const survey = ok(await api.post('OnlineSurvey/Create', {
      title: 'قهوه', startAt: new Date(now - 3_600_000).toISOString(), endAt: new Date(now + 86_400_000).toISOString(),
      introPage: 'سه پرسش کوتاه', outroPage: 'سپاس از شما', themeColor: 'purple', crmUserName: 'sales',
    }, { token }));
    const q = (body: Record<string, unknown>) => api.post('OnlineSurvey/CreateQuestion', { surveyId: survey.id, ...body }, { token }).then(ok);
    const q1 = await q({ text: 'قهوه می‌نوشید؟', type: 'Select', isRequired: true, answers: [{ text: 'بله' }, { text: 'خیر' }] });
    const q2 = await q({ text: 'چه قهوه‌ای؟', type: 'Text', isRequired: true, minLength: 3 });
    const q3 = await q({ text: 'چرا نه؟', type: 'Text' });
    const q4 = await q({ text: 'شماره همراه', type: 'Text', isRequired: true, answerPattern: '^09[0-9]{9}$' });
    ok(await api.post('OnlineSurvey/UpdateQuestion', { id: q2.id, text: q2.text, type: 'Text', isRequired: true, minLength: 3, nextQuestionId: q4.id }, { token }));
    ok(await api.post('OnlineSurvey/UpdateQuestion', {
      id: q1.id, text: q1.text, type: 'Select', isRequired: true,
      answers: [{ id: q1.answers[0].id, text: 'بله', nextQuestionId: q2.id }, { id: q1.answers[1].id, text: 'خیر', nextQuestionId: q3.id }],
    }, { token }));
    // The personal link the short-links helper makes for one receiver of a send (its redirect appends sl=<code>).
    const [link] = await (await sharedServer()).peyk.container.get(ShortLinksService).createLinks(null, [{
      mainUrl: `${baseUrl}/online-survey/${survey.publicId}`, urlType: 'Personal', organizationId: org.id, userId: null, sendId: null, receiver: '989121234567',
    }]);

    // The respondent, on a phone.
    // CSP bypassed for the axe script only (as the accessibility test does).
    const phone = await browser.newContext({ viewport: PHONE_VIEWPORT, locale: 'fa-IR', hasTouch: true, isMobile: true, bypassCSP: true });
    const page = await phone.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const take = new OnlineSurveyPage(page, baseUrl);
    await take.open(survey.publicId, link.code);
    expect(await take.title().innerText()).to.equal('قهوه');
    expect(await page.getAttribute('html', 'dir')).to.equal('rtl');
    const axe = new AccessibilityCheck(page);
    expect(describeViolations('survey intro', await axe.seriousViolations())).to.equal('');
    await take.start();
    expect(await take.questionText()).to.equal('قهوه می‌نوشید؟');
    expect(await axe.mains().count(), 'one main#content').to.equal(1);
    // Nothing chosen: the refusal is on the question.
    await take.next();
    expect(await take.error().innerText()).to.equal('یکی از گزینه‌ها را انتخاب کنید.');
    expect(describeViolations('survey question with its error', await axe.seriousViolations())).to.equal('');
    await take.choose('بله');
    await take.next();
    expect(await take.questionText()).to.equal('چه قهوه‌ای؟');
    // Previous returns to the first question with its answer kept.
    await take.back();
    expect(await take.questionText()).to.equal('قهوه می‌نوشید؟');
    await take.next();
    await take.type('ab');
    await take.next();
    expect(await take.error().innerText()).to.contain(persianDigits(3));
    await take.type('اسپرسو');
    await take.next();
    // The branch skipped "why not?".
    expect(await take.questionText()).to.equal('شماره همراه');
    await take.type('12345');
    await take.next();
    expect(await take.error().isVisible()).to.equal(true);
    await take.type('09121234567');
    await take.next();
    await take.finished().waitFor();
    expect(await take.finished().innerText()).to.contain('سپاس از شما');
    expect(await take.overflow(), 'the page fits the phone').to.be.at.most(0);
    // The same personal link again: the finished response, not a new one.
    await take.open(survey.publicId, link.code);
    await take.start();
    await take.finished().waitFor();
    expect(errors).to.deep.equal([]);
    await phone.close();

    // The owner, in the panel.
    const deskContext = await browser.newContext({ bypassCSP: true });
    const desk = await deskContext.newPage();
    await new PanelSignIn(desk, baseUrl).signIn(user.userName, USER_PASSWORD);
    const panel = new SurveyPanelPages(desk, baseUrl);
    await panel.openEditor(survey.id);
    expect(await panel.questions().count()).to.equal(4);
    expect(await panel.crmNotice().isVisible()).to.equal(true);
    const deskAxe = new AccessibilityCheck(desk);
    await deskAxe.settled();
    expect(describeViolations('survey editor', await deskAxe.seriousViolations())).to.equal('');
    // A question added in the editor joins the list.
    await desk.getByTestId('survey-add-question').click();
    await desk.getByTestId('survey-question-text').fill('نظر دیگری دارید؟');
    await desk.getByTestId('survey-question-save').click();
    await desk.getByTestId('survey-question').nth(4).waitFor();
    expect(await desk.getByTestId('survey-question').nth(4).innerText()).to.contain('نظر دیگری دارید؟');
    const address = await panel.publicUrl().innerText();
    expect(address).to.equal(`${baseUrl}/online-survey/${survey.publicId}`);
    expect(await panel.sendSurvey()).to.deep.equal({ text: address, personalLinks: true });
    await panel.openResults(survey.id);
    expect(await panel.responseCount().innerText()).to.equal(persianDigits(1));
    await panel.dayChart().waitFor();
    await deskAxe.settled();
    expect(describeViolations('survey results', await deskAxe.seriousViolations())).to.equal('');
    expect(await panel.respondentReceivers().first().innerText()).to.equal(persianDigits('989121234567'));
    expect((await panel.optionCounts().allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim())).to.deep.equal([`بله ${persianDigits(1)}`, `خیر ${persianDigits(0)}`]);
    await deskContext.close();
  });
});
