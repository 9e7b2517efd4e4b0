/**
 * Areas drawn on the smart-request map and the small plane/sphere math to test a point against
 * them. Coordinates are GeoJSON positions in WGS84: `[longitude, latitude]` in degrees, never the
 * other way round (Leaflet's `LatLng` is latitude first; the client converts at the edge).
 *
 * Kept dependency-free on purpose: the checks a BTS plugin and the targeting module need are ray
 * casting and a great-circle distance, both a few lines; a geometry library can replace this file
 * behind the same functions if area sizes or self-intersection need more.
 */

/** `[longitude, latitude]`, degrees, WGS84 (GeoJSON order). */
export type GeoPosition = [number, number];

/**
 * One drawn area. `Polygon` is a GeoJSON Polygon geometry (first ring the outline, further rings
 * holes; rings closed or not, at least 3 distinct points). GeoJSON has no circle, so a circle is its
 * centre and radius in metres (what leaflet-draw gives). A rectangle is a GeoJSON `bbox`:
 * `[west, south, east, north]`.
 */
export type GeoArea =
  | { type: 'Polygon'; coordinates: GeoPosition[][] }
  | { type: 'Circle'; center: GeoPosition; radiusMeters: number }
  | { type: 'Rectangle'; bbox: [number, number, number, number] };

/** Why an area is refused; the caller words it (the spec's 'Please select a polygon.' for `noArea`). */
export type GeoAreaProblem = 'noArea' | 'tooFewPoints' | 'outOfRange' | 'badRadius' | 'badRectangle' | 'unknownType';

const EARTH_RADIUS_METERS = 6_371_008.8;
/** A circle larger than this is no neighbourhood any more: a send of a whole province uses provinces. */
export const MAX_CIRCLE_RADIUS_METERS = 200_000;

const toRadians = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine; under 0.5 % off the ellipsoid, fine for a radius). */
export function haversineMeters(a: GeoPosition, b: GeoPosition): number {
  const dLat = toRadians(b[1] - a[1]);
  const dLon = toRadians(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a[1])) * Math.cos(toRadians(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

function isPosition(value: unknown): value is GeoPosition {
  return Array.isArray(value) && value.length >= 2 && Number.isFinite(value[0]) && Number.isFinite(value[1])
    && Math.abs(value[0] as number) <= 180 && Math.abs(value[1] as number) <= 90;
}

/**
 * Ray casting on the plane of longitude/latitude: fine for city-sized areas that do not cross the
 * antimeridian (Iran is far from it). A point exactly on an edge may fall either way.
 */
export function pointInRing(point: GeoPosition, ring: readonly GeoPosition[]): boolean {
  const [x, y] = point;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function pointInArea(point: GeoPosition, area: GeoArea): boolean {
  switch (area.type) {
    case 'Polygon': {
      const [outline, ...holes] = area.coordinates;
      if (!outline || !pointInRing(point, outline)) return false;
      return !holes.some((hole) => pointInRing(point, hole));
    }
    case 'Circle':
      return haversineMeters(area.center, point) <= area.radiusMeters;
    case 'Rectangle': {
      const [west, south, east, north] = area.bbox;
      return point[0] >= west && point[0] <= east && point[1] >= south && point[1] <= north;
    }
    default:
      return false;
  }
}

/** Distinct points of a ring, the closing repeat of the first one not counted. */
function distinctPoints(ring: readonly GeoPosition[]): number {
  return new Set(ring.map((p) => `${p[0]},${p[1]}`)).size;
}

/** Null when the area can be used; else why not. Checks shape and ranges, not self-intersection. */
export function geoAreaProblem(area: unknown): GeoAreaProblem | null {
  if (typeof area !== 'object' || area === null) return 'unknownType';
  const a = area as Record<string, unknown>;
  switch (a.type) {
    case 'Polygon': {
      const rings = a.coordinates;
      if (!Array.isArray(rings) || rings.length === 0) return 'tooFewPoints';
      for (const ring of rings) {
        if (!Array.isArray(ring)) return 'tooFewPoints';
        if (!ring.every(isPosition)) return 'outOfRange';
        if (distinctPoints(ring) < 3) return 'tooFewPoints';
      }
      return null;
    }
    case 'Circle': {
      if (!isPosition(a.center)) return 'outOfRange';
      const r = a.radiusMeters;
      return typeof r === 'number' && Number.isFinite(r) && r > 0 && r <= MAX_CIRCLE_RADIUS_METERS ? null : 'badRadius';
    }
    case 'Rectangle': {
      const b = a.bbox;
      if (!Array.isArray(b) || b.length !== 4 || !isPosition([b[0], b[1]]) || !isPosition([b[2], b[3]])) return 'outOfRange';
      return (b[0] as number) < (b[2] as number) && (b[1] as number) < (b[3] as number) ? null : 'badRectangle';
    }
    default:
      return 'unknownType';
  }
}

/** The first problem of a list of areas (an empty list is `noArea`), with the index of the area. */
export function geoAreasProblem(areas: unknown): { index: number | null; problem: GeoAreaProblem } | null {
  if (!Array.isArray(areas) || areas.length === 0) return { index: null, problem: 'noArea' };
  for (let i = 0; i < areas.length; i++) {
    const problem = geoAreaProblem(areas[i]);
    if (problem) return { index: i, problem };
  }
  return null;
}
