import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { adminToken, login, USER_PASSWORD } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { fundedCustomer, ok, simulatorLine, waitForSend } from '../support/sending.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { OutboxDetailPage } from './pages/sending-pages.js';
import { isPersianPage, OutboxListPage, SendEditDialog } from './pages/outbox-pages.js';

const HOUR = 3_600_000;

describe('browser: outbox — editing a send before it goes out, archiving finished sends', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;
  let user: { userName: string };
  let token: string;
  let line: { lineId: number; number: string };
  let page: Page;
  let errors: string[];

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  before(async function () {
    const admin = await adminToken(api);
    ({ user } = await fundedCustomer(api, admin, 'Editor', 'Mina'));
    token = (await login(api, user.userName, USER_PASSWORD)).accessToken;
    line = await simulatorLine(api, { deliveryDelayMs: 10, deliveryRatio: 1 });
  });

  beforeEach(async () => {
    page = await browser.newPage();
    errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn(user.userName, USER_PASSWORD);
  });
  afterEach(async () => { await page?.close(); });

  /** A send made through the API: for an hour later, or now. */
  const createSend = async (smsBody: string, receivers: string[], later = true) => ok(await api.post('ScheduledMessages/Create', {
    senderNumberId: line.lineId, smsBody, sendType: 'Bulk', receivers,
    sendDirect: !later, sendDateTime: later ? new Date(Date.now() + HOUR).toISOString() : undefined,
  }, { token }));

  it('edits the text and time of a send scheduled for later; leaving a second edit warns, then stops the send', async () => {
    const created = await createSend('Meeting at nine', ['09121270001', '09121270002']);
    expect(created.queueStatus).to.equal('Stored');
    const detail = new OutboxDetailPage(page, baseUrl);
    await detail.open(created.id);

    const dialog = await detail.startEdit();
    expect(await detail.queueStatus()).to.equal('Updating');
    expect(await dialog.text().inputValue()).to.equal('Meeting at nine');
    expect(await dialog.partsHint().getAttribute('data-parts')).to.equal('1');
    // A longer text needs another part: the live counter says so and Save refuses it before the server.
    await dialog.setText('x'.repeat(200));
    expect(await dialog.counter().getAttribute('data-parts')).to.equal('2');
    expect(await dialog.partsHint().getAttribute('data-ok')).to.equal('false');
    await dialog.save();
    await dialog.textError().waitFor();
    // The server's own refusal (links are not allowed for this organization) shows under the text too.
    await dialog.setText('See https://example.com');
    expect(await dialog.partsHint().getAttribute('data-ok')).to.equal('true');
    await dialog.save();
    await dialog.textError().waitFor();
    expect(await dialog.root().isVisible(), 'still editing after a refusal').to.equal(true);

    const at = new Date(Date.now() + 2 * HOUR);
    await dialog.setText('Meeting at ten');
    await dialog.scheduleAt(at);
    await dialog.saveAndClose();
    await detail.waitForState({ queueStatus: 'Stored', status: 'Stored' });
    expect(await detail.text().innerText()).to.equal('Meeting at ten');
    const saved = ok(await api.get(`OutBox/Get/${created.id}`, { token }));
    expect(saved).to.include({ smsText: 'Meeting at ten', queueStatus: 'Stored', smsParts: 1 });
    // The picker holds minutes: the saved time is the chosen minute.
    expect(Math.abs(new Date(saved.dateTimeSend).getTime() - at.getTime())).to.be.below(60_000);

    // A second edit, resumed after a reload: the page opens the dialog for a send that is Updating.
    await detail.startEdit();
    await page.reload();
    await detail.waitForState({ queueStatus: 'Updating' });
    const resumed = new SendEditDialog(page);
    await resumed.waitOpen();
    // Escape warns; declining keeps the edit open and the send paused.
    await resumed.leave('escape');
    await resumed.keepEditing();
    expect(await resumed.root().isVisible()).to.equal(true);
    expect(ok(await api.get(`OutBox/Get/${created.id}`, { token })).queueStatus).to.equal('Updating');
    // Cancel warns again; accepting stops the send: cancelled, nothing goes out, and no more editing.
    await resumed.leave('button');
    await resumed.confirmLeave();
    await resumed.root().waitFor({ state: 'hidden' });
    await detail.waitForState({ queueStatus: 'Completed' });
    await detail.waitForCounter('canceledCount', 2);
    expect(await detail.failureCode()).to.equal('UserCancelRequest');
    expect(await detail.editButton().count(), 'no edit after leaving').to.equal(0);
    const stopped = await waitForSend(api, token, created.id);
    expect(stopped).to.include({ failureCode: 'UserCancelRequest', canceledCount: 2, sentCount: 0, smsText: 'Meeting at ten' });
    expect(errors).to.deep.equal([]);
  });

  it('going back from an open edit warns and, when accepted, stops the send', async () => {
    const created = await createSend('Back button text', ['09121270003']);
    const list = new OutboxListPage(page, baseUrl);
    await list.open();
    await list.row(created.id).getByTestId('outbox-row-link').click();
    const detail = new OutboxDetailPage(page, baseUrl);
    await detail.waitForState({ queueStatus: 'Stored' });
    const dialog = await detail.startEdit();
    await page.goBack();
    await dialog.warning().waitFor();
    expect(page.url(), 'still on the send while the warning is shown').to.match(new RegExp(`/outbox/${created.id}$`));
    await dialog.confirmLeave();
    await page.waitForURL(/\/outbox$/);
    const stopped = await waitForSend(api, token, created.id);
    expect(stopped).to.include({ failureCode: 'UserCancelRequest', canceledCount: 1 });
    expect(errors).to.deep.equal([]);
  });

  it('archives a finished send from the list: it leaves the default list and shows under the archived filter; unarchive brings it back', async () => {
    const done = await createSend('Finished send', ['09121270004'], false);
    await waitForSend(api, token, done.id);
    const waiting = await createSend('Still waiting', ['09121270005']);

    const list = new OutboxListPage(page, baseUrl);
    await list.open();
    await list.rowSelect(done.id).waitFor();
    await list.select(waiting.id);
    // Only finished sends can be archived: a waiting one is not counted.
    expect(await page.getByTestId('outbox-archive-selected').isDisabled()).to.equal(true);
    await list.select(done.id);
    expect(await page.getByTestId('outbox-selected-count').getAttribute('data-count')).to.equal('2');
    await list.archiveSelected();
    await list.rowSelect(done.id).waitFor({ state: 'detached' });
    expect(await list.rowSelect(waiting.id).count(), 'the waiting send stays').to.equal(1);

    await list.filterStatus((await isPersianPage(page)) ? 'بایگانی' : 'Archived');
    // Archiving moves the receivers in the background; the list shows the send until it is Archived.
    await list.rowSelect(done.id).waitFor();
    expect(await list.rowSelect(waiting.id).count()).to.equal(0);
    const archived = await waitForSend(api, token, done.id, (s) => s.status === 'Archived');
    expect(archived.queueStatus).to.equal('Completed');

    // The detail page of an archived send offers Unarchive; its receivers are still listed.
    const detail = new OutboxDetailPage(page, baseUrl);
    await detail.open(done.id);
    await detail.waitForState({ status: 'Archived' });
    // The receivers load after the state: wait for the row before counting (counted at once, it read 0 once).
    await detail.receivers.rows().first().waitFor();
    expect(await detail.receivers.rows().count()).to.equal(1);
    await detail.unarchive();
    await detail.waitForState({ status: 'Sent' });
    expect(await page.getByTestId('outbox-archive').count(), 'finished again: Archive is offered').to.equal(1);

    // And "Archive" on the detail page archives it again; the "Show archived" toggle lists it.
    await detail.archive();
    await detail.waitForState({ status: 'Archived' });
    await list.open();
    expect(await list.rowSelect(done.id).count()).to.equal(0);
    await list.setShowArchived(true);
    await list.rowSelect(done.id).waitFor();
    expect(await list.rowSelect(waiting.id).count()).to.equal(1);
    ok(await api.post(`OutBox/Cancel/${waiting.id}`, {}, { token }));
    expect(errors).to.deep.equal([]);
  });
});
