import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminToken, createTree, sharedApi, unique, type Tree } from '../support/fixtures.js';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { startTestServer, INITIAL_ADMIN_PASSWORD, type TestServer } from '../support/test-server.js';

const ZWNJ = '\u200C';

const ok = (res: ApiResponse) => {
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  expect(res.body.isSucceed).to.equal(true);
  return res.body.data;
};
const fieldsOf = (res: ApiResponse) => (res.body.validationErrors ?? []).map((v) => v.propertyName);

/**
 * The chat assistant (engage, part assistant): FAQ administration under Configuration.Manage with
 * tenancy, `Assistant/Ask` answering Persian questions typed in different spellings with the same
 * entry, "does not know" below the threshold, the help pages and their search. Runs on whichever
 * backend the suite runs on (PGlite or PostgreSQL).
 */
describe('Assistant: bots, FAQ entries, Ask and help pages', function () {
  this.timeout(90_000);
  let api: ApiClient;
  let superToken: string;
  let t: Tree;
  let resellerBot: number;
  let creditFaq: number;

  const ask = (token: string, question: string, language: 'fa' | 'en' = 'fa') => api.post('Assistant/Ask', { question, language }, { token });

  before(async () => {
    api = await sharedApi();
    superToken = await adminToken(api);
    t = await createTree(api);
    resellerBot = ok(await api.post('AssistantBots/Create', { title: unique('Reseller bot ') }, { token: t.resellerAdmin.token })).botId;
    creditFaq = ok(await api.post('AssistantFaqs/Create', {
      botId: resellerBot, language: 'fa', question: 'چگونه اعتبار پنل را افزایش دهم؟', answer: 'از منوی مالی، پرداخت آنلاین را باز کنید.', keywords: ['شارژ پنل'],
    }, { token: t.resellerAdmin.token })).id;
  });

  it('administration needs Configuration.Manage: a plain user is refused, administrators are not', async () => {
    expect((await api.get('AssistantBots/GetAll', { token: t.subUser.token })).status).to.equal(403);
    expect((await api.post('AssistantFaqs/Create', { botId: resellerBot, language: 'fa', question: 'x', answer: 'y' }, { token: t.subUser.token })).status).to.equal(403);
    ok(await api.get('AssistantBots/GetAll', { token: t.orgAdmin.token }));
  });

  it('the default bot is the system administrator\'s; each organization has at most one bot of its own', async () => {
    const superBots = ok(await api.get('AssistantBots/GetAll?pageSize=500', { token: superToken })).items as any[];
    const defaults = superBots.filter((b) => b.isDefault);
    expect(defaults).to.have.length(1);
    expect(defaults[0].organizationId).to.equal(null);
    const resellerBots = ok(await api.get('AssistantBots/GetAll?pageSize=500', { token: t.resellerAdmin.token })).items as any[];
    expect(resellerBots.map((b) => b.botId)).to.deep.equal([resellerBot]);
    // A second bot for the same organization is answered on the title field.
    const again = await api.post('AssistantBots/Create', { title: 'Second' }, { token: t.resellerAdmin.token });
    expect(again.status).to.equal(409);
    expect(fieldsOf(again)).to.deep.equal(['title']);
    // The default bot is edited, never deleted; the system organization has no bot of its own.
    expect((await api.delete(`AssistantBots/Delete/${defaults[0].botId}`, { token: superToken })).status).to.equal(400);
    expect((await api.post('AssistantBots/Create', { title: 'System' }, { token: superToken })).status).to.equal(400);
  });

  it('another tree\'s bot and entries answer as missing ones', async () => {
    const other = t.otherAdmin.token;
    expect((await api.get(`AssistantBots/Get/${resellerBot}`, { token: other })).status).to.equal(404);
    expect((await api.get(`AssistantFaqs/GetAll?botId=${resellerBot}`, { token: other })).status).to.equal(404);
    expect((await api.get(`AssistantFaqs/Get/${creditFaq}`, { token: other })).status).to.equal(404);
    expect((await api.post('AssistantBots/Update', { botId: resellerBot, title: 'Taken' }, { token: other })).status).to.equal(404);
    expect((await api.delete(`AssistantFaqs/Delete/${creditFaq}`, { token: other })).status).to.equal(404);
    const foreign = await api.post('AssistantFaqs/Create', { botId: resellerBot, language: 'fa', question: 'x', answer: 'y' }, { token: other });
    expect(foreign.status).to.equal(400);
    expect(fieldsOf(foreign)).to.deep.equal(['botId']);
    // Below the reseller, its administrators reach the reseller's bot only if it is in their slice: it is not.
    expect((await api.get(`AssistantBots/Get/${resellerBot}`, { token: t.orgAdmin.token })).status).to.equal(404);
  });

  it('answers Persian questions with different spellings with the same FAQ entry', async () => {
    const spellings = [
      'چگونه اعتبار پنل را افزایش دهم؟',
      'چگونه اعتبار پنل را افزايش دهم',                    // Arabic yeh
      'چگونه اعتبار پنل را افزایـــش دهم',                 // tatweel
      `می${ZWNJ}خواهم اعتبار پنل را افزایش بدهم`,          // half-space
      'می خواهم اعتبار پنل را افزایش بدهم',                // space
      'میخواهم اعتبار پنل را افزایش بدهم',                 // none
      'اعتبار پنل رو چطوری افزایش بدم',
      'شارژ پنل كجاست',                                   // the keyword, Arabic kaf
    ];
    for (const question of spellings) {
      const answer = ok(await ask(t.subUser.token, question));
      expect(answer.known, question).to.equal(true);
      expect(answer.source.kind, question).to.equal('Faq');
      expect(answer.source.faqId, question).to.equal(creditFaq);
      expect(answer.botId, question).to.equal(resellerBot);
      expect(answer.matchKind, question).to.equal('Fuzzy');
      expect(answer.semantic, question).to.equal('Off');
      expect(answer.answer).to.equal('از منوی مالی، پرداخت آنلاین را باز کنید.');
    }
    // Another tree asks the default bot: the reseller's entry is not its answer.
    const other = ok(await ask(t.otherAdmin.token, 'چگونه اعتبار پنل را افزایش دهم؟'));
    expect(other.source?.faqId ?? null).to.not.equal(creditFaq);
  });

  it('says it does not know below the threshold, in the asker\'s language, with the documentation link', async () => {
    const fa = ok(await ask(t.subUser.token, 'قیمت بیت کوین امروز چند است'));
    expect(fa).to.include({ known: false, matchKind: 'None', source: null, documentationLink: '/documentation' });
    expect(fa.answer).to.contain('نمی‌دانم');
    expect(fa.supportText).to.be.a('string');
    const en = ok(await ask(t.subUser.token, 'What is the weather in Paris tomorrow', 'en'));
    expect(en.known).to.equal(false);
    expect(en.answer).to.contain('do not know');
  });

  it('answers from the help pages with a link to the section', async () => {
    const answer = ok(await ask(t.subUser.token, 'How do I import contacts from an Excel file?', 'en'));
    expect(answer.known).to.equal(true);
    expect(answer.source.kind).to.equal('HelpPage');
    expect(answer.source.slug).to.equal('phonebooks');
    expect(answer.source.link).to.match(/^\/documentation\/phonebooks#s\d+$/);
    const fa = ok(await ask(t.subUser.token, 'چطور مخاطبان را از فایل اكسل وارد كنم'));
    expect(fa.source.slug).to.equal('phonebooks');
  });

  it('an entry turned off or changed answers accordingly; a deleted one no more', async () => {
    const id = ok(await api.post('AssistantFaqs/Create', {
      botId: resellerBot, language: 'en', question: 'Where is the blue button?', answer: 'Top left.', keywords: [' blue button ', 'blue button', ''],
    }, { token: t.resellerAdmin.token })).id;
    expect(ok(await api.get(`AssistantFaqs/Get/${id}`, { token: t.resellerAdmin.token })).keywords).to.deep.equal(['blue button']);
    expect(ok(await ask(t.subUser.token, 'where is the blue button', 'en')).source.faqId).to.equal(id);
    const update = (body: Record<string, unknown>) => api.post('AssistantFaqs/Update', { id, botId: resellerBot, language: 'en', question: 'Where is the blue button?', answer: 'Top left.', ...body }, { token: t.resellerAdmin.token });
    ok(await update({ isActive: false }));
    expect(ok(await ask(t.subUser.token, 'where is the blue button', 'en')).source?.faqId ?? null).to.not.equal(id);
    ok(await update({ isActive: true, answer: 'Bottom right now.' }));
    expect(ok(await ask(t.subUser.token, 'where is the blue button', 'en')).answer).to.equal('Bottom right now.');
    ok(await api.delete(`AssistantFaqs/Delete/${id}`, { token: t.resellerAdmin.token }));
    expect(ok(await ask(t.subUser.token, 'where is the blue button', 'en')).source?.faqId ?? null).to.not.equal(id);
    expect((await api.get(`AssistantFaqs/Get/${id}`, { token: t.resellerAdmin.token })).status).to.equal(404);
  });

  it('bad input is answered on its field in Persian and English, never a 500', async () => {
    const empty = await api.post('AssistantFaqs/Create', { botId: resellerBot, language: 'fa', question: '  ', answer: '' }, { token: t.resellerAdmin.token, culture: 'fa' });
    expect(empty.status).to.equal(400);
    expect(fieldsOf(empty)).to.deep.equal(['question', 'answer']);
    expect(empty.body.validationErrors![0].message).to.equal('پرسش را بنویسید.');
    const threshold = await api.post('AssistantBots/Update', { botId: resellerBot, title: 'x', fuzzyThreshold: 2 }, { token: t.resellerAdmin.token });
    expect(threshold.status).to.equal(400);
    expect(fieldsOf(threshold)).to.deep.equal(['fuzzyThreshold']);
    const lang = await api.post('AssistantFaqs/Create', { botId: resellerBot, language: 'de', question: 'x', answer: 'y' }, { token: t.resellerAdmin.token });
    expect(lang.status).to.equal(400);
    expect(fieldsOf(lang)).to.deep.equal(['language']);
    const moved = await api.post('AssistantFaqs/Update', { id: creditFaq, botId: 999999, language: 'fa', question: 'x', answer: 'y' }, { token: t.resellerAdmin.token });
    expect(moved.status).to.equal(400);
    expect(fieldsOf(moved)).to.deep.equal(['botId']);
    const blank = await api.post('Assistant/Ask', { question: '   ' }, { token: t.subUser.token });
    expect(blank.status).to.equal(400);
    expect(fieldsOf(blank)).to.deep.equal(['question']);
    expect((await api.post('Assistant/Ask', { question: 'x'.repeat(501) }, { token: t.subUser.token })).status).to.equal(400);
    expect((await api.post('Assistant/Ask', { question: 'hello' })).status).to.equal(401);
  });

  it('help pages: contents and pages in both languages, search with the same matcher, unknown page 404', async () => {
    const fa = ok(await api.get('HelpPages/GetAll?language=fa', { token: t.subUser.token })) as any[];
    const en = ok(await api.get('HelpPages/GetAll?language=en', { token: t.subUser.token })) as any[];
    expect(fa.length).to.be.at.least(12);
    expect(fa.map((p) => p.slug)).to.deep.equal(en.map((p) => p.slug));
    const page = ok(await api.get('HelpPages/Get/sending?language=fa', { token: t.subUser.token }));
    expect(page.title).to.equal('ارسال پیامک');
    expect(page.sections.length).to.be.greaterThan(2);
    const hits = ok(await api.get(`HelpPages/Search?language=fa&search=${encodeURIComponent('وب هوك')}`, { token: t.subUser.token })) as any[];
    expect(hits[0].slug).to.equal('api');
    expect((await api.get('HelpPages/Get/no-such-page', { token: t.subUser.token })).status).to.equal(404);
    expect((await api.get('HelpPages/Get/..%2Fsecrets', { token: t.subUser.token })).status).to.be.oneOf([400, 404]);
    expect((await api.get('HelpPages/GetAll')).status).to.equal(401);
  });
});

/**
 * A deterministic embedding model for the semantic tests: a "wallet" concept (recharge, wallet,
 * refill, purse) on dimension 0, every other word hashed over 64 dimensions, so only texts about
 * the concept are close in meaning. Counts the texts it is asked to embed.
 */
function embeddingServer() {
  const CONCEPT = new Set(['recharge', 'wallet', 'refill', 'purse']);
  let embedded = 0;
  const vectorOf = (text: string) => {
    const v = new Array(65).fill(0);
    for (const word of text.toLowerCase().split(/[^a-z]+/).filter(Boolean)) {
      if (CONCEPT.has(word)) { v[0] += 3; continue; }
      let h = 0;
      for (const ch of word) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
      v[1 + (h % 64)] += 1;
    }
    return v;
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const input = (JSON.parse(body) as { input: string[] }).input;
      embedded += input.length;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ object: 'list', data: input.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) })) }));
    });
  });
  return {
    server,
    embedded: () => embedded,
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/embeddings`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Assistant: semantic match through the installation\'s embedding endpoint, its fallback, and the per-user limit', function () {
  this.timeout(90_000);
  let server: TestServer;
  let api: ApiClient;
  let token: string;
  let faqId: number;
  const model = embeddingServer();

  before(async () => {
    const url = await model.listen();
    // A clock at the start of a minute window, moving with real time: the limit's window cannot roll over mid-test.
    const started = Date.now();
    const base = Math.floor(started / 60_000) * 60_000 + 1_000;
    server = await startTestServer({
      assistant: { embeddingUrl: url, embeddingModel: 'test-concepts', embeddingKey: null, embeddingTimeoutMs: 2_000, asksPerMinute: 8 },
    }, { now: () => new Date(base + (Date.now() - started)) });
    api = new ApiClient(server.url);
    const first = ok(await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD }));
    ok(await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: 'Admin#Pass2', confirmPassword: 'Admin#Pass2' }, { token: first.accessToken }));
    token = ok(await api.post('Account/Login', { userName: 'admin', password: 'Admin#Pass2' })).accessToken;
    const bot = (ok(await api.get('AssistantBots/GetAll', { token })).items as any[]).find((b) => b.isDefault);
    ok(await api.post('AssistantBots/Update', { botId: bot.botId, title: bot.title, semanticMatch: true, semanticThreshold: 0.8 }, { token }));
    faqId = ok(await api.post('AssistantFaqs/Create', { botId: bot.botId, language: 'en', question: 'How do I recharge my wallet?', answer: 'Use the wallet page.' }, { token })).id;
  });
  after(async () => {
    await server?.stop();
    if (model.server.listening) await model.close();
  });

  it('finds an entry by meaning when no word is shared, and embeds each entry once (cached), only the question afterwards', async () => {
    const first = ok(await api.post('Assistant/Ask', { question: 'Where can I refill the purse?', language: 'en' }, { token }));
    expect(first).to.include({ known: true, matchKind: 'Semantic', semantic: 'Used' });
    expect(first.source.faqId).to.equal(faqId);
    const afterFirst = model.embedded();
    expect(afterFirst).to.be.greaterThan(10); // the question, the entry and the help sections
    ok(await api.post('Assistant/Ask', { question: 'Refill purse please', language: 'en' }, { token }));
    expect(model.embedded() - afterFirst).to.equal(1);
    // A changed entry is embedded again (its cached vector was dropped with the change).
    ok(await api.post('AssistantFaqs/Update', { id: faqId, botId: first.botId, language: 'en', question: 'How do I recharge my wallet quickly?', answer: 'Use the wallet page.' }, { token }));
    const before = model.embedded();
    ok(await api.post('Assistant/Ask', { question: 'Refill purse please', language: 'en' }, { token }));
    expect(model.embedded() - before).to.equal(2);
  });

  it('falls back to spelling when the endpoint is down: meaning-only questions are not known, spelled ones still are', async () => {
    await model.close();
    const lost = ok(await api.post('Assistant/Ask', { question: 'Where can I refill the purse?', language: 'en' }, { token }));
    expect(lost).to.include({ known: false, semantic: 'Failed', matchKind: 'None' });
    const spelled = ok(await api.post('Assistant/Ask', { question: 'recharge my wallet', language: 'en' }, { token }));
    expect(spelled).to.include({ known: true, semantic: 'Failed', matchKind: 'Fuzzy' });
    expect(spelled.source.faqId).to.equal(faqId);
  });

  it('limits each user\'s questions per minute (429 with Retry-After)', async () => {
    let last: ApiResponse | null = null;
    for (let i = 0; i < 8 && (!last || last.status === 200); i++) last = await api.post('Assistant/Ask', { question: 'recharge my wallet', language: 'en' }, { token });
    expect(last!.status).to.equal(429);
    expect(Number(last!.headers.get('retry-after'))).to.be.within(1, 60);
    expect(last!.body.message).to.match(/too many questions/i);
  });
});
