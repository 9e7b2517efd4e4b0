import type { GatewayContractFixture } from '../../server/gateways/gateway-sdk.js';
import { FakeHttpProvider } from '../../tests/support/fake-http-provider.js';

/**
 * The http plugin against a local fake provider (tests/support/fake-http-provider.ts), in three
 * shapes: one GET per message (query fields, idempotent by ref), per-message JSON arrays, and one
 * form-encoded text to many numbers. Options are getters: the provider's port is known only after
 * `setup`.
 */
const provider = new FakeHttpProvider();
const key = FakeHttpProvider.API_KEY;

const answer = {
  successPath: 'ok',
  successValues: [true],
  errorCodePath: 'code',
  errorTextPath: 'text',
  retryCodes: ['BUSY'],
  codeMap: { BAD_NUMBER: 'InvalidRecipient', AUTH: 'InvalidCredentials' },
};
const statusMap = { DELIVERED: 'delivered', FAILED: 'undelivered' };

function pollBy(bodyType: 'query' | 'form'): Record<string, unknown> {
  return {
    request: { method: bodyType === 'query' ? 'GET' : 'POST', url: `${provider.baseUrl}/status?key={apiKey}`, bodyType, body: { ids: '{providerIdList}' } },
    response: { itemsPath: 'items', idPath: 'id', statusPath: 'state', statusMap },
    batchSize: 20,
    pollIntervalMs: 1_000,
  };
}

export const fixture: GatewayContractFixture = {
  get options() {
    return {
      apiKey: key,
      recipientFormat: 'zero',
      request: { method: 'GET', url: `${provider.baseUrl}/single`, bodyType: 'query', body: { key: '{apiKey}', to: '{to}', from: '{from}', text: '{text}', ref: '{id}' } },
      response: { ...answer, idPath: 'result.id' },
      idempotentSubmit: true,
      reports: 'poll',
      poll: pollBy('query'),
      // Inbound messages by webhook: gives the default shape a handleWebhook for the contract's 4xx checks.
      inbound: { fromPath: 'from', toPath: 'to', textPath: 'text', idPath: 'mo_id' },
    };
  },
  get pollOptions() {
    return {
      apiKey: key,
      request: {
        method: 'POST',
        url: `${provider.baseUrl}/bulk`,
        headers: { 'X-Api-Key': '{apiKey}' },
        bodyType: 'json',
        body: { ref: '{idList}', to: '{toList}', from: '{fromList}', text: '{textList}' },
      },
      response: { ...answer, idPath: 'result.ids' },
      batchSize: 25,
      idempotentSubmit: true,
      reports: 'poll',
      poll: pollBy('form'),
    };
  },
  /** The poll's status URL asked by id, with no reports of its own (the outbox's status request). */
  get queryOptions() {
    return { ...this.pollOptions!, reports: 'none' };
  },
  webhookOptions(url, secret) {
    provider.pushTo(url, secret);
    return {
      apiKey: key,
      request: { method: 'POST', url: `${provider.baseUrl}/form?push=1&key={apiKey}`, bodyType: 'form', body: { to: '{toList}', from: '{from}', text: '{text}' } },
      response: { ...answer, idPath: 'result.ids' },
      batchSize: 50,
      reports: 'webhook',
      webhook: { itemsPath: 'reports', idPath: 'msgid', statusPath: 'status', statusMap },
    };
  },
  reportTimeoutMs: 3_000,
  setup: () => provider.start(),
  teardown: () => provider.stop(),
};
