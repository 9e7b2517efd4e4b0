import { expect } from 'chai';
import {
  BTS_OPERATORS,
  BTS_REFUSAL_CODES,
  FINAL_SMART_SMS_STATUSES,
  isBtsPlugin,
  SMART_SMS_STATUSES,
  type BtsGateway,
  type BtsHost,
  type BtsRequestStatus,
  type BtsSmartRequest,
  type GatewayContractFixture,
  type GatewayHealth,
} from '../../server/gateways/gateway-sdk.js';
import { validateOptions, type LoadedPlugin } from '../../server/gateways/plugin-loader.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface RecordingBtsHost extends BtsHost {
  updates: BtsRequestStatus[];
  statuses: GatewayHealth[];
  /** While true, `progress` rejects (the host could not store it); what it was offered goes to `refused`. */
  refusing: boolean;
  refused: BtsRequestStatus[];
}

function recordingHost(gatewayId: string): RecordingBtsHost {
  const host: RecordingBtsHost = {
    gatewayId,
    updates: [],
    statuses: [],
    refusing: false,
    refused: [],
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    now: () => new Date(),
    async progress(updates) {
      if (host.refusing) {
        host.refused.push(...updates);
        throw new Error('the host could not store this progress');
      }
      host.updates.push(...updates);
    },
    statusChanged: (health) => void host.statuses.push(health),
  };
  return host;
}

/** The invariants of one status answer (gateway-sdk.ts, "Kind `bts`"). */
function checkStatus(s: BtsRequestStatus, externalId: string): void {
  expect(s.externalId).to.equal(externalId);
  expect(SMART_SMS_STATUSES as readonly string[]).to.include(s.status);
  for (const key of ['foundCount', 'sentCount'] as const) expect(Number.isInteger(s[key]) && s[key] >= 0, key).to.equal(true);
  expect(s.sentCount, 'sentCount <= foundCount').to.be.at.most(s.foundCount);
  if (s.deliveredCount !== undefined) expect(s.deliveredCount, 'deliveredCount <= sentCount').to.be.within(0, s.sentCount);
  expect(s.locations).to.be.an('array');
  for (const [lon, lat] of s.locations) {
    expect(lon).to.be.within(-180, 180);
    expect(lat).to.be.within(-90, 90);
  }
  expect(s.at).to.be.instanceOf(Date);
}

/**
 * What every `bts` plugin promises, run with its fixture's `bts` requests: estimates deterministic
 * and refusing bad input by code, a submitted request reaching a final status whose counts never
 * shrink, NotFound for nobody, Unknown for a foreign id, cancel ending a request.
 */
export function describeBtsBehaviour(getLoaded: () => LoadedPlugin, fixture: GatewayContractFixture | null): void {
  describe('bts behaviour', function () {
    const bts = fixture?.bts;
    const finalTimeoutMs = bts?.finalTimeoutMs ?? 5_000;
    let gateway: BtsGateway | null = null;
    let host: RecordingBtsHost;

    before(async function () {
      if (!fixture || !bts) this.skip();
      this.timeout(30_000);
      await fixture!.setup?.();
    });
    after(async function () {
      this.timeout(30_000);
      await fixture?.teardown?.();
    });
    afterEach(async function () {
      if (gateway) await gateway.disconnect({ drain: false });
      gateway = null;
    });

    function create(options: Record<string, unknown> = fixture!.options): BtsGateway {
      const loaded = getLoaded();
      if (!isBtsPlugin(loaded.plugin)) throw new Error(`${loaded.name} is not of kind bts`);
      const checked = validateOptions(loaded, options);
      if (!checked.ok) throw new Error(`fixture options invalid: ${JSON.stringify(checked.errors)}`);
      return loaded.plugin.create(`contract-${loaded.name}`, checked.options);
    }

    async function connected(options?: Record<string, unknown>): Promise<BtsGateway> {
      host = recordingHost(`contract-${getLoaded().name}`);
      gateway = create(options);
      await gateway.connect(host);
      return gateway;
    }

    async function untilFinal(g: BtsGateway, externalId: string): Promise<BtsRequestStatus[]> {
      const seen: BtsRequestStatus[] = [];
      const until = Date.now() + finalTimeoutMs;
      for (;;) {
        const s = await g.status(externalId);
        checkStatus(s, externalId);
        seen.push(s);
        if (FINAL_SMART_SMS_STATUSES.includes(s.status)) return seen;
        if (Date.now() > until) throw new Error(`no final status within ${finalTimeoutMs} ms (last ${s.status})`);
        await sleep(15);
      }
    }

    it('is not up before connect, up after, not up after disconnect', async function () {
      const g = create();
      expect((await g.health()).state).to.not.equal('up');
      await g.connect(recordingHost('health'));
      gateway = g;
      expect((await g.health()).state).to.equal('up');
      await g.disconnect({ drain: true });
      gateway = null;
      expect((await g.health()).state).to.not.equal('up');
    });

    it('estimates per operator and per area, the same twice and on a second instance', async function () {
      const g = await connected();
      const first = await g.estimate(bts!.matching);
      expect(first.ok, JSON.stringify(first)).to.equal(true);
      if (!first.ok) return;
      expect(Object.keys(first.perOperator).sort()).to.deep.equal([...BTS_OPERATORS].sort());
      expect(first.perArea).to.have.length(bts!.matching.areas.length);
      const operatorCount = first.perOperator[bts!.matching.operator];
      expect(operatorCount, 'the matching request finds people').to.be.above(0);
      expect(first.perArea.reduce((a, b) => a + b, 0), 'areas share no person').to.equal(operatorCount);
      expect(first.sendableCount).to.be.within(1, operatorCount);
      expect(await g.estimate(bts!.matching)).to.deep.equal(first);
      const other = create();
      await other.connect(recordingHost('second'));
      try {
        expect(await other.estimate(bts!.matching)).to.deep.equal(first);
      } finally {
        await other.disconnect({ drain: false });
      }
    });

    it('with a gray list, leaves out whom the same organization key was handed; another key sees everyone', async function () {
      if (!bts!.grayList) return; // the plugin keeps none: nothing to check
      const g = await connected();
      const gray = { ...bts!.matching, organizationKey: 'contract-gray-a', grayListExpireHour: 24 };
      const before = await g.estimate(gray);
      if (!before.ok) throw new Error(JSON.stringify(before));
      const submitted = await g.submit(gray, 'gray list');
      expect(submitted.ok, JSON.stringify(submitted)).to.equal(true);
      if (submitted.ok) await untilFinal(g, submitted.externalId);
      const after = await g.estimate(gray);
      if (!after.ok) throw new Error(JSON.stringify(after));
      const op = bts!.matching.operator;
      expect(after.perOperator[op]).to.be.below(before.perOperator[op]);
      expect(await g.estimate({ ...gray, organizationKey: 'contract-gray-b' })).to.deep.equal(before);
      expect(await g.estimate({ ...gray, grayListExpireHour: 0 })).to.deep.equal(before);
    });

    it('refuses bad requests with a code and the field, never a throw', async function () {
      const g = await connected();
      const bad: [string, Partial<BtsSmartRequest>, string | null][] = [
        ['no area', { areas: [] }, 'areas'],
        ['a polygon of two points', { areas: [{ type: 'Polygon', coordinates: [[[51, 35], [51.1, 35.1], [51, 35]]] }] }, 'areas[0]'],
        ['a negative radius', { areas: [{ type: 'Circle', center: [51.4, 35.7], radiusMeters: -5 }] }, 'areas[0]'],
        ['an unknown operator', { operator: 'Nope' as BtsSmartRequest['operator'] }, 'operator'],
        ['ages the wrong way round', { ageFrom: 50, ageTo: 20 }, 'ageTo'],
        ['a zero count', { countToSend: 0 }, 'countToSend'],
        ['an end before the start', { endDatetime: new Date('2026-12-01T07:00:00Z') }, 'endDatetime'],
        ['a wrong cell list', { cellList: ['not a cell'] }, 'cellList'],
      ];
      for (const [what, overrides, propertyName] of bad) {
        const request = { ...bts!.matching, ...overrides };
        for (const answer of [await g.estimate(request), await g.submit(request, 'hello')]) {
          expect(answer.ok, what).to.equal(false);
          if (answer.ok) continue;
          expect(BTS_REFUSAL_CODES as readonly string[], what).to.include(answer.code);
          expect(answer.propertyName, what).to.equal(propertyName);
        }
      }
      const empty = await g.submit(bts!.matching, '  ');
      expect(empty).to.deep.include({ ok: false, code: 'TextIsEmpty' });
    });

    it('takes a request to a final status, counts never shrinking and within what was asked', async function () {
      this.timeout(finalTimeoutMs + 5_000);
      const g = await connected();
      const estimate = await g.estimate(bts!.matching);
      if (!estimate.ok) expect.fail(JSON.stringify(estimate));
      const submitted = await g.submit(bts!.matching, 'contract smart message');
      if (!submitted.ok) expect.fail(JSON.stringify(submitted));
      expect(submitted.externalId).to.be.a('string').and.not.equal('');
      const seen = await untilFinal(g, submitted.externalId);
      const last = seen[seen.length - 1]!;
      expect(last.status).to.equal('Done');
      expect(last.sentCount).to.be.within(0, estimate.sendableCount);
      for (let i = 1; i < seen.length; i++) expect(seen[i]!.sentCount, 'sentCount never shrinks').to.be.at.least(seen[i - 1]!.sentCount);
      if (last.sentCount > 0) expect(last.locations.length, 'where recipients were found').to.be.above(0);
      // A final status stays as it is.
      await sleep(50);
      const again = await g.status(submitted.externalId);
      expect({ ...again, at: null }).to.deep.equal({ ...last, at: null });
    });

    it('pushes progress for a request, ending with its final status', async function () {
      this.timeout(finalTimeoutMs + 5_000);
      const g = await connected();
      const submitted = await g.submit(bts!.matching, 'progress');
      if (!submitted.ok) expect.fail(JSON.stringify(submitted));
      const final = (await untilFinal(g, submitted.externalId)).pop()!;
      await g.disconnect({ drain: true });
      gateway = null;
      const mine = host.updates.filter((u) => u.externalId === submitted.externalId);
      expect(mine.length, 'progress pushed').to.be.above(0);
      expect(mine[mine.length - 1]!.status).to.equal(final.status);
      expect(mine[mine.length - 1]!.sentCount).to.equal(final.sentCount);
    });

    it('pushes a final report the host refused again until the host takes it', async function () {
      this.timeout(2 * finalTimeoutMs + 5_000);
      const g = await connected();
      host.refusing = true;
      const submitted = await g.submit(bts!.matching, 'refused final');
      if (!submitted.ok) expect.fail(JSON.stringify(submitted));
      const final = (await untilFinal(g, submitted.externalId)).pop()!;
      const isFinalOfMine = (u: BtsRequestStatus) => u.externalId === submitted.externalId && u.status === final.status;
      const until = Date.now() + finalTimeoutMs;
      while (!host.refused.some(isFinalOfMine) && Date.now() < until) await sleep(15);
      // A plugin whose operator must be asked may push nothing: the host's poll covers it.
      if (!host.refused.some(isFinalOfMine)) return;
      host.refusing = false;
      while (!host.updates.some(isFinalOfMine)) {
        if (Date.now() > until + finalTimeoutMs) expect.fail(`the refused final report (${final.status}) was never pushed again`);
        await sleep(15);
      }
      expect(host.updates.filter(isFinalOfMine).at(-1)!.sentCount).to.equal(final.sentCount);
    });

    it('ends a request that finds nobody as NotFound with nothing sent', async function () {
      this.timeout(finalTimeoutMs + 5_000);
      const g = await connected();
      const estimate = await g.estimate(bts!.nobody);
      expect(estimate).to.deep.include({ ok: true, sendableCount: 0 });
      const submitted = await g.submit(bts!.nobody, 'nobody');
      if (!submitted.ok) expect.fail(JSON.stringify(submitted));
      const last = (await untilFinal(g, submitted.externalId)).pop()!;
      expect(last).to.deep.include({ status: 'NotFound', foundCount: 0, sentCount: 0 });
    });

    it('answers an id it never gave as Unknown', async function () {
      const g = await connected();
      const s = await g.status('never-given');
      checkStatus(s, 'never-given');
      expect(s).to.deep.include({ status: 'Unknown', sentCount: 0 });
    });

    it('cancels a request that is not final; a cancel of a final one changes nothing', async function () {
      this.timeout(finalTimeoutMs + 5_000);
      const g = await connected();
      const submitted = await g.submit(bts!.matching, 'cancel me');
      if (!submitted.ok) expect.fail(JSON.stringify(submitted));
      const canceled = await g.cancel(submitted.externalId);
      checkStatus(canceled, submitted.externalId);
      expect(FINAL_SMART_SMS_STATUSES as readonly string[]).to.include(canceled.status);
      await sleep(100);
      const later = await g.cancel(submitted.externalId);
      expect({ ...later, at: null }).to.deep.equal({ ...canceled, at: null });
    });

    it('ends a request with a failure when the fixture injects one', async function () {
      if (!bts?.failingOptions) this.skip();
      this.timeout(finalTimeoutMs + 5_000);
      const g = await connected(bts!.failingOptions);
      const submitted = await g.submit(bts!.matching, 'fail');
      if (!submitted.ok) expect.fail(JSON.stringify(submitted));
      const last = (await untilFinal(g, submitted.externalId)).pop()!;
      expect(['Failed', 'InternalError']).to.include(last.status);
      expect(last.failedReason).to.be.a('string').and.not.equal('');
    });
  });
}
