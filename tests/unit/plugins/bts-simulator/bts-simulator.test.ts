import { expect } from 'chai';
import { BtsSimulatorGateway, plugin, type BtsSimulatorOptions } from '../../../../plugins/bts-simulator/index.js';
import { generatePopulation, generatePopulationAsync } from '../../../../plugins/bts-simulator/population.js';
import { fixture } from '../../../../plugins/bts-simulator/contract.fixture.js';
import type { BtsHost, BtsRequestStatus, BtsSmartRequest } from '../../../../server/gateways/gateway-sdk.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const defaults: BtsSimulatorOptions = {
  seed: 7, populationSize: 5_000, storedMs: 0, tickMs: 20, sendPerSecond: 1_000, sentRatio: 1, deliveredRatio: 0.5, failWith: 'none', locationSampleSize: 50,
};
const matching = fixture.bts!.matching;

function host(updates: BtsRequestStatus[] = []): BtsHost {
  return {
    gatewayId: 'unit', logger: { info: () => undefined, warn: () => undefined, error: () => undefined }, now: () => new Date(),
    statusChanged: () => undefined, progress: async (u) => void updates.push(...u),
  };
}

async function untilFinal(g: BtsSimulatorGateway, id: string): Promise<BtsRequestStatus[]> {
  const seen: BtsRequestStatus[] = [];
  for (let i = 0; i < 500; i++) {
    const s = await g.status(id);
    seen.push(s);
    if (['Done', 'Failed', 'NotFound', 'InternalError'].includes(s.status)) return seen;
    await sleep(10);
  }
  throw new Error('no final status');
}

describe('bts-simulator', function () {
  const live: BtsSimulatorGateway[] = [];
  async function gateway(options: Partial<BtsSimulatorOptions> = {}, updates?: BtsRequestStatus[]): Promise<BtsSimulatorGateway> {
    const g = new BtsSimulatorGateway('unit', { ...defaults, ...options });
    await g.connect(host(updates));
    live.push(g);
    return g;
  }
  afterEach(async function () {
    for (const g of live.splice(0)) await g.disconnect({ drain: false });
  });

  it('generates the same population for the same seed, another for another seed', async function () {
    expect(generatePopulation(3, 200)).to.deep.equal(generatePopulation(3, 200));
    expect(generatePopulation(4, 200)).to.not.deep.equal(generatePopulation(3, 200));
    const people = generatePopulation(3, 2_000);
    expect(await generatePopulationAsync(3, 25_000), 'made in chunks, the same people').to.deep.equal(generatePopulation(3, 25_000));
    expect(new Set(people.map((p) => p.operator))).to.deep.equal(new Set(['MCI', 'Irancell', 'Rightel']));
    for (const p of people.slice(0, 100)) {
      expect(p.age).to.be.within(15, 80);
      expect(p.home[0]).to.be.within(44, 64);
      expect(p.home[1]).to.be.within(25, 40);
    }
  });

  it('counts only people matching every filter', async function () {
    const g = await gateway();
    const all = await g.estimate(matching);
    const women = await g.estimate({ ...matching, gender: 'Woman', ageFrom: 20, ageTo: 30 });
    if (!all.ok || !women.ok) expect.fail('refused');
    expect(women.perOperator.MCI).to.be.above(0).and.below(all.perOperator.MCI);
    const byHomeOnly = await g.estimate({ ...matching, joberState: false });
    if (!byHomeOnly.ok) expect.fail('refused');
    expect(byHomeOnly.perOperator.MCI).to.be.at.most(all.perOperator.MCI);
    const elsewhere = await g.estimate({ ...matching, provinces: ['قم'] });
    if (!elsewhere.ok) expect.fail('refused');
    expect(elsewhere.perOperator).to.deep.equal({ MCI: 0, Irancell: 0, Rightel: 0 });
  });

  it('applies the count to each area, a percentage of those found, and maxSendCount over all', async function () {
    const g = await gateway();
    const count = await g.estimate({ ...matching, countToSend: 10 });
    if (!count.ok) expect.fail('refused');
    expect(count.perArea.every((n) => n >= 10), 'both areas hold more than 10').to.equal(true);
    expect(count.sendableCount).to.equal(20);
    const pct = await g.estimate({ ...matching, sendCountType: 'Percentage', countToSend: null, percentageToSend: 50 });
    if (!pct.ok) expect.fail('refused');
    expect(pct.sendableCount).to.equal(pct.perArea.reduce((sum, n) => sum + Math.floor(n / 2), 0));
    const capped = await g.estimate({ ...matching, countToSend: 10, maxSendCount: 15 });
    expect(capped).to.deep.include({ ok: true, sendableCount: 15 });
  });

  it('sends at its pace and ends Done with exactly the sent ratio of the requested count', async function () {
    const updates: BtsRequestStatus[] = [];
    const g = await gateway({ sendPerSecond: 1_000, tickMs: 20, sentRatio: 0.75 }, updates);
    const request: BtsSmartRequest = { ...matching, countToSend: 50 };
    const submitted = await g.submit(request, 'hello');
    if (!submitted.ok) expect.fail('refused');
    const seen = await untilFinal(g, submitted.externalId);
    const last = seen[seen.length - 1]!;
    expect(last.status).to.equal('Done');
    expect(last.sentCount).to.equal(75);
    expect(last.deliveredCount).to.equal(37);
    expect(seen.some((s) => s.status === 'Waiting' && s.sentCount > 0 && s.sentCount < 75), 'progress in between').to.equal(true);
    expect(last.locations.length).to.be.within(1, 50);
    for (const [lon, lat] of last.locations) {
      expect(Math.abs(lon / 0.005 - Math.round(lon / 0.005)), 'coarse longitude').to.be.below(1e-6);
      expect(Math.abs(lat / 0.005 - Math.round(lat / 0.005)), 'coarse latitude').to.be.below(1e-6);
    }
    await sleep(50);
    expect(updates.filter((u) => u.externalId === submitted.externalId).pop()).to.deep.include({ status: 'Done', sentCount: 75 });
  });

  it('stays Stored until its start delay passed', async function () {
    const g = await gateway({ storedMs: 10_000 });
    const submitted = await g.submit(matching, 'later');
    if (!submitted.ok) expect.fail('refused');
    await sleep(60);
    expect(await g.status(submitted.externalId)).to.deep.include({ status: 'Stored', sentCount: 0 });
  });

  it('cancels a running request as Failed with what was sent so far', async function () {
    const g = await gateway({ sendPerSecond: 100, tickMs: 20 });
    const submitted = await g.submit({ ...matching, countToSend: 1_000 }, 'long');
    if (!submitted.ok) expect.fail('refused');
    await sleep(70);
    const canceled = await g.cancel(submitted.externalId);
    expect(canceled.status).to.equal('Failed');
    expect(canceled.failedReason).to.match(/Canceled/);
    await sleep(60);
    expect((await g.status(submitted.externalId)).sentCount).to.equal(canceled.sentCount);
  });

  it('ends Failed when told to, and refuses a request with no operator', async function () {
    const g = await gateway({ failWith: 'Failed' });
    const submitted = await g.submit(matching, 'x');
    if (!submitted.ok) expect.fail('refused');
    expect((await untilFinal(g, submitted.externalId)).pop()).to.deep.include({ status: 'Failed', sentCount: 0 });
    expect(await g.estimate({ ...matching, operator: '' as BtsSmartRequest['operator'] })).to.deep.include({ ok: false, code: 'OperatorRequired', propertyName: 'operator' });
  });

  it('declares kind bts and a schema with defaults for everything', function () {
    expect(plugin.manifest.kind).to.equal('bts');
    const properties = (plugin.optionsSchema as { properties: Record<string, { default?: unknown }> }).properties;
    expect(Object.entries(properties).filter(([, p]) => p.default === undefined).map(([k]) => k)).to.deep.equal([]);
  });
});
