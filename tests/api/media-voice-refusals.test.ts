import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createUser, login, sharedServer, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import { available, bad, expectLedgerClean, ok, sendingTree, waitForSend } from '../support/sending.js';
import { uploadMedia, voiceLine } from '../support/voice.js';
import { wavFile } from '../support/audio-files.js';
import { VOICE_HELPERS } from '../../server/shared/voice/voice-rules.js';

/**
 * Voice sends and media against bad input, other users and organizations, and failure: every
 * refusal is the spec's error shape on the right field (never a 500), nothing of another tenant can
 * be read, played, deleted or sent, and a voice send the operator refuses gives its price back.
 */
describe('Voice sending and media: refusals, tenancy and refunds', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let superToken: string;
  let voice: { agentId: number; lineId: number };
  let admin: { token: string; userId: number };
  let plain: { token: string; userId: number };
  let serverUrl: string;

  const voiceSend = (body: Record<string, unknown>, token = admin.token, action = 'CreateVoice') =>
    api.post(`ScheduledMessages/${action}`, { senderNumberId: voice.lineId, receivers: ['09121270001'], ...body }, { token, culture: 'en-US' });

  /** A user of the sub-organization who may send voice: an administrator, or a plain user with Sending.Bulk on the voice line. */
  async function voiceUser(isAdmin: boolean): Promise<{ token: string; userId: number }> {
    const userName = unique('vr');
    const user = await createUser(api, isAdmin ? tree.orgAdmin.token : tree.subAdmin.token, { userName, organizationId: tree.sub.id, isAdmin, firstName: 'Voice', isCanSendVoice: true });
    if (!isAdmin) {
      const role = ok(await api.post('Roles/Create', { title: unique('Voice role '), claims: ['Sending.Bulk'], organizationId: tree.sub.id }, { token: tree.orgAdmin.token }));
      ok(await api.post('Roles/AssignToUser', { userId: user.id, roleId: role.id }, { token: tree.subAdmin.token }));
      ok(await api.post('PrivateNumbers/Assign', { privateNumberId: voice.lineId, userId: user.id, sendTypesList: ['Bulk'] }, { token: superToken }));
    }
    return { token: (await login(api, userName, USER_PASSWORD)).accessToken, userId: user.id };
  }

  before(async () => {
    ({ api, tree, superToken } = await sendingTree());
    voice = await voiceLine(api);
    admin = await voiceUser(true);
    plain = await voiceUser(false);
    serverUrl = (await sharedServer()).url;
  });

  after(async () => {
    await expectLedgerClean(api);
  });

  it('refuses voice text with nothing to read: only pauses, only vowel marks, only spaces', async () => {
    for (const voiceText of [`${VOICE_HELPERS.delay}${VOICE_HELPERS.delay}`, ` ${VOICE_HELPERS.delay} ${VOICE_HELPERS.delay} `, `${VOICE_HELPERS.fathe}${VOICE_HELPERS.tashdid}`]) {
      for (const action of ['CreateVoice', 'GetVoiceCalculations']) {
        const refused = bad(await voiceSend({ sendingMethod: 'Text', voiceText }, admin.token, action), 400, 'voiceText');
        expect(refused.message, `${action} ${JSON.stringify(voiceText)}`).to.equal('The voice text has nothing to read besides pauses and pronunciation marks.');
      }
    }
    bad(await voiceSend({ sendingMethod: 'Text', voiceText: '' }), 400, 'voiceText');
    bad(await voiceSend({ sendingMethod: 'Text' }), 400, 'voiceText');
    bad(await voiceSend({ sendingMethod: 'Text', voiceText: 'bell \u0007 here' }), 400, 'voiceText');
    bad(await voiceSend({ sendingMethod: 'Text', voiceText: 'nul \u0000 here' }), 400, 'voiceText');
  });

  it('answers wrong types, huge values and missing fields on their own field', async () => {
    bad(await voiceSend({ sendingMethod: 'File', voiceFile: 'one' }), 400, 'voiceFile');
    bad(await voiceSend({ sendingMethod: 'File', voiceFile: 99_999_999_999 }), 400, 'voiceFile');
    bad(await voiceSend({ sendingMethod: 'File', voiceFile: 2_147_483_647 }), 400, 'voiceFile');
    bad(await voiceSend({ voiceText: 'hello' }), 400, 'sendingMethod');
    bad(await voiceSend({ senderNumberId: undefined, sendingMethod: 'Text', voiceText: 'hello' }), 400, 'senderNumberId');
    bad(await voiceSend({ senderNumberId: '7', sendingMethod: 'Text', voiceText: 'hello' }), 400, 'senderNumberId');
    bad(await voiceSend({ sendingMethod: 'Text', voiceText: 'x'.repeat(20_001) }), 400, 'voiceText');
    bad(await voiceSend({ sendingMethod: 'Text', voiceText: 'hello', receivers: [] }), 400, 'receivers');
    bad(await voiceSend({ sendingMethod: 'Text', voiceText: 'hello', isFlashSms: true }), 400, 'isFlashSms');
    bad(await api.get('Media/Get/abc', { token: admin.token }), 400, 'id');
    bad(await api.get('Media/Get/99999999999', { token: admin.token }), 400, 'id');
    bad(await api.get('Media/GetAll?pageSize=100000', { token: admin.token }), 400, 'pageSize');
    bad(await uploadMedia(api, admin.token, wavFile(1), 'ring\u0007.wav'), 400, 'fileName');
    bad(await uploadMedia(api, admin.token, wavFile(1), 'nul\u0000.wav'), 400, 'fileName');
    bad(await uploadMedia(api, admin.token, wavFile(1), 'x'.repeat(201)), 400, 'fileName');
  });

  it('prices a WAV at the length a player hears, and refuses a compressed one', async () => {
    const lying = wavFile(95);
    lying.writeUInt32LE(8_000_000, 28);
    expect(ok(await uploadMedia(api, admin.token, lying, 'lying.wav'))).to.include({ durationSeconds: 95, parts: 4 });
    const adpcm = wavFile(5);
    adpcm.writeUInt16LE(0x0011, 20);
    const refused = bad(await uploadMedia(api, admin.token, adpcm, 'adpcm.wav'), 400, 'file');
    expect(refused.message).to.equal('A WAV file must be uncompressed (PCM, A-law or µ-law); convert it to one of these or to MP3.');
  });

  it('a plain user neither sees nor sends a colleague\'s file; their administrator does', async () => {
    const colleague = await voiceUser(false);
    const theirs = ok(await uploadMedia(api, colleague.token, wavFile(3), 'theirs.wav'));
    bad(await api.get(`Media/Get/${theirs.id}`, { token: plain.token }), 404);
    bad(await api.delete(`Media/Delete/${theirs.id}`, { token: plain.token }), 404);
    expect(ok(await api.get('Media/GetAll?pageSize=500', { token: plain.token })).items.map((m: any) => m.id)).to.not.include(theirs.id);
    bad(await voiceSend({ sendingMethod: 'File', voiceFile: theirs.id }, plain.token), 400, 'voiceFile');
    expect(ok(await api.get(`Media/Get/${theirs.id}`, { token: admin.token })).id).to.equal(theirs.id);
    // Another tree's administrator: nothing, and the same answer as for an id that does not exist.
    const missing = bad(await api.get('Media/Get/2147483000', { token: tree.otherAdmin.token, culture: 'en-US' }), 404);
    expect(bad(await api.get(`Media/Get/${theirs.id}`, { token: tree.otherAdmin.token, culture: 'en-US' }), 404)).to.deep.equal(missing);
  });

  it('the public address serves a file by its token only: no list, no ids, a deleted or unknown token is 404', async () => {
    const file = ok(await uploadMedia(api, admin.token, wavFile(2), 'public.wav'));
    const token = String(file.url).split('/').pop()!;
    for (const path of ['/api/Media/File', '/api/Media/File/', `/api/Media/File/${file.id}`, '/api/Media/GetAll', `/api/Media/Get/${file.id}`]) {
      const res = await fetch(new URL(path, serverUrl));
      expect(res.status, path).to.be.oneOf([400, 401, 404]);
      expect(await res.text(), path).to.not.include(token);
    }
    const bogus = await fetch(new URL(`/api/Media/File/${'B'.repeat(43)}`, serverUrl));
    expect(bogus.status).to.equal(404);
    expect(((await bogus.json()) as { validationErrors: unknown[] }).validationErrors).to.deep.equal([]);
    ok(await api.delete(`Media/Delete/${file.id}`, { token: admin.token }));
    expect((await fetch(new URL(file.url, serverUrl))).status).to.equal(404);
    // A deleted file cannot be sent either.
    bad(await voiceSend({ sendingMethod: 'File', voiceFile: file.id }), 400, 'voiceFile');
  });

  it('gives a voice send the operator refuses its whole price back, as for SMS', async () => {
    const refusing = await voiceLine(api, { acceptRatio: 0 });
    const file = ok(await uploadMedia(api, admin.token, wavFile(40), 'refused.wav'));
    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const created = ok(await voiceSend({ senderNumberId: refusing.lineId, sendingMethod: 'File', voiceFile: file.id, receivers: ['09121270011', '09351270012'] }));
    expect(created).to.include({ smsParts: 2 });
    expect(BigInt(created.totalPrice) > 0n).to.equal(true);
    const done = await waitForSend(api, admin.token, created.id);
    expect(done).to.include({ status: 'ErrorInSending', sentCount: 0 });
    expect(await available(api, tree.orgAdmin.token, tree.sub.id)).to.deep.equal(before);
  });
});
