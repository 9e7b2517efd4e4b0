import { useEffect, useRef } from 'react';
import L from 'leaflet';
// leaflet-draw reads the global `L` Leaflet's UMD build sets; its strict-mode bug is fixed at bundle time (client/vite-plugins/leaflet-draw-strict.ts).
import 'leaflet-draw';
import type { GeoArea } from '../../../../server/shared/targeting/geo-areas';
import { useTranslation } from 'react-i18next';
import { layerToGeoArea } from './geo-convert';
import { MAP_NS } from './map.i18n';

/** leaflet-draw's texts (a global, L.drawLocal) in the panel's language, set before each toolbar is made. */
export function localizeDraw(t: (key: string) => string): void {
  const d = L.drawLocal;
  const k = (key: string) => t(`draw.${key}`);
  d.draw.toolbar.actions = { title: k('cancelTitle'), text: k('cancel') };
  d.draw.toolbar.finish = { title: k('finishTitle'), text: k('finish') };
  d.draw.toolbar.undo = { title: k('undoTitle'), text: k('undo') };
  Object.assign(d.draw.toolbar.buttons, { polygon: k('polygon'), rectangle: k('rectangle'), circle: k('circle') });
  d.draw.handlers.circle = { tooltip: { start: k('circleStart') }, radius: k('radius') };
  d.draw.handlers.rectangle = { tooltip: { start: k('rectangleStart') } };
  d.draw.handlers.simpleshape = { tooltip: { end: k('release') } };
  d.draw.handlers.polygon = { tooltip: { start: k('polygonStart'), cont: k('polygonCont'), end: k('polygonEnd') } };
  d.draw.handlers.polyline.error = k('crossError');
  d.edit.toolbar.actions = { save: { title: k('saveTitle'), text: k('save') }, cancel: { title: k('cancelTitle'), text: k('cancel') }, clearAll: { title: k('clearAllTitle'), text: k('clearAll') } };
  d.edit.toolbar.buttons = { edit: k('edit'), editDisabled: k('editDisabled'), remove: k('remove'), removeDisabled: k('removeDisabled') };
  d.edit.handlers.edit = { tooltip: { text: k('editText'), subtext: k('editSubtext') } };
  d.edit.handlers.remove = { tooltip: { text: k('removeText') } };
}

export interface DrawOptions {
  /** Shape colour of drawn areas. */
  color: string;
  /** At most this many areas: drawing one more replaces the oldest (a place is one area). */
  maxAreas?: number;
}

/**
 * The one leaflet-draw hook: a draw toolbar (polygon, circle, rectangle) and edit/delete of the
 * shapes in `group`. After every change the group's shapes are handed to `onChange` as GeoAreas,
 * so the rest of the app never sees a Leaflet layer. Polygons may not cross themselves (the server
 * refuses them too, with Turf).
 */
export function useLeafletDraw(map: L.Map | null, group: L.FeatureGroup | null, enabled: boolean, options: DrawOptions, onChange: (areas: GeoArea[]) => void): void {
  const { t, i18n } = useTranslation(MAP_NS);
  const changed = useRef(onChange);
  changed.current = onChange;
  const { color, maxAreas } = options;

  useEffect(() => {
    if (!map || !group || !enabled) return undefined;
    localizeDraw(t);
    const shape = { color, weight: 2 };
    const control = new L.Control.Draw({
      position: 'topleft',
      draw: {
        polygon: { allowIntersection: false, showArea: true, shapeOptions: shape },
        rectangle: { showArea: true, shapeOptions: shape },
        circle: { shapeOptions: shape },
        polyline: false, marker: false, circlemarker: false,
      },
      edit: { featureGroup: group, remove: true },
    });
    map.addControl(control);
    const emit = () => changed.current(group.getLayers().map(layerToGeoArea).filter((a): a is GeoArea => a !== null));
    const created = (e: L.LeafletEvent) => {
      const layers = group.getLayers();
      if (maxAreas && layers.length >= maxAreas) layers.slice(0, layers.length - maxAreas + 1).forEach((l) => group.removeLayer(l));
      group.addLayer((e as L.DrawEvents.Created).layer);
      emit();
    };
    map.on(L.Draw.Event.CREATED, created);
    map.on(L.Draw.Event.EDITED, emit);
    map.on(L.Draw.Event.DELETED, emit);
    return () => {
      map.off(L.Draw.Event.CREATED, created);
      map.off(L.Draw.Event.EDITED, emit);
      map.off(L.Draw.Event.DELETED, emit);
      map.removeControl(control);
    };
  }, [map, group, enabled, color, maxAreas, t, i18n.language]);
}
