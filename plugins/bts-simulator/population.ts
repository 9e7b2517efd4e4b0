import type { BtsOperator, GeoPosition } from '../../server/gateways/gateway-sdk.js';

/**
 * A synthetic population, the same for the same seed and size: nobody real, no mobile numbers.
 * Each person lives, works and commutes in one of the larger Iranian provinces, around its capital.
 */
export interface Person {
  province: string;
  home: GeoPosition;
  work: GeoPosition;
  /** A point on the way between home and work: where a "traveller" is seen. */
  travel: GeoPosition;
  age: number;
  gender: 'Man' | 'Woman';
  operator: BtsOperator;
  /** National-form prefix of the person's mobile (`0912`), for the request's `mobilePrefix`. */
  mobilePrefix: string;
  deviceType: 'Smartphone' | 'FeaturePhone';
  brand: string;
  model: string;
}

/** Province (as the number bank spells it), capital `[lon, lat]`, share of the population. */
export const PROVINCES: readonly { name: string; center: GeoPosition; weight: number }[] = [
  { name: 'تهران', center: [51.389, 35.6892], weight: 16 },
  { name: 'خراسان رضوی', center: [59.6062, 36.2972], weight: 8 },
  { name: 'اصفهان', center: [51.6680, 32.6539], weight: 6.5 },
  { name: 'فارس', center: [52.5311, 29.5918], weight: 6 },
  { name: 'خوزستان', center: [48.6693, 31.3183], weight: 6 },
  { name: 'آذربایجان شرقی', center: [46.2919, 38.0800], weight: 5 },
  { name: 'مازندران', center: [53.0601, 36.5659], weight: 4 },
  { name: 'البرز', center: [50.9915, 35.8400], weight: 3.5 },
  { name: 'کرمان', center: [57.0788, 30.2839], weight: 4 },
  { name: 'گیلان', center: [49.5832, 37.2808], weight: 3 },
  { name: 'کرمانشاه', center: [47.0650, 34.3142], weight: 2.5 },
  { name: 'قم', center: [50.8764, 34.6399], weight: 1.5 },
  { name: 'یزد', center: [54.3569, 31.8974], weight: 1.3 },
  { name: 'هرمزگان', center: [56.2666, 27.1832], weight: 2.2 },
  { name: 'سیستان و بلوچستان', center: [60.8629, 29.4963], weight: 3.5 },
];

const OPERATORS: readonly { operator: BtsOperator; weight: number; prefixes: string[] }[] = [
  { operator: 'MCI', weight: 50, prefixes: ['0912', '0913', '0919', '0991'] },
  { operator: 'Irancell', weight: 40, prefixes: ['0935', '0936', '0937', '0938', '0939', '0901', '0902'] },
  { operator: 'Rightel', weight: 10, prefixes: ['0920', '0921', '0922'] },
];

const DEVICES: readonly { brand: string; models: string[]; smartphone: boolean; weight: number }[] = [
  { brand: 'Samsung', models: ['Galaxy A14', 'Galaxy A54', 'Galaxy S23'], smartphone: true, weight: 35 },
  { brand: 'Xiaomi', models: ['Redmi Note 12', 'Poco X5', 'Redmi 12'], smartphone: true, weight: 30 },
  { brand: 'Apple', models: ['iPhone 11', 'iPhone 13', 'iPhone 15'], smartphone: true, weight: 12 },
  { brand: 'Huawei', models: ['Y9', 'Nova 9'], smartphone: true, weight: 8 },
  { brand: 'Nokia', models: ['105', '110'], smartphone: false, weight: 15 },
];

/** mulberry32: small, fast, and the same sequence on every platform for a seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T extends { weight: number }>(items: readonly T[], r: number): T {
  const total = items.reduce((sum, i) => sum + i.weight, 0);
  let left = r * total;
  for (const item of items) {
    left -= item.weight;
    if (left < 0) return item;
  }
  return items[items.length - 1]!;
}

/** Roughly normal (sum of three uniforms), so people crowd the city centre and thin out. */
function spread(random: () => number, degrees: number): number {
  return ((random() + random() + random()) / 3 - 0.5) * 2 * degrees;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** People made between two yields to the event loop (a few milliseconds of work). */
export const CHUNK = 10_000;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function generatePopulation(seed: number, size: number): Person[] {
  const random = seededRandom(seed);
  const people: Person[] = [];
  for (let i = 0; i < size; i++) people.push(nextPerson(random));
  return people;
}

/** The same people as `generatePopulation`, made in chunks so a large population never blocks the event loop. */
export async function generatePopulationAsync(seed: number, size: number): Promise<Person[]> {
  const random = seededRandom(seed);
  const people: Person[] = [];
  for (let i = 0; i < size; i++) {
    if (i > 0 && i % CHUNK === 0) await yieldToLoop();
    people.push(nextPerson(random));
  }
  return people;
}

function nextPerson(random: () => number): Person {
  const province = pick(PROVINCES, random());
  const home: GeoPosition = [round6(province.center[0] + spread(random, 0.25)), round6(province.center[1] + spread(random, 0.2))];
  const work: GeoPosition = [round6(province.center[0] + spread(random, 0.12)), round6(province.center[1] + spread(random, 0.1))];
  const along = random();
  const travel: GeoPosition = [round6(home[0] + (work[0] - home[0]) * along), round6(home[1] + (work[1] - home[1]) * along)];
  const operator = pick(OPERATORS, random());
  const device = pick(DEVICES, random());
  return {
    province: province.name,
    home,
    work,
    travel,
    age: 15 + Math.floor(random() * 66),
    gender: random() < 0.5 ? 'Man' : 'Woman',
    operator: operator.operator,
    mobilePrefix: operator.prefixes[Math.floor(random() * operator.prefixes.length)]!,
    deviceType: device.smartphone ? 'Smartphone' : 'FeaturePhone',
    brand: device.brand,
    model: device.models[Math.floor(random() * device.models.length)]!,
  };
}
