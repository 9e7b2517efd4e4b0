import { flag, instant, integer, nullableInteger, nullableText, listOf, text, type AnswerOf } from '../contracts/answer-schemas.js';
import type { GeoArea } from './geo-areas.js';

/**
 * Public place categories (the spec names Mosques, Cinema, Libraries, BlessedTombs, Publishers as
 * category paths; the rest are this house's choice of places a smart send is often aimed at).
 * Their fa/en titles are the client's (`places` texts).
 */
export const PLACE_CATEGORIES = [
  'Mosques', 'BlessedTombs', 'Cinema', 'Libraries', 'Publishers', 'Hospitals', 'Universities', 'Schools', 'ShoppingCenters', 'Parks', 'Stadiums', 'Museums',
] as const;
export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];

export const GEOMETRY_TYPES = ['Polygon', 'Circle', 'Rectangle'] as const;

/** The GeoArea, as JSON (its exact shape is geo-areas.ts's and checked by the service). */
const geoArea = { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: GEOMETRY_TYPES } } } as const;

const placeProperties = {
  id: integer,
  isPublic: flag,
  /** Personal places: the owner's organization and user; null on public places. */
  organizationId: nullableInteger,
  userId: nullableInteger,
  name: text,
  /** Public places: one of PLACE_CATEGORIES; null on personal places. */
  category: nullableText,
  geometryType: { type: 'string', enum: GEOMETRY_TYPES },
  coordinates: geoArea,
  parentName: nullableText,
  cityName: nullableText,
  provinceName: nullableText,
  isActive: flag,
  /** Square metres of the area (Turf), for lists and the area limit. */
  areaSquareMeters: { type: 'number' },
  createdAt: instant,
  lastModified: instant,
} as const;

export const placeAnswer = {
  type: 'object',
  required: ['id', 'isPublic', 'organizationId', 'userId', 'name', 'category', 'geometryType', 'coordinates', 'parentName', 'cityName', 'provinceName', 'isActive', 'areaSquareMeters', 'createdAt', 'lastModified'],
  properties: placeProperties,
} as const;
export const placesAnswer = listOf(placeAnswer);

/** `Map/GetSettings`: what the map needs before drawing (any signed-in user). */
export const mapSettingsAnswer = {
  type: 'object', required: ['tileUrl', 'maxAreaSquareMeters'],
  properties: {
    /** The main setting `MapTileUrl` ({z}/{x}/{y} template); empty: the map shows the shipped province boundaries. */
    tileUrl: text,
    maxAreaSquareMeters: { type: 'number' },
  },
} as const;

export type Place = Omit<AnswerOf<typeof placeAnswer>, 'coordinates'> & { coordinates: GeoArea };
export type MapSettings = AnswerOf<typeof mapSettingsAnswer>;
