import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createUser, login, sharedServer, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import { available, bad, expectLedgerClean, ok, sendingTree, waitForSend } from '../support/sending.js';
import { uploadMedia, voiceLine } from '../support/voice.js';
import { mp3WithXing, MP3_FRAME_SECONDS, pngFile, wavFile } from '../support/audio-files.js';
import { GatewayRegistry } from '../../server/gateways/gateway-registry.js';
import type { Gateway, OutboundMessage } from '../../server/gateways/gateway-sdk.js';
import { VOICE_HELPERS } from '../../server/shared/voice/voice-rules.js';

describe('Voice sending: media upload, voice compose priced by 30-second parts, dispatch carrying voice', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let smsLine: { lineId: number };
  let voice: { agentId: number; lineId: number };
  let sender: { token: string; userId: number };
  let serverUrl: string;
  /** Every message the voice agent's gateway was handed (a spy on the real simulator's submit). */
  const submitted: OutboundMessage[] = [];
  let restore: () => void = () => {};

  const voiceSend = (body: Record<string, unknown>, token = sender.token, action = 'CreateVoice') =>
    api.post(`ScheduledMessages/${action}`, { senderNumberId: voice.lineId, ...body }, { token });

  async function voiceUser(organizationId: number, creatorToken: string): Promise<{ token: string; userId: number }> {
    const userName = unique('voice');
    const user = await createUser(api, creatorToken, { userName, organizationId, isAdmin: true, firstName: 'Voice', isCanSendVoice: true });
    return { token: (await login(api, userName, USER_PASSWORD)).accessToken, userId: user.id };
  }

  before(async () => {
    ({ api, tree, line: smsLine } = await sendingTree());
    voice = await voiceLine(api);
    sender = await voiceUser(tree.sub.id, tree.orgAdmin.token);
    const server = await sharedServer();
    serverUrl = server.url;
    const registry = server.peyk.container.get(GatewayRegistry);
    const original = registry.gatewayFor.bind(registry);
    const spied = new WeakSet<Gateway>();
    registry.gatewayFor = async (agentId, pluginName, options, callbacks) => {
      const gateway = await original(agentId, pluginName, options, callbacks);
      if (agentId === String(voice.agentId) && !spied.has(gateway)) {
        spied.add(gateway);
        const submit = gateway.submit.bind(gateway);
        gateway.submit = async (batch) => { submitted.push(...batch); return submit(batch); };
      }
      return gateway;
    };
    restore = () => { registry.gatewayFor = original; };
  });

  after(async () => {
    restore();
    await expectLedgerClean(api);
  });

  it('uploads a WAV and an MP3, reads their length from the bytes, and serves them at the token address without a session', async () => {
    const wav = wavFile(45);
    const w = ok(await uploadMedia(api, sender.token, wav, 'greeting.wav'));
    expect(w).to.include({ title: 'greeting.wav', fileType: 'wav', durationSeconds: 45, parts: 2, sizeBytes: wav.length, fileSizePerKilobyte: Math.ceil(wav.length / 1024) });
    expect(w.url).to.match(/^\/api\/Media\/File\/[A-Za-z0-9_-]{43}$/);

    const m = ok(await uploadMedia(api, sender.token, mp3WithXing(2_000), 'promo.bin'));
    expect(m).to.include({ fileType: 'mp3', durationSeconds: Math.ceil(2_000 * MP3_FRAME_SECONDS), parts: 2 });

    const fetched = await fetch(new URL(w.url, serverUrl));
    expect(fetched.status).to.equal(200);
    expect(fetched.headers.get('content-type')).to.match(/^audio\/wav/);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(wav)).to.equal(true);
    expect((await fetch(new URL('/api/Media/File/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', serverUrl))).status).to.equal(404);

    const list = ok(await api.get('Media/GetAll', { token: sender.token }));
    expect(list.items.map((x: any) => x.id)).to.include.members([w.id, m.id]);
  });

  it('refuses a non-audio file whatever its name, an empty body, and a file over 5 MB', async () => {
    const png = bad(await uploadMedia(api, sender.token, pngFile(), 'song.mp3'), 400, 'file');
    expect(png.message).to.equal('The voice file must be a valid MP3 or WAV file.');
    bad(await uploadMedia(api, sender.token, Buffer.alloc(0), 'x.wav'), 400, 'file');
    const big = bad(await uploadMedia(api, sender.token, wavFile(6 * 1024 * 1024 / 8_000), 'long.wav'), 413, 'file');
    expect(big.message).to.equal('The voice file can be at most 5 MB.');
  });

  it('keeps media inside its organization: another organization can neither see, delete nor send it', async () => {
    const mine = ok(await uploadMedia(api, sender.token, wavFile(5), 'mine.wav'));
    const stranger = await voiceUser(tree.otherOrganization.id, tree.otherAdmin.token);
    bad(await api.get(`Media/Get/${mine.id}`, { token: stranger.token }), 404);
    bad(await api.delete(`Media/Delete/${mine.id}`, { token: stranger.token }), 404);
    expect(ok(await api.get('Media/GetAll', { token: stranger.token })).items.map((x: any) => x.id)).to.not.include(mine.id);
    bad(await voiceSend({ sendingMethod: 'File', voiceFile: mine.id, receivers: ['09121230001'] }, stranger.token), 400, 'voiceFile');
    // The administrator above sees the sub-organization's media.
    expect(ok(await api.get(`Media/Get/${mine.id}`, { token: tree.orgAdmin.token })).id).to.equal(mine.id);
  });

  it('refuses a voice send without isCanSendVoice, on an SMS line, without its file or text; and an SMS send on a voice line', async () => {
    const file = ok(await uploadMedia(api, sender.token, wavFile(5), 'short.wav'));
    const denied = bad(await voiceSend({ sendingMethod: 'File', voiceFile: file.id, receivers: ['09121230002'] }, tree.subAdmin.token), 403);
    expect(denied.message).to.equal('You are not allowed to send voice messages.');
    const smsOnly = bad(await voiceSend({ senderNumberId: smsLine.lineId, sendingMethod: 'File', voiceFile: file.id, receivers: ['09121230002'] }), 400, 'senderNumberId');
    expect(smsOnly.message).to.equal('This line cannot send voice messages; choose a line whose sender agent is of type Voice.');
    bad(await voiceSend({ sendingMethod: 'File', receivers: ['09121230002'] }), 400, 'voiceFile');
    bad(await voiceSend({ sendingMethod: 'Text', voiceText: '   ', receivers: ['09121230002'] }), 400, 'voiceText');
    bad(await voiceSend({ sendingMethod: 'Text', voiceText: 'x'.repeat(3_001), receivers: ['09121230002'] }), 400, 'voiceText');
    bad(await voiceSend({ sendingMethod: 'Radio', receivers: ['09121230002'] }), 400, 'sendingMethod');
    bad(await api.post('ScheduledMessages/Create', { senderNumberId: voice.lineId, smsBody: 'hello', sendType: 'Bulk', receivers: ['09121230002'] }, { token: sender.token }), 400, 'senderNumberId');
  });

  it('prices a 45-second file at two parts per receiver, holds exactly that, and hands the gateway the public audio URL', async () => {
    const wav = wavFile(45);
    const file = ok(await uploadMedia(api, sender.token, wav, 'offer.wav'));
    const body = { sendingMethod: 'File', voiceFile: file.id, receivers: ['09121240001', '09351240002', '09211240003'] };
    const preview = ok(await voiceSend(body, sender.token, 'GetVoiceCalculations'));
    // The sub-organization's tariff: 100 rials a part; 3 receivers × 2 parts.
    expect(preview).to.include({ recipientCount: 3, smsParts: 2, voiceSeconds: 45, sendPrice: '600' });

    const before = await available(api, tree.orgAdmin.token, tree.sub.id);
    const created = ok(await voiceSend(body));
    expect(created).to.include({ sendSubType: 'Voice', sendingMethod: 'File', voiceMediaId: file.id, voiceSeconds: 45, smsParts: 2, sendPrice: '600' });
    expect(created.totalPrice).to.equal(preview.totalPrice);
    const done = await waitForSend(api, sender.token, created.id);
    expect(done).to.include({ status: 'Sent', deliveredCount: 3 });
    const after = await available(api, tree.orgAdmin.token, tree.sub.id);
    expect(before.balance - after.balance).to.equal(BigInt(created.totalPrice));
    expect(after.held).to.equal(before.held);

    const mine = submitted.filter((msg) => msg.id.startsWith(`${created.id}:`));
    expect(mine).to.have.length(3);
    const audioUrl = `${serverUrl}${file.url}`;
    for (const msg of mine) {
      expect(msg.voice).to.deep.equal({ audioUrl, text: null, seconds: 45 });
      expect(msg.parts).to.equal(2);
    }
    // The address the provider gets answers the file without a session.
    const fetched = await fetch(mine[0].voice!.audioUrl!);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(wav)).to.equal(true);

    // Finished: the file may go now, and its address stops answering.
    ok(await api.delete(`Media/Delete/${file.id}`, { token: sender.token }));
    expect((await fetch(audioUrl)).status).to.equal(404);
  });

  it('sends text to voice with its helper markers: seconds estimated from the text, the text handed to the gateway', async () => {
    const voiceText = `${'سلام به مشتریان گرامی '.repeat(18)}${VOICE_HELPERS.delay}ب${VOICE_HELPERS.kasre}`.trim();
    const created = ok(await voiceSend({ sendingMethod: 'Text', voiceText, receivers: ['09121250001'] }));
    // 397 spoken characters (the kasre mark is not one) at 12 a second = 34 s, plus one second of delay: 35 s, two parts.
    expect(created).to.include({ sendSubType: 'Voice', sendingMethod: 'Text', voiceSeconds: 35, smsParts: 2, voiceMediaId: null, sendPrice: '200' });
    await waitForSend(api, sender.token, created.id);
    const [msg] = submitted.filter((m) => m.id.startsWith(`${created.id}:`));
    expect(msg.voice).to.deep.equal({ audioUrl: null, text: voiceText, seconds: 35 });
    expect(msg.text).to.equal(voiceText);
  });

  it('keeps a file a waiting send will play, and a voice send cannot be edited', async () => {
    const file = ok(await uploadMedia(api, sender.token, wavFile(10), 'later.wav'));
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString();
    const later = ok(await voiceSend({ sendingMethod: 'File', voiceFile: file.id, receivers: ['09121260001'], sendDirect: false, sendDateTime: tomorrow }));
    expect(later.queueStatus).to.equal('Stored');
    const inUse = bad(await api.delete(`Media/Delete/${file.id}`, { token: sender.token }), 409);
    expect(inUse.message).to.equal('This file is used by a send that has not finished, so it cannot be deleted.');
    bad(await api.post(`ScheduledMessages/StartEdit/${later.id}`, undefined, { token: sender.token }), 400);
    ok(await api.post(`OutBox/Cancel/${later.id}`, undefined, { token: sender.token }));
  });
});
