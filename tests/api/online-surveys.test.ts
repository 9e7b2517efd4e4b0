import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { bad, ok, standaloneSender } from '../support/sending.js';
import { pngImage } from '../support/document-images.js';
import { ShortLinksService } from '../../server/modules/engage/index.js';
import { PASSWORD_GUESSES_PER_WINDOW } from '../../server/modules/engage/surveys/survey-responses.service.js';

/**
 * Online surveys (server/modules/engage/CONTEXT.md, "Online surveys"): the editor's branching
 * checks, the public walk along branches with every refusal on its field, password, the window
 * ('survey not found'), one response per personal code, statistics per Persian day/month/year
 * (on a fake clock across Nowruz 1405), tenancy and the Excel export.
 */
describe('Online surveys: editor, branching walk, statistics, export', function () {
  this.timeout(180_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let token: string;
  let otherToken: string;
  let organizationId: number;
  /** The fake clock: null = the real time. Panel calls run on the real time (tokens are judged by the clock too). */
  let frozen: Date | null = null;
  const clock = { now: () => frozen ?? new Date() };

  const create = async (extra: Record<string, unknown> = {}, as = token) => ok(await api.post('OnlineSurvey/Create', {
    title: 'Coffee habits', startAt: '2026-03-01T00:00:00.000Z', endAt: '2027-06-01T00:00:00.000Z',
    introPage: 'Three short questions', outroPage: 'Thank you!', themeColor: 'green', redirectUrl: 'https://example.com/thanks', ...extra,
  }, { token: as }));
  const question = async (body: Record<string, unknown>) => ok(await api.post('OnlineSurvey/CreateQuestion', body, { token }));
  const at = async <T>(when: string, work: () => Promise<T>): Promise<T> => {
    frozen = new Date(when);
    try { return await work(); } finally { frozen = null; }
  };

  /** Q1 select (Yes → Q2, No → Q3), Q2 text required 3..20 then → Q4 (skips Q3), Q3 text optional, Q4 text with a pattern. */
  const coffeeSurvey = async () => {
    const survey = await create();
    const q1 = await question({ surveyId: survey.id, text: 'Do you drink coffee?', type: 'Select', isRequired: true, answers: [{ text: 'Yes' }, { text: 'No' }] });
    const q2 = await question({ surveyId: survey.id, text: 'Which coffee?', type: 'Text', isRequired: true, minLength: 3, maxLength: 20 });
    const q3 = await question({ surveyId: survey.id, text: 'Why not?', type: 'Text' });
    const q4 = await question({ surveyId: survey.id, text: 'Your mobile', type: 'Text', isRequired: true, answerPattern: '^09[0-9]{9}$' });
    ok(await api.post('OnlineSurvey/UpdateQuestion', { id: q2.id, text: q2.text, type: 'Text', isRequired: true, minLength: 3, maxLength: 20, nextQuestionId: q4.id }, { token }));
    const branched = ok(await api.post('OnlineSurvey/UpdateQuestion', {
      id: q1.id, text: q1.text, type: 'Select', isRequired: true,
      answers: [{ id: q1.answers[0].id, text: 'Yes', nextQuestionId: q2.id }, { id: q1.answers[1].id, text: 'No', nextQuestionId: q3.id }],
    }, { token }));
    return { survey, q1: branched, q2, q3, q4, yes: branched.answers[0].id as number, no: branched.answers[1].id as number };
  };

  before(async () => {
    server = await startTestServer({}, clock);
    await server.peyk.scheduler?.stop();
    api = new ApiClient(server.url);
    ({ admin, token, organizationId } = await standaloneSender(api, 'Surveys org'));
    const other = ok(await api.post('Organizations/Create', { name: 'Other surveys org', type: 'reseller' }, { token: admin }));
    ok(await api.post('Users/Create', { userName: `surveys${other.id}`, password: 'User#Pass1', changePasswordRequired: false, organizationId: other.id, isAdmin: true, firstName: 'O' }, { token: admin }));
    otherToken = ok(await api.post('Account/Login', { userName: `surveys${other.id}`, password: 'User#Pass1' })).accessToken;
  });

  after(async () => { await server?.stop(); });

  it('walks the branches question by question, refusing each bad answer on its field, and finishes with the outro and redirect', async () => {
    const { survey, q1, q2, q3, q4, yes, no } = await coffeeSurvey();
    const pub = ok(await api.get(`OnlineSurvey/Public/${survey.publicId}`));
    expect(pub).to.deep.include({ title: 'Coffee habits', themeColor: 'green', hasPassword: false, questionCount: 4, introPage: 'Three short questions' });

    // Path A: Yes → Q2 → Q4 (Q3 skipped by Q2's next).
    let step = ok(await api.post('OnlineSurvey/Start', { publicId: survey.publicId }));
    expect(step.question.id).to.equal(q1.id);
    expect(step.question.canGoBack).to.equal(false);
    const t = step.token as string;
    bad(await api.post('OnlineSurvey/Answer', { token: t, questionId: q1.id, optionId: null }), 400, 'optionId');
    bad(await api.post('OnlineSurvey/Answer', { token: t, questionId: q1.id, optionId: q4.id + 1000 }), 400, 'optionId');
    step = ok(await api.post('OnlineSurvey/Answer', { token: t, questionId: q1.id, optionId: yes }));
    expect(step.question.id).to.equal(q2.id);
    // Previous: back to Q1 with the option chosen before, then forward again.
    step = ok(await api.post('OnlineSurvey/Back', { token: t }));
    expect(step.question).to.include({ id: q1.id, optionId: yes });
    step = ok(await api.post('OnlineSurvey/Answer', { token: t, questionId: q1.id, optionId: yes }));
    // Answering a question that is not the current one is refused.
    bad(await api.post('OnlineSurvey/Answer', { token: t, questionId: q4.id, value: '09121234567' }), 400, 'questionId');
    const empty = bad(await api.post('OnlineSurvey/Answer', { token: t, questionId: q2.id, value: '   ' }), 400, 'value');
    expect(empty.validationErrors?.[0]?.message).to.equal('This question must be answered.');
    const short = bad(await api.post('OnlineSurvey/Answer', { token: t, questionId: q2.id, value: 'ab' }, { culture: 'fa-IR' }), 400, 'value');
    expect(short.validationErrors?.[0]?.message).to.equal('پاسخ دست‌کم ۳ نویسه است.');
    bad(await api.post('OnlineSurvey/Answer', { token: t, questionId: q2.id, value: 'x'.repeat(21) }), 400, 'value');
    step = ok(await api.post('OnlineSurvey/Answer', { token: t, questionId: q2.id, value: 'Espresso' }));
    expect(step.question.id).to.equal(q4.id);
    bad(await api.post('OnlineSurvey/Answer', { token: t, questionId: q4.id, value: '123' }), 400, 'value');
    step = ok(await api.post('OnlineSurvey/Answer', { token: t, questionId: q4.id, value: '09121234567' }));
    expect(step).to.deep.equal({ token: t, finished: true, question: null, outroPage: 'Thank you!', redirectUrl: 'https://example.com/thanks' });
    // A finished response stays finished.
    expect(ok(await api.post('OnlineSurvey/Answer', { token: t, questionId: q4.id, value: '09120000000' })).finished).to.equal(true);

    // Path B: No → Q3 (optional, left empty) → Q4.
    const b = ok(await api.post('OnlineSurvey/Start', { publicId: survey.publicId }));
    step = ok(await api.post('OnlineSurvey/Answer', { token: b.token, questionId: q1.id, optionId: no }));
    expect(step.question.id).to.equal(q3.id);
    step = ok(await api.post('OnlineSurvey/Answer', { token: b.token, questionId: q3.id, value: '' }));
    expect(step.question.id).to.equal(q4.id);
    step = ok(await api.post('OnlineSurvey/Answer', { token: b.token, questionId: q4.id, value: '09351234567' }));
    expect(step.finished).to.equal(true);

    // visitCount: every showing (Q1: two starts and one back; Q2: twice on path A; Q3 once; Q4 twice).
    const detail = ok(await api.get(`OnlineSurvey/Get/${survey.id}`, { token }));
    expect(detail.questions.map((q: any) => q.visitCount)).to.deep.equal([3, 2, 1, 2]);
    const stats = ok(await api.get(`OnlineSurvey/Statistics/${survey.id}`, { token }));
    expect(stats.responseCount).to.equal(2);
    expect(stats.questions[0].options.map((o: any) => [o.text, o.count])).to.deep.equal([['Yes', 1], ['No', 1]]);
    expect(stats.questions[2].answerCount).to.equal(0);
    const texts = ok(await api.get(`OnlineSurvey/TextAnswers?questionId=${q4.id}`, { token }));
    expect(texts.items.map((a: any) => a.value).sort()).to.deep.equal(['09121234567', '09351234567']);
  });

  it('refuses dangling, cross-survey, self and endless branches on their fields, and deleting an answered or referenced question', async () => {
    const { survey, q2, q4 } = await coffeeSurvey();
    const other = await create({ title: 'Another survey' });
    const foreign = await question({ surveyId: other.id, text: 'Elsewhere', type: 'Text' });
    const base = { id: q4.id, text: q4.text, type: 'Text', isRequired: true, answerPattern: '^09[0-9]{9}$' };
    bad(await api.post('OnlineSurvey/UpdateQuestion', { ...base, nextQuestionId: foreign.id }, { token }), 400, 'nextQuestionId');
    bad(await api.post('OnlineSurvey/UpdateQuestion', { ...base, nextQuestionId: 2_000_000 }, { token }), 400, 'nextQuestionId');
    bad(await api.post('OnlineSurvey/UpdateQuestion', { ...base, nextQuestionId: q4.id }, { token }), 400, 'nextQuestionId');
    // Q2 → Q4 → Q2: nothing leaves the loop.
    const endless = bad(await api.post('OnlineSurvey/UpdateQuestion', { ...base, nextQuestionId: q2.id }, { token }), 400, 'nextQuestionId');
    expect((endless.validationErrors ?? []).map((v: any) => v.message).join(' ')).to.contain('endless loop');
    bad(await api.post('OnlineSurvey/CreateQuestion', { surveyId: survey.id, text: 'Pick', type: 'Select', answers: [{ text: 'A', nextQuestionId: foreign.id }, { text: 'B' }] }, { token }), 400, 'answers[0].nextQuestionId');
    // Question checks.
    bad(await api.post('OnlineSurvey/CreateQuestion', { surveyId: survey.id, text: 'Pick', type: 'Select', answers: [{ text: 'A' }] }, { token }), 400, 'answers');
    bad(await api.post('OnlineSurvey/CreateQuestion', { surveyId: survey.id, text: ' ', type: 'Text' }, { token }), 400, 'text');
    bad(await api.post('OnlineSurvey/CreateQuestion', { surveyId: survey.id, text: 'Len', type: 'Text', minLength: 5, maxLength: 2 }, { token }), 400, 'minLength');
    bad(await api.post('OnlineSurvey/CreateQuestion', { surveyId: survey.id, text: 'Bad', type: 'Text', answerPattern: '(a+)+$' }, { token }), 400, 'answerPattern');
    bad(await api.post('OnlineSurvey/CreateQuestion', { surveyId: survey.id, text: 'Bad', type: 'Text', answerPattern: '([' }, { token }), 400, 'answerPattern');
    // Survey checks.
    bad(await api.post('OnlineSurvey/Create', { title: 'x', startAt: '2026-05-01T00:00:00Z', endAt: '2026-04-01T00:00:00Z' }, { token }), 400, 'endAt');
    bad(await api.post('OnlineSurvey/Create', { title: 'x', startAt: '2026-03-01T00:00:00Z', endAt: '2026-04-01T00:00:00Z', redirectUrl: 'javascript:alert(1)' }, { token }), 400, 'redirectUrl');
    bad(await api.post('OnlineSurvey/Create', { title: 'x', startAt: '2026-03-01T00:00:00Z', endAt: '2026-04-01T00:00:00Z', themeColor: 'black' }, { token }), 400, 'themeColor');
    // Q4 is the target of Q2's branch: deleting it is refused on id; Q3 goes (no answers, no branch to it... Q1's No option points at it).
    bad(await api.delete(`OnlineSurvey/DeleteQuestion/${q4.id}`, { token }), 400, 'id');
    const walked = ok(await api.post('OnlineSurvey/Start', { publicId: survey.publicId }));
    const detail = ok(await api.get(`OnlineSurvey/Get/${survey.id}`, { token }));
    ok(await api.post('OnlineSurvey/Answer', { token: walked.token, questionId: detail.questions[0].id, optionId: detail.questions[0].answers[0].id }));
    bad(await api.delete(`OnlineSurvey/DeleteQuestion/${detail.questions[0].id}`, { token }), 400, 'id');
    ok(await api.delete(`OnlineSurvey/DeleteQuestion/${foreign.id}`, { token }));
  });

  it("answers 'survey not found' outside start..end, when inactive and for an unknown id; a password is asked and checked", async () => {
    const survey = await create({ startAt: '2026-03-01T00:00:00.000Z', endAt: '2026-04-01T00:00:00.000Z', password: 'open sesame' });
    await question({ surveyId: survey.id, text: 'Name?', type: 'Text' });
    expect(survey.hasPassword).to.equal(true);
    expect(JSON.stringify(survey)).to.not.contain('open sesame');
    // Now (after the end): not found, in both languages.
    expect(bad(await api.get(`OnlineSurvey/Public/${survey.publicId}`), 404).message).to.equal('Survey not found.');
    expect(bad(await api.get(`OnlineSurvey/Public/${survey.publicId}`, { culture: 'fa-IR' }), 404).message).to.equal('نظرسنجی یافت نشد.');
    await at('2026-02-28T23:59:00.000Z', async () => { bad(await api.post('OnlineSurvey/Start', { publicId: survey.publicId, password: 'open sesame' }), 404); });
    bad(await api.get('OnlineSurvey/Public/nosuchsurvey'), 404);
    await at('2026-03-15T10:00:00.000Z', async () => {
      ok(await api.get(`OnlineSurvey/Public/${survey.publicId}`));
      bad(await api.post('OnlineSurvey/Start', { publicId: survey.publicId }), 400, 'password');
      const wrong = bad(await api.post('OnlineSurvey/Start', { publicId: survey.publicId, password: 'guess' }), 400, 'password');
      expect(wrong.validationErrors?.[0]?.message).to.equal('The survey password is not correct.');
      const step = ok(await api.post('OnlineSurvey/Start', { publicId: survey.publicId, password: 'open sesame' }));
      // The respondent's token continues without the password.
      expect(ok(await api.post('OnlineSurvey/Start', { publicId: survey.publicId, token: step.token })).token).to.equal(step.token);
    });
    // Inactive: not found inside the window too.
    ok(await api.post('OnlineSurvey/Update', { id: survey.id, title: survey.title, startAt: survey.startAt, endAt: survey.endAt, isActive: false }, { token }));
    await at('2026-03-15T10:00:00.000Z', async () => { bad(await api.get(`OnlineSurvey/Public/${survey.publicId}`), 404); });
    // Update without `password` keeps it; null removes it.
    const kept = ok(await api.get(`OnlineSurvey/Get/${survey.id}`, { token })).survey;
    expect(kept.hasPassword).to.equal(true);
    expect(ok(await api.post('OnlineSurvey/Update', { id: survey.id, title: survey.title, startAt: survey.startAt, endAt: survey.endAt, password: null }, { token })).hasPassword).to.equal(false);
  });

  it('stops password guessing: past the wrong guesses an address may make in the window, even the right password waits', async () => {
    const survey = await create({ password: 'right one' });
    await question({ surveyId: survey.id, text: 'Name?', type: 'Text' });
    for (let i = 0; i < PASSWORD_GUESSES_PER_WINDOW; i++) bad(await api.post('OnlineSurvey/Start', { publicId: survey.publicId, password: `guess ${i}` }), 400, 'password');
    const res = await api.post('OnlineSurvey/Start', { publicId: survey.publicId, password: 'right one' });
    expect(res.status).to.equal(429);
    expect(Number(res.headers.get('retry-after'))).to.be.greaterThan(0);
  });

  it('keeps one response per personal link code, attributed to its receiver; a second visit continues it, then shows it finished', async () => {
    const survey = await create();
    const q = await question({ surveyId: survey.id, text: 'Rate us', type: 'Select', isRequired: true, answers: [{ text: 'Good' }, { text: 'Bad' }] });
    const [link] = await server.peyk.container.get(ShortLinksService).createLinks(null, [{
      mainUrl: `https://panel.example/online-survey/${survey.publicId}`, urlType: 'Personal', organizationId, userId: null, sendId: null, receiver: '989121112233',
    }]);
    const first = ok(await api.post('OnlineSurvey/Start', { publicId: survey.publicId, sl: link.code }));
    const again = ok(await api.post('OnlineSurvey/Start', { publicId: survey.publicId, sl: link.code }));
    expect(again.token).to.equal(first.token);
    ok(await api.post('OnlineSurvey/Answer', { token: first.token, questionId: q.id, optionId: q.answers[0].id }));
    const later = ok(await api.post('OnlineSurvey/Start', { publicId: survey.publicId, sl: link.code }));
    expect(later).to.include({ token: first.token, finished: true });
    // A code no personal link of this organization has: an anonymous response each time.
    const stranger = ok(await api.post('OnlineSurvey/Start', { publicId: survey.publicId, sl: 'NoSuch1' }));
    expect(ok(await api.post('OnlineSurvey/Start', { publicId: survey.publicId, sl: 'NoSuch1' })).token).to.not.equal(stranger.token);
    const responses = ok(await api.get(`OnlineSurvey/Responses?surveyId=${survey.id}`, { token }));
    expect(responses.totalCount).to.equal(3);
    const personal = responses.items.find((r: any) => r.sl === link.code);
    expect(personal).to.include({ receiver: '989121112233' });
    expect(personal.finishedAt).to.be.a('string');
    expect(responses.items.filter((r: any) => r.sl === null)).to.have.length(2);
    // The export names the receiver.
    const res = await fetch(new URL(`/api/OnlineSurvey/Export/${survey.id}?culture=en-US`, server.url), { headers: { authorization: `Bearer ${token}` } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const rows = (book.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(rows.find((r) => r[2] === link.code)?.slice(1, 3)).to.deep.equal(['989121112233', link.code]);
    expect(rows.find((r) => r[2] === link.code)?.[5]).to.equal('Good');
  });

  it('counts finished responses per Persian day, month and year of their Tehran day (across Nowruz 1405)', async () => {
    const survey = await create();
    const q = await question({ surveyId: survey.id, text: 'Anything?', type: 'Text', isRequired: true });
    const respond = (when: string) => at(when, async () => {
      const s = ok(await api.post('OnlineSurvey/Start', { publicId: survey.publicId }));
      ok(await api.post('OnlineSurvey/Answer', { token: s.token, questionId: q.id, value: `at ${when}` }));
    });
    await respond('2026-03-20T20:00:00.000Z'); // Tehran 23:30, 29 Esfand 1404
    await respond('2026-03-20T20:45:00.000Z'); // Tehran 00:15, 1 Farvardin 1405
    await respond('2026-03-21T19:00:00.000Z'); // Tehran 22:30, 1 Farvardin 1405
    await respond('2026-11-29T08:00:00.000Z'); // 8 Azar 1405
    // Started and not finished: counted as started only.
    await at('2026-11-29T09:00:00.000Z', async () => { ok(await api.post('OnlineSurvey/Start', { publicId: survey.publicId })); });
    const stats = ok(await api.get(`OnlineSurvey/Statistics/${survey.id}`, { token }));
    expect(stats).to.include({ responseCount: 4, startedCount: 5 });
    expect(stats.days).to.deep.equal([
      { persianYear: 1404, persianMonth: 12, persianDay: 29, responseCount: 1 },
      { persianYear: 1405, persianMonth: 1, persianDay: 1, responseCount: 2 },
      { persianYear: 1405, persianMonth: 9, persianDay: 8, responseCount: 1 },
    ]);
    expect(stats.months).to.deep.equal([
      { persianYear: 1404, persianMonth: 12, responseCount: 1 },
      { persianYear: 1405, persianMonth: 1, responseCount: 2 },
      { persianYear: 1405, persianMonth: 9, responseCount: 1 },
    ]);
    expect(stats.years).to.deep.equal([{ persianYear: 1404, responseCount: 1 }, { persianYear: 1405, responseCount: 3 }]);

    // The export opens with exceljs: a row per response, a column per question; fa is right to left with Jalali dates.
    const res = await fetch(new URL(`/api/OnlineSurvey/Export/${survey.id}?culture=fa-IR`, server.url), { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).to.equal(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    expect(sheet.views[0].rightToLeft).to.equal(true);
    const rows = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(rows[0]).to.deep.equal(['شناسه پاسخ', 'گیرنده', 'کد پیوند شخصی', 'زمان شروع', 'زمان پایان', 'Anything?']);
    expect(rows).to.have.length(6);
    const first = rows.find((r) => r[5] === 'at 2026-03-20T20:00:00.000Z') as unknown[];
    expect(first[4]).to.equal('1404/12/29 23:30');
    const en = await fetch(new URL(`/api/OnlineSurvey/Export/${survey.id}?culture=en-US`, server.url), { headers: { authorization: `Bearer ${token}` } });
    const enBook = new ExcelJS.Workbook();
    await enBook.xlsx.load(Buffer.from(await en.arrayBuffer()) as never);
    expect(enBook.worksheets[0].getRow(1).getCell(1).value).to.equal('Response id');
  });

  it("keeps surveys inside the organization: another organization's id answers as a missing one", async () => {
    const { survey, q2 } = await coffeeSurvey();
    bad(await api.get(`OnlineSurvey/Get/${survey.id}`, { token: otherToken }), 404);
    bad(await api.post('OnlineSurvey/Update', { id: survey.id, title: 'Mine now', startAt: survey.startAt, endAt: survey.endAt }, { token: otherToken }), 404);
    bad(await api.delete(`OnlineSurvey/Delete/${survey.id}`, { token: otherToken }), 404);
    bad(await api.get(`OnlineSurvey/Statistics/${survey.id}`, { token: otherToken }), 404);
    bad(await api.get(`OnlineSurvey/TextAnswers?questionId=${q2.id}`, { token: otherToken }), 404);
    bad(await api.post('OnlineSurvey/CreateQuestion', { surveyId: survey.id, text: 'Injected', type: 'Text' }, { token: otherToken }), 404);
    bad(await api.delete(`OnlineSurvey/DeleteQuestion/${q2.id}`, { token: otherToken }), 404);
    const exported = await fetch(new URL(`/api/OnlineSurvey/Export/${survey.id}?culture=en-US`, server.url), { headers: { authorization: `Bearer ${otherToken}` } });
    expect(exported.status).to.equal(404);
    const theirs = ok(await api.get('OnlineSurvey/GetAll?pageSize=500', { token: otherToken }));
    expect(theirs.items.map((s: any) => s.id)).to.not.include(survey.id);
    // A branch into another organization's question is a dangling id here.
    const mine = await create({ title: 'Other org survey' }, otherToken);
    bad(await api.post('OnlineSurvey/CreateQuestion', { surveyId: mine.id, text: 'Hop', type: 'Text', nextQuestionId: q2.id }, { token: otherToken }), 400, 'nextQuestionId');
  });

  it('stores a logo through the upload intake and serves it on the public image route', async () => {
    const survey = await create();
    const url = new URL('/api/OnlineSurvey/UploadImage', server.url);
    url.searchParams.set('id', String(survey.id));
    url.searchParams.set('imageType', 'Logo');
    url.searchParams.set('fileName', 'logo.png');
    const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, body: new Uint8Array(pngImage()) });
    const body = await res.json() as any;
    expect(res.status, JSON.stringify(body)).to.equal(200);
    expect(body.data.logo).to.match(/^OnlineSurvey\/Image\//);
    const image = await fetch(new URL(`/api/${body.data.logo}`, server.url));
    expect(image.status).to.equal(200);
    expect(image.headers.get('content-type')).to.contain('image/png');
    const notImage = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, body: new TextEncoder().encode('not an image') });
    expect(notImage.status).to.equal(400);
    expect(ok(await api.post('OnlineSurvey/RemoveImage', { id: survey.id, imageType: 'Logo' }, { token })).logo).to.equal(null);
  });
});
