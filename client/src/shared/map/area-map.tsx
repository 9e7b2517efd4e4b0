import { useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet-draw/dist/leaflet.draw.css';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useApp } from '../app/app-context';
import { endpoint } from '../api/endpoint';
import type { GeoArea, GeoPosition } from '../../../../server/shared/targeting/geo-areas';
import type { MapSettings } from '../../../../server/shared/targeting/places.answers';
import { boundsOf, geoAreaToLayer } from './geo-convert';
import { useLeafletDraw } from './use-leaflet-draw';
import { MAP_NS } from './map.i18n';

// Marker images come from the bundle (the machine may be offline; Leaflet would guess a path from its CSS).
L.Icon.Default.mergeOptions({ iconUrl: markerIcon, iconRetinaUrl: markerIcon2x, shadowUrl: markerShadow });

export const mapApi = { settings: endpoint.get<MapSettings>('/Map/GetSettings') };

/** Iran as a whole: the view before any area is drawn. */
const IRAN_CENTER: L.LatLngExpression = [32.4, 53.7];
const IRAN_ZOOM = 5;
const DRAWN_COLOR = '#0369a1';
const OVERLAY_COLOR = '#7c3aed';

interface ProvinceFeature { properties: { id: string; name: string; nameFa: string } }

/** The shipped province boundaries (client/public/geo/NOTICE.md), fetched once per page load. */
function useProvinces(enabled: boolean) {
  return useSWR(enabled ? 'geo-iran-provinces' : null, async () => {
    const res = await fetch('/geo/iran-provinces.geojson');
    if (!res.ok) throw new Error(`provinces ${res.status}`);
    return (await res.json()) as GeoJSON.FeatureCollection;
  }, { revalidateOnFocus: false, revalidateIfStale: false });
}

export interface MapOverlay { area: GeoArea; label: string }
export interface MapPoint { position: GeoPosition; label: string }

export interface AreaMapProps {
  /** The areas drawn (editable when `onAreasChange` is given). */
  areas: GeoArea[];
  onAreasChange?: (areas: GeoArea[]) => void;
  /** At most this many drawn areas (a place is one). */
  maxAreas?: number;
  /** Read-only shapes shown beside the drawn ones (saved places). */
  overlays?: MapOverlay[];
  /** Read-only points (locations an operator reported). */
  points?: MapPoint[];
  height?: string;
  testId?: string;
}

/**
 * The panel's map: Leaflet with the tile URL of the main setting `MapTileUrl`, or, with none, the
 * shipped province boundaries. Always LTR inside the RTL page (Leaflet's controls and coordinates
 * assume it). Areas enter and leave as GeoAreas; the drawing is `useLeafletDraw`'s.
 */
export function AreaMap({ areas, onAreasChange, maxAreas, overlays = [], points = [], height = '24rem', testId = 'area-map' }: AreaMapProps) {
  const { api } = useApp();
  const { t, i18n } = useTranslation(MAP_NS);
  const box = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [drawn, setDrawn] = useState<L.FeatureGroup | null>(null);
  const { data: settings } = useSWR('map-settings', () => mapApi.settings(api), { revalidateOnFocus: false });
  const tileUrl = settings?.tileUrl ?? '';
  const { data: provinces } = useProvinces(!!settings && !tileUrl);
  const persian = i18n.language.startsWith('fa');

  useEffect(() => {
    if (!box.current) return undefined;
    const m = L.map(box.current, { center: IRAN_CENTER, zoom: IRAN_ZOOM, zoomSnap: 0.5 });
    const group = L.featureGroup().addTo(m);
    setMap(m);
    setDrawn(group);
    return () => { m.remove(); setMap(null); setDrawn(null); };
  }, []);

  // Base layer: tiles when the setting names them, else the province outlines with their names.
  useEffect(() => {
    if (!map) return undefined;
    let base: L.Layer | null = null;
    if (tileUrl) base = L.tileLayer(tileUrl, { maxZoom: 19 });
    else if (provinces) {
      base = L.geoJSON(provinces, {
        style: { color: '#64748b', weight: 1, fillColor: '#e2e8f0', fillOpacity: 0.35 },
        onEachFeature: (f, layer) => {
          const p = (f as unknown as ProvinceFeature).properties;
          layer.bindTooltip(persian ? p.nameFa : p.name, { sticky: true });
        },
      });
      map.attributionControl.addAttribution(t('boundaries'));
    }
    if (!base) return undefined;
    base.addTo(map);
    if (base instanceof L.GeoJSON) base.bringToBack();
    return () => { base?.remove(); map.attributionControl.removeAttribution(t('boundaries')); };
  }, [map, tileUrl, provinces, persian, t]);

  // The drawn areas follow the prop (a loaded place, a picked one, a cleared form); leaflet-draw edits
  // them in place. Areas that came from outside (not the user's last drawing) are brought into view.
  const areasKey = JSON.stringify(areas);
  const emitted = useRef('[]');
  useEffect(() => {
    if (!map || !drawn) return;
    drawn.clearLayers();
    for (const area of areas) drawn.addLayer(geoAreaToLayer(area, { color: DRAWN_COLOR, weight: 2 }));
    const b = boundsOf(areas);
    if (b && areasKey !== emitted.current) map.fitBounds(b, { maxZoom: 15, padding: [20, 20] });
    emitted.current = areasKey;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, drawn, areasKey]);

  const overlaysKey = JSON.stringify(overlays) + JSON.stringify(points);
  useEffect(() => {
    if (!map) return undefined;
    const layer = L.layerGroup().addTo(map);
    for (const o of overlays) geoAreaToLayer(o.area, { color: OVERLAY_COLOR, weight: 1.5, dashArray: '4 4', fillOpacity: 0.1 }).bindTooltip(o.label).addTo(layer);
    for (const p of points) L.circleMarker([p.position[1], p.position[0]], { radius: 4, color: '#dc2626', weight: 1, fillOpacity: 0.8 }).bindTooltip(p.label).addTo(layer);
    return () => { layer.remove(); };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, overlaysKey]);

  const onChange = useMemo(() => (next: GeoArea[]) => { emitted.current = JSON.stringify(next); onAreasChange?.(next); }, [onAreasChange]);
  useLeafletDraw(map, drawn, !!onAreasChange, { color: DRAWN_COLOR, maxAreas }, onChange);

  return (
    <div className="relative">
      {/* The map stays LTR in the RTL page: Leaflet's controls and panes are laid out for it. */}
      <div ref={box} dir="ltr" role="region" aria-label={t('label')} data-testid={testId} data-areas={areas.length}
        data-base={tileUrl ? 'tiles' : provinces ? 'provinces' : 'loading'}
        className="z-0 w-full rounded border border-slate-300 dark:border-slate-600" style={{ height }} />
      {onAreasChange && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t('drawHint')}</p>}
    </div>
  );
}
