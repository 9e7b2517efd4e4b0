import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, standaloneLine, standaloneSender, waitForSend } from '../support/sending.js';
import { DueSendsScheduler } from '../../server/modules/messaging/index.js';

/**
 * A send's own priority (issue 30 part 3): an OTP carries its format's SendPriority, and among one
 * line's due single sends the higher goes to the gateway first. The dispatcher is off while the
 * sends are made, so all of them wait Ready; one scheduler pass then takes them together, and the
 * simulator's submit log is the order they reached the gateway.
 */
describe('Send engine: an OTP\'s priority puts it ahead of the line\'s queued single sends', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;

  before(async () => {
    server = await startTestServer({ dispatch: { enabled: false, concurrency: 1, leaseMs: 30_000 } });
    api = new ApiClient(server.url);
  });

  after(async () => {
    await server?.stop();
  });

  it('a High OTP made after three single sends reaches the gateway before them; a Low one after them', async () => {
    const { admin, token } = await standaloneSender(api, 'OTP priority sender');
    const logPath = path.join(mkdtempSync(path.join(os.tmpdir(), 'peyk-priority-')), 'submits.log');
    const { lineId } = await standaloneLine(api, admin, '30006661', { deliveryDelayMs: 10, submitLogPath: logPath },
      { isSendSingle: true, isSendApiSingle: true, isSendOtp: true });
    const key = ok(await api.post('ApiTokens/Create', { title: 'OTP priority' }, { token })).token;
    const format = async (priority: string) => ok(await api.post('OtpFormats/Create', { title: `Code ${priority}`, smsText: 'Your code is {0}.', priority }, { token })).id;
    const high = await format('High');
    const low = await format('Low');
    const otp = async (formatId: number, to: string) => ok(await api.call('POST', 'v1/messages/otp', {
      body: { to, formatId, parameters: ['4821'], line: lineId }, headers: { 'x-api-key': key },
    }));

    const singles: number[] = [];
    for (const mobile of ['09126600001', '09126600002', '09126600003']) {
      singles.push(ok(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: lineId, smsBody: 'Your order shipped', mobile }, { token })).id);
    }
    const highOtp = await otp(high, '09126600004');
    const lowOtp = await otp(low, '09126600005');
    expect(highOtp).to.include({ sendType: 'Api', priority: 'High' });
    expect(lowOtp).to.include({ sendType: 'Api', priority: 'Low' });
    // Nothing has gone out: every send waits for the pass below.
    expect(existsSync(logPath) ? readFileSync(logPath, 'utf8').trim() : '').to.equal('');

    const scheduler = server.peyk.container.get(DueSendsScheduler);
    const all = [...singles, highOtp.id, lowOtp.id];
    const deadline = Date.now() + 30_000;
    for (;;) {
      await scheduler.tick();
      const sent = existsSync(logPath) ? readFileSync(logPath, 'utf8').trim().split('\n').filter(Boolean) : [];
      if (sent.length >= all.length) break;
      if (Date.now() > deadline) throw new Error(`only ${sent.length} submits: ${sent.join(' | ')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const order = readFileSync(logPath, 'utf8').trim().split('\n').map((l) => Number(l.split('\t')[0]!.split(':')[0]));
    expect(order).to.deep.equal([highOtp.id, ...singles, lowOtp.id]);
    for (const id of all) await waitForSend(api, token, id, (s) => s.sentCount === 1);
  });
});
