import { kinks } from '@turf/kinks';
import { area as turfArea } from '@turf/area';
import { polygon } from '@turf/helpers';
import { geoAreaProblem, MAX_CIRCLE_RADIUS_METERS, type GeoArea, type GeoPosition } from '../../shared/targeting/geo-areas.js';

/**
 * The largest area one drawn shape may cover, km². A smart request is "people around this mall",
 * at most a city: Tehran's city limits are about 730 km², so 2,000 km² leaves room for a large
 * city with its edges; a whole province is chosen by `provinces`, not drawn (CONTEXT.md).
 */
export const MAX_AREA_KM2 = 2_000;
/** An area at least this large is "a big city" for the presence-window rule (under 5 minutes). */
export const BIG_AREA_KM2 = 500;
/**
 * The spec's "big provinces": the five most populous (each over four million people, 2016
 * census): Tehran, Khorasan Razavi, Isfahan, Fars, Khuzestan — spelt as the number bank spells them.
 */
export const BIG_PROVINCES: readonly string[] = ['تهران', 'خراسان رضوی', 'اصفهان', 'فارس', 'خوزستان'];

export type SmartAreaProblem = ReturnType<typeof geoAreaProblem> | 'selfIntersecting' | 'areaTooLarge';

function closed(ring: readonly GeoPosition[]): GeoPosition[] {
  const out = ring.map((p) => [p[0], p[1]] as GeoPosition);
  const first = out[0]!;
  const last = out[out.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) out.push([first[0], first[1]]);
  return out;
}

/** Square kilometres an area covers (Turf's spherical area for polygons and rectangles; π r² for a circle). */
export function areaKm2(a: GeoArea): number {
  switch (a.type) {
    case 'Circle': return (Math.PI * a.radiusMeters * a.radiusMeters) / 1e6;
    case 'Rectangle': {
      const [w, s, e, n] = a.bbox;
      return turfArea(polygon([[[w, s], [e, s], [e, n], [w, n], [w, s]]])) / 1e6;
    }
    case 'Polygon': {
      const [outline, ...holes] = a.coordinates.map(closed);
      const outer = turfArea(polygon([outline!])) / 1e6;
      return Math.max(0, outer - holes.reduce((sum, h) => sum + turfArea(polygon([h])) / 1e6, 0));
    }
  }
}

/** Null when the area may be sent to; else why not: shape (geo-areas.ts), crossing edges (Turf kinks), size. */
export function smartAreaProblem(raw: unknown): SmartAreaProblem | null {
  const shape = geoAreaProblem(raw);
  if (shape) return shape;
  const a = raw as GeoArea;
  if (a.type === 'Polygon') {
    for (const ring of a.coordinates) {
      if (kinks(polygon([closed(ring)])).features.length > 0) return 'selfIntersecting';
    }
  }
  if (areaKm2(a) > MAX_AREA_KM2) return 'areaTooLarge';
  return null;
}

/** Whether the presence window must be under 5 minutes: a big province named, or a city-sized drawn area. */
export function isBigTarget(provinces: readonly string[], areas: readonly GeoArea[]): boolean {
  const norm = (s: string) => s.replace(/ي/g, 'ی').replace(/ك/g, 'ک').replace(/\s+/g, ' ').trim();
  const big = new Set(BIG_PROVINCES.map(norm));
  return provinces.some((p) => big.has(norm(p))) || areas.some((a) => areaKm2(a) >= BIG_AREA_KM2);
}

export { MAX_CIRCLE_RADIUS_METERS };
