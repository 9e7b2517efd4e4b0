import type { BtsSmartRequest, GatewayContractFixture } from '../../server/gateways/gateway-sdk.js';

/** The BTS simulator under the gateway contract suite (tests/contract/gateway-plugins.test.ts). */
const base = { seed: 7, populationSize: 5_000, storedMs: 10, tickMs: 20, sendPerSecond: 20_000, sentRatio: 0.8, deliveredRatio: 0.5 };

const request = (overrides: Partial<BtsSmartRequest>): BtsSmartRequest => ({
  requestName: 'contract',
  operator: 'MCI',
  // Central Tehran (a circle) and central Isfahan (a rectangle): both hold many synthetic people.
  areas: [
    { type: 'Circle', center: [51.389, 35.6892], radiusMeters: 15_000 },
    { type: 'Rectangle', bbox: [51.55, 32.55, 51.78, 32.75] },
  ],
  residenceState: true,
  joberState: true,
  travellerState: false,
  provinces: [],
  ageFrom: null,
  ageTo: null,
  gender: 'All',
  deviceType: null,
  brand: null,
  model: null,
  mobilePrefix: [],
  cellList: [],
  smartRequestType: null,
  operationType: null,
  sendCountType: 'Count',
  countToSend: 100,
  percentageToSend: null,
  maxSendCount: null,
  maxDailySendCount: null,
  startDatetime: new Date('2026-12-01T08:00:00Z'),
  endDatetime: new Date('2026-12-01T08:30:00Z'),
  ...overrides,
});

export const fixture: GatewayContractFixture = {
  options: base,
  bts: {
    matching: request({}),
    // The Persian Gulf, south of Bandar Abbas: nobody lives or works at sea.
    nobody: request({ areas: [{ type: 'Polygon', coordinates: [[[55.5, 26.0], [56.0, 26.0], [56.0, 26.4], [55.5, 26.4], [55.5, 26.0]]] }] }),
    failingOptions: { ...base, failWith: 'InternalError' },
    finalTimeoutMs: 3_000,
    grayList: true,
  },
};
