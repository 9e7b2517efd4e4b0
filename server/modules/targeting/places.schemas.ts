import { NAME_FORMAT } from '../../platform/http/validation.js';
import { GEOMETRY_TYPES, PLACE_CATEGORIES } from '../../shared/targeting/places.answers.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
// Required texts have no minLength: an empty one is answered with the module's own message, on its field.
const nameText = (max: number) => ({ type: 'string', maxLength: max, format: NAME_FORMAT }) as const;
const optionalName = (max: number) => ({ type: ['string', 'null'], maxLength: max, format: NAME_FORMAT, default: null }) as const;

/**
 * The drawn area: only its type is checked here; its exact shape (rings, ranges, radius), self-
 * intersection and size are the service's (geo-areas.ts + Turf), answered on `coordinates` with the
 * module's messages. Bounded so a huge body is refused before it is parsed into rings.
 */
const coordinates = {
  type: 'object', required: ['type'], additionalProperties: false,
  properties: {
    type: { type: 'string', enum: GEOMETRY_TYPES },
    coordinates: { type: 'array', maxItems: 20, items: { type: 'array', maxItems: 5_000, items: { type: 'array', maxItems: 3, items: { type: 'number' } } } },
    center: { type: 'array', maxItems: 2, items: { type: 'number' } },
    radiusMeters: { type: 'number' },
    bbox: { type: 'array', maxItems: 4, items: { type: 'number' } },
  },
} as const;

const personalFields = {
  name: nameText(200),
  coordinates,
  parentName: optionalName(200),
  cityName: optionalName(100),
  provinceName: optionalName(100),
  isActive: { type: 'boolean', default: true },
} as const;

export const createPlaceSchema = { type: 'object', additionalProperties: false, required: ['name', 'coordinates'], properties: personalFields } as const;
export const updatePlaceSchema = { type: 'object', additionalProperties: false, required: ['id', 'name', 'coordinates'], properties: { id, ...personalFields } } as const;

const category = { type: 'string', enum: PLACE_CATEGORIES } as const;
export const createPublicPlaceSchema = {
  type: 'object', additionalProperties: false, required: ['name', 'category', 'coordinates'], properties: { ...personalFields, category },
} as const;
export const updatePublicPlaceSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'name', 'category', 'coordinates'], properties: { id, ...personalFields, category },
} as const;

export const placesQuery = { type: 'object', additionalProperties: false, properties: { isActive: { type: 'boolean' } } } as const;
export const publicPlacesQuery = { type: 'object', additionalProperties: false, properties: { category } } as const;
