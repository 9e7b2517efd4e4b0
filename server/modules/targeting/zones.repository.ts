import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import { pgIntArray } from '../../platform/pg-arrays.js';

/** ZoneType in the spec's order; the stored code is the index. */
export const ZONE_TYPES = ['Country', 'Province', 'City', 'Area'] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];

export interface ZoneRow {
  id: number;
  zoneType: number;
  parentId: number | null;
  name: string;
  mciCount: number;
  mtnCount: number;
  rightelCount: number;
  otherCount: number;
  lastModified: Date;
}

/** The one root every province hangs from (the bank is Iran's). */
export const COUNTRY_NAME = 'Iran';

const REACHABLE = 'not n."isBlackList" and not n."isBlackListLocal"';
const COUNTS = `count(*) filter (where n."mobileOperator" = 1)::int as mci, count(*) filter (where n."mobileOperator" = 2)::int as mtn,
  count(*) filter (where n."mobileOperator" = 3)::int as rightel, count(*) filter (where n."mobileOperator" = 4)::int as other`;

@injectable()
export class ZonesRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async all(): Promise<ZoneRow[]> {
    return this.knex('targeting_zones').select('*').orderBy([{ column: 'zoneType' }, { column: 'name' }, { column: 'id' }]);
  }

  /** The zones under `parentId` (null: the roots), by the (coalesce(parentId, 0), name) index. */
  async children(parentId: number | null): Promise<ZoneRow[]> {
    return this.knex('targeting_zones').whereRaw('coalesce("parentId", 0) = ?', [parentId ?? 0]).orderBy('name').select('*');
  }

  async find(ids: readonly number[]): Promise<ZoneRow[]> {
    if (ids.length === 0) return [];
    return this.knex('targeting_zones').whereIn('id', ids).select('*');
  }

  /** The zone of this name under `parentId`, created when new (a concurrent creator's row is found, not duplicated). */
  async ensure(zoneType: number, parentId: number | null, name: string): Promise<number> {
    // One round trip: the new row's id, or (on conflict) the existing one's.
    const rows = (await this.knex.raw(
      `with ins as (insert into targeting_zones ("zoneType", "parentId", name) values (?, ?, ?) on conflict (coalesce("parentId", 0), name) do nothing returning id)
       select id from ins union all select id from targeting_zones where coalesce("parentId", 0) = ? and name = ? limit 1`,
      [zoneType, parentId, name, parentId ?? 0, name],
    )).rows as { id: number }[];
    if (rows.length > 0) return rows[0].id;
    // Inserted by a concurrent import after this statement's snapshot: visible to the next one.
    const row = await this.knex('targeting_zones').where({ name }).andWhereRaw('coalesce("parentId", 0) = ?', [parentId ?? 0]).first('id');
    return row.id as number;
  }

  async markStale(tx: Tx, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx.raw('insert into targeting_stale_zones ("zoneId") select distinct unnest(?::int[]) on conflict do nothing', [pgIntArray([...ids])]);
  }

  /**
   * Recounts every stale zone from the bank and clears the stale set, in the caller's transaction:
   * areas, cities and provinces each by their own index, the country as the sum of its provinces.
   * The stale rows are locked first, so two recounts never interleave.
   */
  async recountStale(tx: Tx, now: Date): Promise<number> {
    const stale = (await tx.raw('select z.id, z."zoneType" from targeting_stale_zones s join targeting_zones z on z.id = s."zoneId" for update of s')).rows as { id: number; zoneType: number }[];
    if (stale.length === 0) return 0;
    const byType = (t: number) => stale.filter((s) => s.zoneType === t).map((s) => s.id);
    const column: Record<number, string> = { 1: 'provinceId', 2: 'cityId', 3: 'areaId' };
    for (const type of [3, 2, 1]) {
      const ids = byType(type);
      if (ids.length === 0) continue;
      await tx.raw(
        `update targeting_zones z set "mciCount" = coalesce(c.mci, 0), "mtnCount" = coalesce(c.mtn, 0), "rightelCount" = coalesce(c.rightel, 0),
           "otherCount" = coalesce(c.other, 0), "lastModified" = ?
         from unnest(?::int[]) as s(id)
         left join (select n."${column[type]}" as id, ${COUNTS} from targeting_numbers n
                    where n."${column[type]}" = any(?::int[]) and ${REACHABLE} group by n."${column[type]}") c on c.id = s.id
         where z.id = s.id`,
        [now, pgIntArray(ids), pgIntArray(ids)],
      );
    }
    // The country (and any zone of type 0) is the sum of its provinces.
    await tx.raw(
      `update targeting_zones z set "mciCount" = c.mci, "mtnCount" = c.mtn, "rightelCount" = c.rightel, "otherCount" = c.other, "lastModified" = ?
       from (select r.id, coalesce(sum(p."mciCount"), 0)::int as mci, coalesce(sum(p."mtnCount"), 0)::int as mtn,
               coalesce(sum(p."rightelCount"), 0)::int as rightel, coalesce(sum(p."otherCount"), 0)::int as other
             from targeting_zones r left join targeting_zones p on p."parentId" = r.id where r."zoneType" = 0 group by r.id) c
       where z.id = c.id`,
      [now],
    );
    await tx.raw('delete from targeting_stale_zones where "zoneId" = any(?::int[])', [pgIntArray(stale.map((s) => s.id))]);
    return stale.length;
  }
}
