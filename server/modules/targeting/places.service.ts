import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import type { SettingsService } from '../../platform/settings.service.js';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import type { SchemaType } from '../../platform/http/router.js';
import type { GeoArea, GeoPosition } from '../../shared/targeting/geo-areas.js';
import { areaKm2, MAX_AREA_KM2, smartAreaProblem } from './smart-geometry.js';
import { PlacesRepository, type PlaceFields, type PlaceOwner, type PlaceRow } from './places.repository.js';
import type { createPlaceSchema, createPublicPlaceSchema } from './places.schemas.js';

/**
 * The largest area a place may cover: the smart requests' own limit (smart-geometry.ts,
 * MAX_AREA_KM2), so every saved place can be sent to as it is.
 */
export const MAX_AREA_SQUARE_METERS = MAX_AREA_KM2 * 1e6;

/** The message key of each problem (the spec's 'Please select a polygon.' when there is none). */
const PROBLEM_KEYS = {
  noArea: 'targeting.place.noPolygon',
  tooFewPoints: 'targeting.place.noPolygon',
  outOfRange: 'targeting.place.outOfRange',
  badRadius: 'targeting.place.badRadius',
  badRectangle: 'targeting.place.badRectangle',
  unknownType: 'targeting.place.noPolygon',
  selfIntersecting: 'targeting.place.selfIntersecting',
  areaTooLarge: 'targeting.place.tooLarge',
} as const;

/** Square metres on the sphere (smart-geometry.ts: Turf for polygons and rectangles, πr² for a circle). */
export const areaSquareMeters = (area: GeoArea): number => areaKm2(area) * 1e6;

/**
 * Null when the area can be stored; else the message key. The same checks as a smart request's
 * areas (smart-geometry.ts): shape, no crossing edges (@turf/kinks), at most MAX_AREA_KM2 (@turf/area).
 */
export function placeGeometryProblem(value: unknown): (typeof PROBLEM_KEYS)[keyof typeof PROBLEM_KEYS] | null {
  const problem = smartAreaProblem(value);
  return problem ? PROBLEM_KEYS[problem] : null;
}

/** Only the fields of the area's own type are kept (a body may carry leftovers of another shape). */
function cleanArea(area: GeoArea): GeoArea {
  switch (area.type) {
    case 'Circle': return { type: 'Circle', center: [area.center[0], area.center[1]], radiusMeters: area.radiusMeters };
    case 'Rectangle': return { type: 'Rectangle', bbox: [area.bbox[0], area.bbox[1], area.bbox[2], area.bbox[3]] };
    default: return { type: 'Polygon', coordinates: area.coordinates.map((ring) => ring.map((p) => [p[0], p[1]] as GeoPosition)) };
  }
}

type PlaceInput = SchemaType<typeof createPlaceSchema> & { category?: SchemaType<typeof createPublicPlaceSchema>['category'] };

const isSystemAdmin = (ctx: Actor) => ctx.principal.scope === 'superAdmin';

/**
 * Places on the map: a user's personal places (theirs alone, in the organization they drew them in)
 * and public places by category, which system administrators keep and every signed-in user reads.
 * Deleting is soft (`deletedAt`, `deletedBy`).
 */
@injectable()
export class PlacesService {
  constructor(
    @inject(PlacesRepository) private readonly repo: PlacesRepository,
    @inject(TYPES.Settings) private readonly settings: SettingsService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  private personal(ctx: Actor): PlaceOwner {
    return { isPublic: false, organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId };
  }

  private publicOwner(ctx: Actor, write: boolean): PlaceOwner {
    if (write && !isSystemAdmin(ctx)) throw forbidden('targeting.place.adminOnly');
    return { isPublic: true };
  }

  private fields(input: PlaceInput, isPublic: boolean): PlaceFields {
    const name = input.name.trim();
    if (!name) throw fieldError('name', 'targeting.place.nameRequired');
    const key = placeGeometryProblem(input.coordinates);
    if (key) throw fieldError('coordinates', key, { maxKm2: MAX_AREA_KM2.toLocaleString('en-US') });
    const coordinates = cleanArea(input.coordinates as unknown as GeoArea);
    const trimmed = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
    return {
      name, category: isPublic ? (input.category ?? null) : null, geometryType: coordinates.type, coordinates,
      parentName: trimmed(input.parentName), cityName: trimmed(input.cityName), provinceName: trimmed(input.provinceName), isActive: input.isActive ?? true,
    };
  }

  private answer(row: PlaceRow) {
    return { ...row, areaSquareMeters: Math.round(areaSquareMeters(row.coordinates)), createdAt: row.createdAt.toISOString(), lastModified: row.lastModified.toISOString() };
  }

  async mapSettings() {
    return { tileUrl: (await this.settings.get('MapTileUrl')).trim(), maxAreaSquareMeters: MAX_AREA_SQUARE_METERS };
  }

  async list(ctx: Actor, isPublic: boolean, filter: { category?: string; isActive?: boolean }) {
    const owner = isPublic ? this.publicOwner(ctx, false) : this.personal(ctx);
    return (await this.repo.list(owner, filter)).map((r) => this.answer(r));
  }

  async create(ctx: Actor, isPublic: boolean, input: PlaceInput) {
    const owner = isPublic ? this.publicOwner(ctx, true) : this.personal(ctx);
    const fields = this.fields(input, isPublic);
    return this.answer(await this.uow.run((tx) => this.repo.insert(tx, owner, fields)));
  }

  async update(ctx: Actor, isPublic: boolean, input: PlaceInput & { id: number }) {
    const owner = isPublic ? this.publicOwner(ctx, true) : this.personal(ctx);
    const fields = this.fields(input, isPublic);
    const row = await this.uow.run((tx) => this.repo.update(tx, owner, input.id, fields, this.clock.now()));
    if (!row) throw notFound('targeting.place.notFound');
    return this.answer(row);
  }

  async delete(ctx: Actor, isPublic: boolean, id: number): Promise<null> {
    const owner = isPublic ? this.publicOwner(ctx, true) : this.personal(ctx);
    const done = await this.uow.run((tx) => this.repo.softDelete(tx, owner, id, ctx.principal.userId, this.clock.now()));
    if (!done) throw notFound('targeting.place.notFound');
    return null;
  }
}
