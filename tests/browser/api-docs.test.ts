import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, unique, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, simulatorLine } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { ApiTokenPages } from './pages/developer-pages.js';
import { ApiDocsPage } from './pages/api-docs-page.js';
import { SwaggerDocsPage } from './pages/swagger-docs-page.js';
import { OutboxListPage } from './pages/outbox-pages.js';

const run = promisify(execFile);
const SEND = 'POST /v1/messages/send';

describe('browser: the REST API page', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('a user makes a key, copies the curl sample of "send one" with it, runs it, and finds the send in the outbox', async () => {
    const admin = await adminToken(api);
    const { org, user } = await fundedCustomer(api, admin, 'Docs', 'Reza');
    // The organization's own line, so the test picks a line it knows among the public ones of other suites.
    const line = await simulatorLine(api, {}, { organizationId: org.id });

    // The real clipboard: headless Chromium reads it once the context holds the permissions.
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);

    const tokens = new ApiTokenPages(page, baseUrl);
    await tokens.openList();
    const key = await tokens.createToken(unique('Docs key '));
    expect(key).to.match(/^pk_/);

    const docs = new ApiDocsPage(page, baseUrl);
    await docs.open();
    // The calls come from the server's document: every v1 route, none of the panel's.
    const names = await docs.operationNames();
    expect(names).to.include.members([SEND, 'GET /v1/credit', 'GET /v1/messages/{id}']);
    expect(names.every((n) => / \/v1\//.test(n))).to.equal(true);
    expect(await docs.operation(SEND).getByTestId('api-op-summary').innerText()).to.equal('ارسال یک پیامک');

    // Before a key is pasted the samples carry the placeholder; the code reads left to right.
    const code = await docs.showSample(SEND, 'curl');
    expect(await code.innerText()).to.contain('YOUR_API_KEY');
    expect(await code.getAttribute('dir')).to.equal('ltr');
    // The sample tabs follow the reading direction by keyboard: in Persian the next tab is on the left.
    await docs.operation(SEND).getByTestId('api-sample-tab-curl').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await docs.operation(SEND).getByTestId('api-sample-tab-node').getAttribute('aria-selected')).to.equal('true');
    expect(await docs.operation(SEND).getByTestId('api-sample-code').innerText()).to.contain('await fetch(');
    await page.keyboard.press('ArrowRight');
    expect(await docs.operation(SEND).getByTestId('api-sample-tab-curl').getAttribute('aria-selected')).to.equal('true');
    await docs.pasteKey(key);
    await docs.chooseLine(line.lineId);
    await docs.copySample(SEND, 'curl');
    const sample = await docs.clipboard();
    expect(sample).to.equal(await code.innerText());
    expect(sample).to.contain(`x-api-key: ${key}`).and.to.contain(`"line":${line.lineId}`).and.to.contain(`${baseUrl}/api/v1/messages/send`);
    // The key stays in the page's memory, never in its storage.
    const stored = await page.evaluate<string>('JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })');
    expect(stored).to.not.contain(key);

    const { stdout } = await run('sh', ['-c', sample]);
    const answer = JSON.parse(stdout) as { isSucceed: boolean; data: { id: number; smsText: string; privateNumberId: number } };
    expect(answer.isSucceed, stdout).to.equal(true);
    expect(answer.data.privateNumberId).to.equal(line.lineId);

    const outbox = new OutboxListPage(page, baseUrl);
    await outbox.open();
    await outbox.row(answer.data.id).waitFor();
    expect(await outbox.row(answer.data.id).innerText()).to.contain(answer.data.smsText);
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('the whole API\'s Swagger page opens one tag with its calls closed and Persian paragraphs right to left (issue 23 item 9)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const docs = new SwaggerDocsPage(page, baseUrl);
    await docs.open();
    // The top bar lists a document per tag and the whole one; the page opened the first tag's alone.
    const definitions = await docs.definitions();
    expect(definitions.length).to.be.greaterThan(10);
    expect(await docs.tags().count()).to.equal(1);
    // Nothing of a tag is drawn until it is opened.
    expect(await docs.operations().count()).to.equal(0);
    await docs.chooseDefinition('messaging');
    await docs.openTag(0);
    expect(await docs.operations().count()).to.be.greaterThan(10);
    const alignment = await docs.persianParagraphAlignment();
    expect(alignment.length).to.be.greaterThan(0);
    expect(alignment.every((a) => a === 'right')).to.equal(true);
    await context.close();
  });
});
