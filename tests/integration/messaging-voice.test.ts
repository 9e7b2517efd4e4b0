import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, INITIAL_ADMIN_PASSWORD, type TestServer } from '../support/test-server.js';
import { ok, tariffBody, waitForSend } from '../support/sending.js';
import { uploadMedia } from '../support/voice.js';
import { mp3File, MP3_FRAME_SECONDS } from '../support/audio-files.js';
import { GatewayRegistry } from '../../server/gateways/gateway-registry.js';
import type { OutboundMessage } from '../../server/gateways/gateway-sdk.js';

/**
 * A voice send through the dispatcher on this run's database (PGlite or PostgreSQL): every
 * receiver's OutboundMessage carries `voice` with the file's address under the configured
 * `mediaBaseUrl` (the provider's way in, not the panel's listening address) and the priced seconds.
 */
describe('Dispatch of a voice send: OutboundMessage.voice under the configured media address', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;

  before(async () => {
    server = await startTestServer({ mediaBaseUrl: 'https://voice.example.test/panel/' });
    api = new ApiClient(server.url);
  });

  after(async () => {
    await server?.stop();
  });

  it('hands every receiver the audio URL, the seconds and the parts the send was priced at', async () => {
    const first = ok(await api.post('Account/Login', { userName: 'admin', password: INITIAL_ADMIN_PASSWORD }));
    ok(await api.post('Account/ChangePassword', { currentPassword: INITIAL_ADMIN_PASSWORD, newPassword: 'Admin#Pass9', confirmPassword: 'Admin#Pass9' }, { token: first.accessToken }));
    const admin = ok(await api.post('Account/Login', { userName: 'admin', password: 'Admin#Pass9' })).accessToken;
    const org = ok(await api.post('Organizations/Create', { name: 'Voice org', type: 'reseller' }, { token: admin }));
    const tariff = ok(await api.post('Tariffs/Create', tariffBody('Voice flat 70', 70), { token: admin }));
    ok(await api.post('Tariffs/AssignToOrganization', { organizationId: org.id, tariffId: tariff.id }, { token: admin }));
    ok(await api.post('Credits/ChargeOrganization', { organizationId: org.id, amount: 1_000_000 }, { token: admin }));
    ok(await api.post('Users/Create', { userName: 'voicer', password: 'User#Pass1', changePasswordRequired: false, organizationId: org.id, isAdmin: true, firstName: 'V', isCanSendVoice: true }, { token: admin }));
    const token = ok(await api.post('Account/Login', { userName: 'voicer', password: 'User#Pass1' })).accessToken;
    const agent = ok(await api.post('SenderAgents/Create', {
      title: 'Voice sim', pluginName: 'simulator', type: 'Voice', maxPerSecond: 1_000, isActive: true, isSendActive: true, isActiveAllTime: true,
      options: { submitLatencyMs: 0, deliveryRatio: 1, maxBatchSize: 7 },
    }, { token: admin }));
    const line = ok(await api.post('PrivateNumbers/Create', {
      number: '2000555', useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id, isPublic: true, isActive: true, isSendBulk: true, deliveryBase: true,
    }, { token: admin }));

    const submitted: OutboundMessage[] = [];
    const registry = server.peyk.container.get(GatewayRegistry);
    const original = registry.gatewayFor.bind(registry);
    registry.gatewayFor = async (...args) => {
      const gateway = await original(...args);
      if (args[0] === String(agent.id) && !(gateway as { spied?: true }).spied) {
        const submit = gateway.submit.bind(gateway);
        Object.assign(gateway, { spied: true, submit: async (batch: OutboundMessage[]) => { submitted.push(...batch); return submit(batch); } });
      }
      return gateway;
    };

    // 2,500 frames of 1152 samples at 44.1 kHz: 65.3 s, priced at 66 s = three parts.
    const file = ok(await uploadMedia(api, token, mp3File(2_500), 'long.mp3'));
    expect(file).to.include({ fileType: 'mp3', durationSeconds: Math.ceil(2_500 * MP3_FRAME_SECONDS), parts: 3 });
    const receivers = Array.from({ length: 20 }, (_, i) => `0912555${String(i).padStart(4, '0')}`);
    const created = ok(await api.post('ScheduledMessages/CreateVoice', { senderNumberId: line.id, sendingMethod: 'File', voiceFile: file.id, receivers }, { token }));
    expect(created).to.include({ smsParts: 3, voiceSeconds: 66, sendPrice: String(20 * 3 * 70) });
    const done = await waitForSend(api, token, created.id);
    expect(done).to.include({ status: 'Sent', deliveredCount: 20 });
    registry.gatewayFor = original;

    expect(submitted.map((m) => m.to).sort()).to.deep.equal(receivers.map((r) => `98${r.slice(1)}`).sort());
    const expectedUrl = `https://voice.example.test/panel${file.url}`;
    for (const m of submitted) expect(m).to.deep.include({ parts: 3, voice: { audioUrl: expectedUrl, text: null, seconds: 66 } });
  });
});
