import type { GatewayContractFixture } from '../../server/gateways/gateway-sdk.js';

/** The simulator under the gateway contract suite (tests/contract/gateway-plugins.test.ts). */
const base = { seed: 42, acceptRatio: 0.8, deliveryRatio: 0.7, deliveryDelayMs: 30, submitLatencyMs: 1, maxBatchSize: 200 };

export const fixture: GatewayContractFixture = {
  // A fixed seed and a mix of outcomes: some accepted, some transient or rejected.
  options: base,
  reportTimeoutMs: 2_000,
  pollOptions: { ...base, receiptDelivery: 'poll', pollIntervalMs: 50 },
  queryOptions: { ...base, acceptRatio: 1, receiptDelivery: 'none' },
  webhookOptions: (url, secret) => ({ ...base, receiptDelivery: 'webhook', webhookUrl: url, webhookSecret: secret }),
};
