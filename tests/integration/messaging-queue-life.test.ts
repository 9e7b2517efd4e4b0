import { expect } from 'chai';
import type { Knex } from 'knex';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, standaloneLine, standaloneSender, waitForSend } from '../support/sending.js';
import type { Clock } from '../../server/platform/clock.js';

const HOUR = 3_600_000;

/**
 * The queue statuses a send passes through: Stored for later, Confirmed after an administrator,
 * Extracting while its ranges are enqueued, FailedExtract when the queue refuses (and the retry),
 * then Extracted and Completed. Runs the database job queue (even when Redis is configured), so a
 * refusing queue can be made with a trigger on its table.
 */
describe('Send engine: the queue life of a send', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let token: string;
  let orgId: number;
  let lineId: number;
  let knex: Knex;
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

  before(async () => {
    server = await startTestServer({ redisUrl: null }, clock);
    api = new ApiClient(server.url);
    ({ admin, token, organizationId: orgId } = await standaloneSender(api, 'Queue life'));
    knex = server.peyk.database.knex as Knex;
    ({ lineId } = await standaloneLine(api, admin, '30006661', { deliveryDelayMs: 10, seed: 9 }));
  });

  after(async () => {
    await server?.stop();
  });

  const send = (body: Record<string, unknown>) => api.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: 'Queue life', sendType: 'Bulk', ...body }, { token });
  const get = async (id: number) => ok(await api.get(`OutBox/Get/${id}`, { token }));

  it('a send for later is Stored until its time, then goes out', async () => {
    offsetMs = 0;
    const created = ok(await send({ receivers: ['09121240001'], sendDirect: false, sendDateTime: new Date(Date.now() + HOUR).toISOString() }));
    expect(created).to.include({ queueStatus: 'Stored', status: 'Stored' });
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await get(created.id)).queueStatus, 'not before its time').to.equal('Stored');
    offsetMs = HOUR + 60_000;
    const done = await waitForSend(api, token, created.id);
    expect(done).to.include({ status: 'Sent', deliveredCount: 1 });
    offsetMs = 0;
  });

  it('a confirmed send shows Confirmed until the scheduler takes it', async () => {
    offsetMs = 0;
    ok(await api.post('Organizations/Update', { id: orgId, isConfirmMessage: true }, { token: admin }));
    try {
      const created = ok(await send({ receivers: ['09121240002'], sendDirect: false, sendDateTime: new Date(Date.now() + HOUR).toISOString() }));
      expect(created.queueStatus).to.equal('WatingForConfirm');
      ok(await api.post(`SendQueue/Confirm/${created.id}`, {}, { token: admin }));
      expect(await get(created.id)).to.include({ queueStatus: 'Confirmed', status: 'Stored' });
      offsetMs = HOUR + 60_000;
      expect(await waitForSend(api, token, created.id)).to.include({ status: 'Sent', deliveredCount: 1 });
    } finally {
      offsetMs = 0;
      ok(await api.post('Organizations/Update', { id: orgId, isConfirmMessage: false }, { token: admin }));
    }
  });

  it('a queue that refuses leaves the send FailedExtract; it is enqueued again and completes', async () => {
    await knex.raw(`create or replace function peyk_test_refuse_write() returns trigger language plpgsql as $$ begin raise exception 'queue refused by the test'; end $$`);
    await knex.raw(`create trigger peyk_test_refuse_dispatch before insert on jobs for each row when (new.queue like '%dispatch%') execute function peyk_test_refuse_write()`);
    let id: number;
    try {
      id = ok(await send({ receivers: ['09121240003', '09121240004'] })).id;
      const failed = await waitForSend(api, token, id, (s) => s.queueStatus === 'FailedExtract', 15_000);
      expect(failed).to.include({ status: 'IsBeingSent', pendingCount: 2 });
    } finally {
      await knex.raw('drop trigger if exists peyk_test_refuse_dispatch on jobs');
    }
    const done = await waitForSend(api, token, id, undefined, 30_000);
    expect(done).to.include({ status: 'Sent', deliveredCount: 2, sentCount: 2 });
  });

  it('is Extracting while its ranges are being enqueued (PostgreSQL: a slow queue table)', async function () {
    // The embedded database runs one statement at a time, so a slow insert would hold the poll too.
    if (!process.env.DATABASE_URL) this.skip();
    await knex.raw(`create or replace function peyk_test_slow_write() returns trigger language plpgsql as $$ begin perform pg_sleep(3); return new; end $$`);
    await knex.raw(`create trigger peyk_test_slow_dispatch before insert on jobs for each row when (new.queue like '%dispatch%') execute function peyk_test_slow_write()`);
    let id: number;
    try {
      id = ok(await send({ receivers: ['09121240005'] })).id;
      expect((await waitForSend(api, token, id, (s) => s.queueStatus === 'Extracting', 10_000)).status).to.equal('IsBeingSent');
    } finally {
      await knex.raw('drop trigger if exists peyk_test_slow_dispatch on jobs');
    }
    expect(await waitForSend(api, token, id)).to.include({ status: 'Sent' });
  });
});
