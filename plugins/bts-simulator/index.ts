import {
  BTS_OPERATORS,
  FINAL_SMART_SMS_STATUSES,
  GATEWAY_API_VERSION,
  geoAreasProblem,
  pointInArea,
  type BtsEstimate,
  type BtsGateway,
  type BtsHost,
  type BtsPlugin,
  type BtsRefusal,
  type BtsRequestStatus,
  type BtsSmartRequest,
  type GatewayHealth,
  type GeoPosition,
  type SmartSmsStatus,
} from '../../server/gateways/gateway-sdk.js';
import { CHUNK, generatePopulationAsync, type Person } from './population.js';

export interface BtsSimulatorOptions {
  seed: number;
  populationSize: number;
  storedMs: number;
  tickMs: number;
  sendPerSecond: number;
  sentRatio: number;
  deliveredRatio: number;
  failWith: 'none' | 'Failed' | 'InternalError';
  locationSampleSize: number;
}

const optionsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    seed: {
      type: 'integer', minimum: 0, maximum: 4294967295, default: 1,
      title: 'Population seed', description: 'The same seed and size give the same synthetic people on every install.',
      'x-title-fa': 'بذر جمعیت', 'x-description-fa': 'با بذر و اندازهٔ یکسان، همان جمعیت ساختگی در هر نصب ساخته می‌شود.',
    },
    populationSize: {
      type: 'integer', minimum: 0, maximum: 200000, default: 20000,
      title: 'Population size', description: 'How many synthetic people live in the simulated provinces.',
      'x-title-fa': 'اندازهٔ جمعیت', 'x-description-fa': 'تعداد افراد ساختگی در استان‌های شبیه‌سازی‌شده.',
    },
    storedMs: {
      type: 'integer', minimum: 0, maximum: 600000, default: 2000,
      title: 'Time before sending starts (ms)', description: 'How long a request stays Stored before the operator starts on it.',
      'x-title-fa': 'زمان پیش از شروع ارسال (میلی‌ثانیه)', 'x-description-fa': 'مدتی که درخواست پیش از شروع ارسال در وضعیت ذخیره‌شده می‌ماند.',
    },
    tickMs: {
      type: 'integer', minimum: 10, maximum: 60000, default: 1000,
      title: 'Progress interval (ms)', description: 'How often the simulated operator sends a portion and reports progress.',
      'x-title-fa': 'فاصلهٔ گزارش پیشرفت (میلی‌ثانیه)', 'x-description-fa': 'هر چند وقت یک بار بخشی ارسال و پیشرفت گزارش می‌شود.',
    },
    sendPerSecond: {
      type: 'integer', minimum: 1, maximum: 1000000, default: 50,
      title: 'Sending pace (messages per second)', description: 'How fast the simulated operator sends a request.',
      'x-title-fa': 'سرعت ارسال (پیامک در ثانیه)', 'x-description-fa': 'سرعت ارسال درخواست توسط اپراتور شبیه‌سازی‌شده.',
    },
    sentRatio: {
      type: 'number', minimum: 0, maximum: 1, default: 1,
      title: 'Sent ratio', description: 'The share of the requested count actually sent (below 1 simulates partial delivery).',
      'x-title-fa': 'نسبت ارسال', 'x-description-fa': 'سهم تعداد درخواستی که واقعاً ارسال می‌شود (کمتر از ۱ یعنی ارسال ناقص).',
    },
    deliveredRatio: {
      type: 'number', minimum: 0, maximum: 1, default: 0.9,
      title: 'Delivered ratio', description: 'The share of sent messages reported as delivered to a phone.',
      'x-title-fa': 'نسبت تحویل', 'x-description-fa': 'سهم پیامک‌های ارسال‌شده که تحویل‌شده به گوشی گزارش می‌شود.',
    },
    failWith: {
      type: 'string', enum: ['none', 'Failed', 'InternalError'], default: 'none',
      title: 'Injected failure', description: 'For tests: every submitted request ends with this status once it starts.',
      'x-title-fa': 'خطای تزریقی', 'x-description-fa': 'برای آزمون: هر درخواست پس از شروع با این وضعیت پایان می‌یابد.',
    },
    locationSampleSize: {
      type: 'integer', minimum: 0, maximum: 1000, default: 200,
      title: 'Map sample size', description: 'At most this many coarse points show where recipients were found.',
      'x-title-fa': 'تعداد نقاط نقشه', 'x-description-fa': 'حداکثر تعداد نقاط تقریبی محل یافتن گیرندگان روی نقشه.',
    },
  },
} as const;

/** Points are rounded to this grid (about 500 m): the map shows neighbourhoods, never a person's place. */
const COARSE_DEGREES = 0.005;
const coarse = (p: GeoPosition): GeoPosition => [Math.round(p[0] / COARSE_DEGREES) * COARSE_DEGREES, Math.round(p[1] / COARSE_DEGREES) * COARSE_DEGREES].map((n) => Math.round(n * 1e6) / 1e6) as GeoPosition;

const isFinal = (s: SmartSmsStatus) => FINAL_SMART_SMS_STATUSES.includes(s);
const refuse = (code: BtsRefusal['code'], propertyName: string | null, message?: string): BtsRefusal => ({ ok: false, code, propertyName, ...(message ? { message } : {}) });
const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;
const isDate = (d: unknown): d is Date => d instanceof Date && !Number.isNaN(d.getTime());

/** The request's own problems, before any person is looked at. */
export function requestProblem(request: BtsSmartRequest): BtsRefusal | null {
  if (typeof request !== 'object' || request === null) return refuse('InvalidRequest', null);
  if (typeof request.requestName !== 'string' || request.requestName.trim() === '') return refuse('InvalidRequest', 'requestName');
  if (!BTS_OPERATORS.includes(request.operator)) return refuse('OperatorRequired', 'operator');
  const area = geoAreasProblem(request.areas);
  if (area) return area.index === null ? refuse('NoArea', 'areas') : refuse('InvalidArea', `areas[${area.index}]`, area.problem);
  if (!request.residenceState && !request.joberState && !request.travellerState) return refuse('InvalidFilter', 'residenceState');
  for (const key of ['ageFrom', 'ageTo'] as const) {
    const age = request[key];
    if (age !== null && (typeof age !== 'number' || !Number.isInteger(age) || age < 0 || age > 120)) return refuse('InvalidFilter', key);
  }
  if (request.ageFrom !== null && request.ageTo !== null && request.ageFrom > request.ageTo) return refuse('InvalidFilter', 'ageTo');
  if (!['All', 'Man', 'Woman'].includes(request.gender)) return refuse('InvalidFilter', 'gender');
  if (!Array.isArray(request.provinces) || request.provinces.some((p) => typeof p !== 'string')) return refuse('InvalidFilter', 'provinces');
  if (!Array.isArray(request.mobilePrefix) || request.mobilePrefix.some((p) => typeof p !== 'string' || !/^09\d{1,3}$/.test(p))) return refuse('InvalidFilter', 'mobilePrefix');
  if (!Array.isArray(request.cellList) || request.cellList.some((c) => typeof c !== 'string' || !/^\d{1,15}$/.test(c))) return refuse('InvalidCellList', 'cellList');
  if (request.sendCountType === 'Count') {
    if (!isCount(request.countToSend)) return refuse('InvalidCount', 'countToSend');
  } else if (request.sendCountType === 'Percentage') {
    const pct = request.percentageToSend;
    if (typeof pct !== 'number' || !Number.isFinite(pct) || pct <= 0 || pct > 100) return refuse('InvalidCount', 'percentageToSend');
  } else {
    return refuse('InvalidCount', 'sendCountType');
  }
  if (request.maxSendCount !== null && !isCount(request.maxSendCount)) return refuse('InvalidCount', 'maxSendCount');
  if (request.maxDailySendCount !== null && !isCount(request.maxDailySendCount)) return refuse('InvalidCount', 'maxDailySendCount');
  const gray = request.grayListExpireHour;
  if (gray !== undefined && gray !== null && (typeof gray !== 'number' || !Number.isInteger(gray) || gray < 0)) return refuse('InvalidFilter', 'grayListExpireHour');
  if (request.organizationKey !== undefined && request.organizationKey !== null && typeof request.organizationKey !== 'string') return refuse('InvalidRequest', 'organizationKey');
  if (!isDate(request.startDatetime)) return refuse('InvalidRequest', 'startDatetime');
  if (!isDate(request.endDatetime) || request.endDatetime <= request.startDatetime) return refuse('InvalidRequest', 'endDatetime');
  return null;
}

/** Every filter but the operator and the areas. */
function matchesFilters(p: Person, r: BtsSmartRequest): boolean {
  if (r.provinces.length > 0 && !r.provinces.includes(p.province)) return false;
  if (r.ageFrom !== null && p.age < r.ageFrom) return false;
  if (r.ageTo !== null && p.age > r.ageTo) return false;
  if (r.gender !== 'All' && p.gender !== r.gender) return false;
  if (r.deviceType && p.deviceType !== r.deviceType) return false;
  if (r.brand && p.brand !== r.brand) return false;
  if (r.model && p.model !== r.model) return false;
  if (r.mobilePrefix.length > 0 && !r.mobilePrefix.includes(p.mobilePrefix)) return false;
  return true;
}

/** Where the person is seen in the request's first matching area (home, work, then on the way), with the area. */
function placeIn(p: Person, r: BtsSmartRequest): { area: number; at: GeoPosition } | null {
  const places: GeoPosition[] = [];
  if (r.residenceState) places.push(p.home);
  if (r.joberState) places.push(p.work);
  if (r.travellerState) places.push(p.travel);
  for (let area = 0; area < r.areas.length; area++) {
    for (const at of places) if (pointInArea(at, r.areas[area]!)) return { area, at };
  }
  return null;
}

interface Selection {
  estimate: BtsEstimate;
  /** The request operator's matches, in population order, up to the sendable count, with where each was seen. */
  chosen: GeoPosition[];
  /** Their indexes in the population, in the same order (what the gray list remembers). */
  chosenPeople: number[];
}

/** Per organization key: person index → when a request of that key was handed them (ms). */
type GrayLists = Map<string, Map<number, number>>;

/** Hours past which nothing is remembered (the host's largest `grayListExpireHour`, one year). */
const GRAY_LIST_MAX_HOURS = 8760;

/**
 * Who a request reaches. A person counts in the first area they are seen in, so areas never share a
 * person and `perArea` adds up to the operator's count. The cell list is checked for form only: the
 * synthetic people have no cells.
 */
async function select(people: readonly Person[], r: BtsSmartRequest, gray: GrayLists, nowMs: number): Promise<Selection> {
  // The gray list leaves out whom this organization reached within the hours asked, for every
  // count (per operator, per area), so the estimate shows what a submit would really find.
  const sentTo = r.organizationKey && r.grayListExpireHour ? gray.get(r.organizationKey) : undefined;
  const since = nowMs - (r.grayListExpireHour ?? 0) * 3_600_000;
  const perOperator = Object.fromEntries(BTS_OPERATORS.map((o) => [o, 0])) as Record<(typeof BTS_OPERATORS)[number], number>;
  const perArea = r.areas.map(() => 0);
  const found: { area: number; at: GeoPosition; person: number }[] = [];
  for (let i = 0; i < people.length; i++) {
    // A large population is walked in chunks: an estimate must not hold the event loop.
    if (i > 0 && i % CHUNK === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const p = people[i]!;
    if (!matchesFilters(p, r)) continue;
    if (sentTo) {
      const at = sentTo.get(i);
      if (at !== undefined && at > since) continue;
    }
    const place = placeIn(p, r);
    if (!place) continue;
    perOperator[p.operator]++;
    if (p.operator !== r.operator) continue;
    perArea[place.area]!++;
    found.push({ ...place, person: i });
  }
  const quota = perArea.map((n) => (r.sendCountType === 'Count' ? Math.min(n, r.countToSend ?? 0) : Math.floor((n * (r.percentageToSend ?? 0)) / 100)));
  let sendable = quota.reduce((a, b) => a + b, 0);
  if (r.maxSendCount !== null) sendable = Math.min(sendable, r.maxSendCount);
  const taken = perArea.map(() => 0);
  const chosen: GeoPosition[] = [];
  const chosenPeople: number[] = [];
  for (const f of found) {
    if (chosen.length >= sendable) break;
    if (taken[f.area]! >= quota[f.area]!) continue;
    taken[f.area]!++;
    chosen.push(f.at);
    chosenPeople.push(f.person);
  }
  return { estimate: { perOperator, perArea, sendableCount: sendable }, chosen, chosenPeople };
}

interface Run {
  externalId: string;
  status: SmartSmsStatus;
  foundCount: number;
  chosen: GeoPosition[];
  /** What the operator will have sent in the end (the sent ratio applied). */
  finalSent: number;
  sentCount: number;
  deliveredCount: number;
  failedReason?: string;
  startsAt: number;
  /** Changed since the host last took it. */
  dirty: boolean;
  at: Date;
}

/**
 * An operator's BTS system in process: a seeded synthetic population, requests that go Stored →
 * Waiting → Done (or NotFound, or an injected failure) at a configurable pace, progress pushed to
 * the host every tick.
 */
export class BtsSimulatorGateway implements BtsGateway {
  private host: BtsHost | null = null;
  private people: Promise<Person[]> | null = null;
  private readonly runs = new Map<string, Run>();
  /** In memory, like the runs: a restart forgets it (a real operator keeps it). */
  private readonly grayLists: GrayLists = new Map();
  private timer: NodeJS.Timeout | null = null;
  private serial = 0;
  private pushing: Promise<void> = Promise.resolve();

  constructor(readonly id: string, private readonly options: BtsSimulatorOptions) {}

  async connect(host: BtsHost): Promise<void> {
    this.host = host;
    await this.population();
    // Requests taken before a disconnect go on after the next connect, and reports not yet taken go again.
    if ([...this.runs.values()].some((r) => !isFinal(r.status) || r.dirty)) this.ensureTimer();
    host.statusChanged(await this.health());
  }

  async estimate(request: BtsSmartRequest): Promise<({ ok: true } & BtsEstimate) | BtsRefusal> {
    const problem = requestProblem(request);
    if (problem) return problem;
    return { ok: true, ...(await select(await this.population(), request, this.grayLists, Date.now())).estimate };
  }

  async submit(request: BtsSmartRequest, text: string): Promise<{ ok: true; externalId: string } | BtsRefusal> {
    const problem = requestProblem(request);
    if (problem) return problem;
    if (typeof text !== 'string' || text.trim() === '') return refuse('TextIsEmpty', 'text');
    const nowMs = Date.now();
    const { estimate, chosen, chosenPeople } = await select(await this.population(), request, this.grayLists, nowMs);
    const finalSent = Math.floor(chosen.length * this.options.sentRatio);
    // Whom it sends to is remembered for the organization whatever this request's own gray list.
    if (request.organizationKey) this.remember(request.organizationKey, chosenPeople.slice(0, finalSent), nowMs);
    const externalId = `bts-${this.id}-${Date.now().toString(36)}-${++this.serial}`;
    const run: Run = {
      externalId, status: 'Stored', foundCount: estimate.perArea.reduce((a, b) => a + b, 0), chosen,
      finalSent, sentCount: 0, deliveredCount: 0,
      startsAt: Date.now() + this.options.storedMs, dirty: true, at: this.now(),
    };
    this.runs.set(externalId, run);
    this.ensureTimer();
    return { ok: true, externalId };
  }

  async status(externalId: string): Promise<BtsRequestStatus> {
    const run = this.runs.get(externalId);
    if (!run) return { externalId, status: 'Unknown', foundCount: 0, sentCount: 0, locations: [], at: this.now() };
    return this.snapshot(run);
  }

  async cancel(externalId: string): Promise<BtsRequestStatus> {
    const run = this.runs.get(externalId);
    if (run && !isFinal(run.status)) this.finish(run, 'Failed', 'Canceled by the panel');
    return this.status(externalId);
  }

  async health(): Promise<GatewayHealth> {
    const live = [...this.runs.values()].filter((r) => !isFinal(r.status)).length;
    return this.host ? { state: 'up', inFlight: live } : { state: 'down', detail: 'not connected' };
  }

  async disconnect(options: { drain: boolean }): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (options.drain) await this.push();
    await this.pushing.catch(() => undefined);
    this.host = null;
  }

  private remember(key: string, people: number[], nowMs: number): void {
    let sentTo = this.grayLists.get(key);
    if (!sentTo) this.grayLists.set(key, (sentTo = new Map()));
    const forgotten = nowMs - GRAY_LIST_MAX_HOURS * 3_600_000;
    for (const [person, at] of sentTo) if (at <= forgotten) sentTo.delete(person);
    for (const person of people) sentTo.set(person, nowMs);
  }

  /** Made once per instance, at connect (or by an estimate before it, which costs nothing more). */
  private population(): Promise<Person[]> {
    this.people ??= generatePopulationAsync(this.options.seed, this.options.populationSize);
    return this.people;
  }

  private now(): Date {
    return this.host?.now() ?? new Date();
  }

  private snapshot(run: Run): BtsRequestStatus {
    const locations: GeoPosition[] = [];
    const seen = new Set<string>();
    for (const at of run.chosen.slice(0, run.sentCount)) {
      if (locations.length >= this.options.locationSampleSize) break;
      const point = coarse(at);
      const key = point.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      locations.push(point);
    }
    return {
      externalId: run.externalId, status: run.status, foundCount: run.foundCount, sentCount: run.sentCount,
      ...(run.status === 'Done' || run.deliveredCount > 0 ? { deliveredCount: run.deliveredCount } : {}),
      ...(run.failedReason ? { failedReason: run.failedReason } : {}),
      locations, at: run.at,
    };
  }

  private finish(run: Run, status: SmartSmsStatus, failedReason?: string): void {
    run.status = status;
    if (failedReason) run.failedReason = failedReason;
    run.deliveredCount = Math.floor(run.sentCount * this.options.deliveredRatio);
    run.dirty = true;
    run.at = this.now();
  }

  private ensureTimer(): void {
    if (this.timer || !this.host) return;
    this.timer = setInterval(() => this.tick(), this.options.tickMs);
  }

  private tick(): void {
    const now = Date.now();
    const portion = Math.max(1, Math.floor((this.options.sendPerSecond * this.options.tickMs) / 1000));
    for (const run of this.runs.values()) {
      if (isFinal(run.status) || now < run.startsAt) continue;
      if (run.foundCount === 0) {
        this.finish(run, 'NotFound');
      } else if (this.options.failWith !== 'none') {
        this.finish(run, this.options.failWith, this.options.failWith === 'Failed' ? 'The operator refused the request (simulated)' : 'The operator system failed (simulated)');
      } else {
        run.status = 'Waiting';
        run.sentCount = Math.min(run.finalSent, run.sentCount + portion);
        run.deliveredCount = Math.floor(run.sentCount * this.options.deliveredRatio);
        run.dirty = true;
        run.at = this.now();
        if (run.sentCount >= run.finalSent) this.finish(run, 'Done');
      }
    }
    // The timer stops only once every run is final *and* its last report was taken: a final report
    // the host refused stays dirty and must go again on a later tick, or the request never settles.
    void this.push().then(() => {
      if (this.timer && [...this.runs.values()].every((r) => isFinal(r.status) && !r.dirty)) {
        clearInterval(this.timer);
        this.timer = null;
      }
    });
  }

  /** One push at a time; what the host refused stays dirty and goes again next tick. */
  private push(): Promise<void> {
    this.pushing = this.pushing.then(async () => {
      const host = this.host;
      const dirty = [...this.runs.values()].filter((r) => r.dirty);
      if (!host || dirty.length === 0) return;
      const snapshots = dirty.map((r) => this.snapshot(r));
      for (const r of dirty) r.dirty = false;
      try {
        await host.progress(snapshots);
      } catch (err) {
        for (const r of dirty) r.dirty = true;
        host.logger.warn({ err }, 'host did not take BTS progress; retrying next tick');
      }
    });
    return this.pushing;
  }
}

export const plugin: BtsPlugin = {
  manifest: {
    name: 'bts-simulator',
    version: '1.0.0',
    apiVersion: GATEWAY_API_VERSION,
    kind: 'bts',
    title: { fa: 'شبیه‌ساز ارسال مکان‌محور (BTS)', en: 'Location-based sending simulator (BTS)' },
    description: {
      fa: 'سامانهٔ ارسال مکان‌محور آزمایشی با جمعیت ساختگی: درخواست هوشمند را می‌گیرد و پیشرفت و شمار نهایی را گزارش می‌کند.',
      en: 'A test location-based sending system with a synthetic population: takes a smart request and reports progress and final counts.',
    },
  },
  optionsSchema,
  create: (id, options) => new BtsSimulatorGateway(id, options as unknown as BtsSimulatorOptions),
};
