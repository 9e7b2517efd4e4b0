import type { GatewayContractFixture } from '../../server/gateways/gateway-sdk.js';
import { startSmscSim, type SmscSim } from '../../scripts/smsc-sim/smsc-sim.js';

let sim: SmscSim | null = null;

/**
 * The SMPP plugin under the gateway contract suite, against the SMSC simulator on a free port
 * (set in setup, before the suite reads the options). Receipts come before each submit_sm_resp so
 * that "a drain hands over every pending report" is decidable: a real centre sends receipts when it
 * likes, and a drain can only hand over those that arrived.
 */
const options: Record<string, unknown> = {
  host: '127.0.0.1',
  port: 2775,
  systemId: 'contract',
  password: 'secret',
  binds: 2,
  window: 20,
  responseTimeoutMs: 2_000,
  reconnectMinMs: 50,
  reconnectMaxMs: 500,
  maxPerSecond: 10_000,
  maxBatchSize: 200,
};

/** A second centre that withholds receipts, for the query_sm test: there the state is only known by asking. */
let quiet: SmscSim | null = null;
const queryOptions: Record<string, unknown> = { ...options };

export const fixture: GatewayContractFixture = {
  options,
  queryOptions,
  reportTimeoutMs: 3_000,
  async setup() {
    sim = await startSmscSim({ systemId: 'contract', password: 'secret', deliveredRatio: 0.7, receiptBeforeResponse: true, seed: 42,
      // Each contract test is a fresh connection that checks it gets reports only for its own messages.
      keepUnackedReceipts: false });
    options.port = sim.port;
    quiet = await startSmscSim({ systemId: 'contract', password: 'secret', deliveredRatio: 0.7, withholdReceipts: true, receiptDelayMs: 50, seed: 7, keepUnackedReceipts: false });
    queryOptions.port = quiet.port;
  },
  async teardown() {
    await sim?.close();
    await quiet?.close();
    sim = null;
    quiet = null;
  },
};
