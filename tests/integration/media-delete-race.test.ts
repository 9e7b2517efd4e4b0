import { expect } from 'chai';
import type { Knex } from 'knex';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { bad, ok, standaloneSender } from '../support/sending.js';
import { uploadMedia } from '../support/voice.js';
import { wavFile } from '../support/audio-files.js';
import { TYPES } from '../../server/platform/tokens.js';
import { ComposeService } from '../../server/modules/messaging/index.js';
import { ActorFactory } from '../../server/modules/identity/index.js';

/**
 * A file deleted while a voice send that plays it is being stored: the delete waits for the send's
 * transaction and then refuses (the send would otherwise go out with an address that answers 404).
 * On PostgreSQL the delete runs beside the open transaction and is seen waiting on the file's row;
 * the embedded database has one connection, so there the delete simply runs after the commit.
 */
describe('Media: a delete racing a voice send that is being stored', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server.url);
  });

  after(async () => {
    await server?.stop();
  });

  it('waits for the send and answers media.inUse; the send keeps a file that still plays', async () => {
    const { admin, organizationId } = await standaloneSender(api, 'Race org');
    const user = ok(await api.post('Users/Create', { userName: 'racer', password: 'User#Pass1', changePasswordRequired: false, organizationId, isAdmin: true, firstName: 'R', isCanSendVoice: true }, { token: admin }));
    const token = ok(await api.post('Account/Login', { userName: 'racer', password: 'User#Pass1' })).accessToken;
    const agent = ok(await api.post('SenderAgents/Create', {
      title: 'Voice sim', pluginName: 'simulator', type: 'Voice', maxPerSecond: 1_000, isActive: true, isSendActive: true, isActiveAllTime: true, options: { submitLatencyMs: 0 },
    }, { token: admin }));
    const line = ok(await api.post('PrivateNumbers/Create', {
      number: '2000777', useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id, isPublic: true, isActive: true, isSendBulk: true, deliveryBase: true,
    }, { token: admin }));
    const file = ok(await uploadMedia(api, token, wavFile(4), 'race.wav'));

    const built = await server.peyk.container.get(ActorFactory).forUser(user.id, organizationId, 'system', { requestId: 'media-race', userAgent: 'test' });
    if (!('actor' in built)) throw new Error(`no actor: ${JSON.stringify(built)}`);
    const knex = server.peyk.container.get<Knex>(TYPES.Knex);
    let deleting: ReturnType<ApiClient['delete']> | null = null;
    const send = await server.peyk.container.get(ComposeService).createInternal(built.actor, {
      senderNumberId: line.id, smsBody: '', sendType: 'Bulk', sources: [{ kind: 'manual', numbers: ['09121280001'] }],
      sendDirect: false, sendDateTime: new Date(Date.now() + 24 * 3_600_000).toISOString(),
      voice: { sendingMethod: 'File', voiceFile: file.id },
    }, {
      inTransaction: async () => {
        deleting = api.delete(`Media/Delete/${file.id}`, { token, culture: 'en-US' });
        if (process.env.DATABASE_URL) await waitForLockWait(knex);
      },
    });
    expect(send.voiceMediaId).to.equal(file.id);
    const refused = bad(await deleting!, 409);
    expect(refused.message).to.equal('This file is used by a send that has not finished, so it cannot be deleted.');
    expect((await fetch(new URL(file.url, server.url))).status).to.equal(200);
  });
});

/** Until another session waits on a row lock (the delete's `for update` of the file's row). */
async function waitForLockWait(knex: Knex): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await knex.raw(`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`);
    if (rows.rows.length > 0) return;
    if (Date.now() > deadline) throw new Error('the delete never waited on the file row');
    await new Promise((r) => setTimeout(r, 20));
  }
}
