import type { GatewayContractFixture } from '../../server/gateways/gateway-sdk.js';
import { FakeHttpProvider } from '../../tests/support/fake-http-provider.js';

/**
 * The voice plugin against the local fake provider's voice endpoints: one JSON call per message
 * (audio URL or text to speak, priced seconds), results polled one call at a time or pushed.
 */
const provider = new FakeHttpProvider();

const call = (push: boolean) => ({
  method: 'POST',
  url: `${provider.baseUrl}/voice/call${push ? '?push=1' : ''}`,
  headers: { 'x-api-key': '{apiKey}' },
  bodyType: 'json',
  body: { ref: '{id}', to: '{to}', caller: '{from}', audio: '{audioUrl}', tts: '{voiceText}', seconds: '{seconds}' },
});
const answer = { successPath: 'ok', idPath: 'call.id', errorCodePath: 'code', retryCodes: ['BUSY'], codeMap: { BAD_NUMBER: 'InvalidRecipient', NO_MEDIA: 'InvalidRequest' } };

export const fixture: GatewayContractFixture = {
  get options() {
    return {
      apiKey: FakeHttpProvider.API_KEY,
      request: call(false),
      response: answer,
      idempotentSubmit: true,
      reports: 'poll',
      poll: {
        request: { method: 'GET', url: `${provider.baseUrl}/voice/status/{providerId}?key={apiKey}`, bodyType: 'none' },
        response: { itemsPath: 'call', idPath: 'id', statusPath: 'result', statusMap: { RINGING: 'pending', ANSWERED: 'delivered', NO_ANSWER: 'undelivered' } },
        batchSize: 10,
      },
    };
  },
  get pollOptions() {
    return this.options;
  },
  /** The poll's status URL asked by id, with no reports of its own (the outbox's status request). */
  get queryOptions() {
    return { ...this.pollOptions!, reports: 'none' };
  },
  webhookOptions(url, secret) {
    provider.pushTo(url, secret);
    return {
      apiKey: FakeHttpProvider.API_KEY,
      request: call(true),
      response: answer,
      reports: 'webhook',
      webhook: { itemsPath: 'reports', idPath: 'msgid', statusPath: 'status', statusMap: { DELIVERED: 'delivered', FAILED: 'undelivered' } },
    };
  },
  reportTimeoutMs: 3_000,
  setup: () => provider.start(),
  teardown: () => provider.stop(),
};
