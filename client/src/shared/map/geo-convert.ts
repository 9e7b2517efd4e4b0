import L from 'leaflet';
import type { GeoArea, GeoPosition } from '../../../../server/shared/targeting/geo-areas';

/**
 * Leaflet ↔ the house GeoArea (server/shared/targeting/geo-areas.ts). Leaflet is latitude first;
 * GeoArea is GeoJSON, longitude first: this file is the one place the order flips.
 */
const position = (ll: L.LatLng): GeoPosition => [round(ll.lng), round(ll.lat)];
/** 7 decimals ≈ 1 cm: what a drawn vertex means, without float noise in stored JSON. */
const round = (v: number) => Math.round(v * 1e7) / 1e7;

function closedRing(latLngs: L.LatLng[]): GeoPosition[] {
  const ring = latLngs.map(position);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return ring;
}

/** The area a drawn layer covers, or null for a layer that is no area (a marker, a line). */
export function layerToGeoArea(layer: L.Layer): GeoArea | null {
  if (layer instanceof L.Circle) return { type: 'Circle', center: position(layer.getLatLng()), radiusMeters: Math.round(layer.getRadius() * 10) / 10 };
  // Rectangle extends Polygon: asked first.
  if (layer instanceof L.Rectangle) {
    const b = layer.getBounds();
    return { type: 'Rectangle', bbox: [round(b.getWest()), round(b.getSouth()), round(b.getEast()), round(b.getNorth())] };
  }
  if (layer instanceof L.Polygon) {
    const latLngs = layer.getLatLngs() as L.LatLng[][] | L.LatLng[][][];
    // A drawn polygon is one ring list; a multi-polygon (never drawn here) keeps its first part.
    const rings = (Array.isArray(latLngs[0]) && Array.isArray((latLngs[0] as unknown[])[0]) ? (latLngs as L.LatLng[][][])[0]! : latLngs as L.LatLng[][]);
    return { type: 'Polygon', coordinates: rings.map(closedRing) };
  }
  return null;
}

/** A Leaflet layer drawing the area (editable by leaflet-draw when put into its feature group). */
export function geoAreaToLayer(area: GeoArea, style?: L.PathOptions): L.Path {
  switch (area.type) {
    case 'Circle':
      return L.circle([area.center[1], area.center[0]], { ...style, radius: area.radiusMeters });
    case 'Rectangle': {
      const [w, s, e, n] = area.bbox;
      return L.rectangle([[s, w], [n, e]], style);
    }
    default: {
      // Leaflet closes rings itself: the repeated first point is dropped so editing shows no twin vertex.
      const rings = area.coordinates.map((ring) => {
        const open = ring.length > 1 && ring[0]![0] === ring[ring.length - 1]![0] && ring[0]![1] === ring[ring.length - 1]![1] ? ring.slice(0, -1) : ring;
        return open.map(([lng, lat]) => L.latLng(lat, lng));
      });
      return L.polygon(rings, style);
    }
  }
}

/** The bounds of every area, for fitting the map to them (null: none). */
export function boundsOf(areas: GeoArea[]): L.LatLngBounds | null {
  let bounds: L.LatLngBounds | null = null;
  for (const area of areas) {
    // A circle's bounds need a map (its radius is projected): its centre with the radius in degrees is close enough to fit.
    const b = area.type === 'Circle'
      ? L.latLng(area.center[1], area.center[0]).toBounds(area.radiusMeters * 2)
      : (geoAreaToLayer(area) as L.Polygon).getBounds();
    bounds = bounds ? bounds.extend(b) : L.latLngBounds(b.getSouthWest(), b.getNorthEast());
  }
  return bounds;
}
