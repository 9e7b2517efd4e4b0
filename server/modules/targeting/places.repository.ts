import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { GeoArea } from '../../shared/targeting/geo-areas.js';

export interface PlaceRow {
  id: number;
  isPublic: boolean;
  organizationId: number | null;
  userId: number | null;
  name: string;
  category: string | null;
  geometryType: GeoArea['type'];
  coordinates: GeoArea;
  parentName: string | null;
  cityName: string | null;
  provinceName: string | null;
  isActive: boolean;
  createdAt: Date;
  lastModified: Date;
}

export type PlaceFields = Pick<PlaceRow, 'name' | 'category' | 'geometryType' | 'coordinates' | 'parentName' | 'cityName' | 'provinceName' | 'isActive'>;

/** Whose places a call sees: one user's own personal places, or the public ones. */
export type PlaceOwner = { isPublic: true } | { isPublic: false; organizationId: number; userId: number };

const COLUMNS = ['id', 'isPublic', 'organizationId', 'userId', 'name', 'category', 'geometryType', 'coordinates', 'parentName', 'cityName', 'provinceName', 'isActive', 'createdAt', 'lastModified'] as const;

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** pg and PGlite differ on integers and may answer jsonb as text: every row leaves here in one shape. */
function normalize(raw: Record<string, unknown>): PlaceRow {
  const nullableInt = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...(raw as unknown as PlaceRow),
    id: Number(raw.id),
    organizationId: nullableInt(raw.organizationId),
    userId: nullableInt(raw.userId),
    coordinates: (typeof raw.coordinates === 'string' ? JSON.parse(raw.coordinates) : raw.coordinates) as GeoArea,
    createdAt: toDate(raw.createdAt),
    lastModified: toDate(raw.lastModified),
  };
}

/** `targeting_places`: personal and public places; soft-deleted rows (`deletedAt`) are invisible here. */
@injectable()
export class PlacesRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private scoped(db: Knex | Tx, owner: PlaceOwner) {
    const q = db('targeting_places').whereNull('deletedAt').where('isPublic', owner.isPublic);
    return owner.isPublic ? q : q.where({ organizationId: owner.organizationId, userId: owner.userId });
  }

  async list(owner: PlaceOwner, filter: { category?: string; isActive?: boolean }, tx?: Tx): Promise<PlaceRow[]> {
    const q = this.scoped(tx ?? this.knex, owner).select(COLUMNS).orderBy('id', 'desc');
    if (filter.category) q.where('category', filter.category);
    if (filter.isActive !== undefined) q.where('isActive', filter.isActive);
    return ((await q) as Record<string, unknown>[]).map(normalize);
  }

  async insert(tx: Tx, owner: PlaceOwner, fields: PlaceFields): Promise<PlaceRow> {
    const [row] = await tx('targeting_places')
      .insert({
        ...fields, coordinates: JSON.stringify(fields.coordinates), isPublic: owner.isPublic,
        organizationId: owner.isPublic ? null : owner.organizationId, userId: owner.isPublic ? null : owner.userId,
      })
      .returning(COLUMNS);
    return normalize(row as Record<string, unknown>);
  }

  async update(tx: Tx, owner: PlaceOwner, id: number, fields: PlaceFields, now: Date): Promise<PlaceRow | null> {
    const [row] = await this.scoped(tx, owner).where('id', id)
      .update({ ...fields, coordinates: JSON.stringify(fields.coordinates), lastModified: now })
      .returning(COLUMNS);
    return row ? normalize(row as Record<string, unknown>) : null;
  }

  /** Soft delete; false when the place is not the owner's (or already deleted). */
  async softDelete(tx: Tx, owner: PlaceOwner, id: number, userId: number, now: Date): Promise<boolean> {
    const rows = await this.scoped(tx, owner).where('id', id).update({ deletedAt: now, deletedBy: userId, lastModified: now }).returning('id');
    return (rows as unknown[]).length > 0;
  }
}
