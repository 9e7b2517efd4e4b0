import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import { likeContains } from '../../platform/http/search.js';
import type { ContactOwnFields, ContactSearch, CreateType, CustomFieldValue } from '../../shared/contacts/contact-fields.js';

export interface ContactRow extends ContactOwnFields {
  id: number;
  phonebookId: number;
  createType: CreateType;
  /** Custom field values by field id. */
  fields: Record<string, CustomFieldValue>;
  createdAt: Date;
  lastModified: Date;
}

export type ContactValues = Omit<ContactRow, 'id' | 'createdAt' | 'lastModified'>;

/** A contact as an export writes it. */
export type ExportRow = Omit<ContactRow, 'phonebookId' | 'createdAt' | 'lastModified'>;

/** A condition on one custom field's value (the service turns the typed filter into one of these). */
export type FieldCondition =
  | { kind: 'contains'; fieldId: number; text: string }
  | { kind: 'equals'; fieldId: number; value: boolean | number }
  /** A Datetime field's value on this Tehran calendar day (YYYY-MM-DD). */
  | { kind: 'day'; fieldId: number; day: string };

/** Which contacts of one phonebook: by id, and/or by search, group and one field. */
export interface ContactFilter {
  phonebookId: number;
  ids?: number[];
  search?: ContactSearch;
  phonebookGroup?: string;
  field?: FieldCondition;
}

/** Custom field ids of one organization mapped to another's (by English name and type); null = same organization. */
export type FieldMap = Record<string, string> | null;

const COLUMNS = ['cellphone', 'firstName', 'lastName', 'email', 'job', 'birthdate', 'telephone', 'address', 'phonebookGroup', 'createType'] as const;

// The date as text on both drivers (pg is told to keep dates as strings; PGlite would make a Date at UTC midnight).
const SELECT = ['c.id', 'c.phonebookId', 'c.cellphone', 'c.firstName', 'c.lastName', 'c.email', 'c.job', 'c.telephone', 'c.address', 'c.phonebookGroup',
  'c.createType', 'c.fields', 'c.createdAt', 'c.lastModified'];

/** The columns a send streams (`batchAfter`). */
const STREAM_SELECT = ['c.id', 'c.cellphone', 'c.firstName', 'c.lastName', 'c.email', 'c.job', 'c.telephone', 'c.address', 'c.phonebookGroup', 'c.fields'];
export type StreamedRow = Omit<ContactRow, 'phonebookId' | 'createType' | 'createdAt' | 'lastModified'>;

/**
 * The instant a Tehran calendar day starts, written as `Date.toISOString()` writes it (how Datetime
 * values are stored), so a day is a text range over the stored values. The database's time-zone
 * data knows the daylight saving Iran kept until 2022 (PGlite too).
 */
const ISO_OF_TEHRAN_DAY = (dateSql: string) =>
  `to_char((${dateSql})::timestamp at time zone 'Asia/Tehran' at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function toRow(r: Record<string, unknown>): ContactRow {
  return { ...(r as unknown as ContactRow), id: Number(r.id), fields: (r.fields ?? {}) as ContactRow['fields'] };
}

@injectable()
export class ContactsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private select(db: Knex | Tx): Knex.QueryBuilder {
    return db('contacts as c').select(SELECT).select(db.raw(`to_char(c.birthdate, 'YYYY-MM-DD') as birthdate`));
  }

  private where(q: Knex.QueryBuilder, f: ContactFilter): Knex.QueryBuilder {
    q.where('c.phonebookId', f.phonebookId);
    if (f.ids) q.whereIn('c.id', f.ids);
    if (f.search?.kind === 'number') {
      if (f.search.exact) q.where('c.cellphone', f.search.exact);
      else q.where('c.cellphone', 'like', likeContains(f.search.digits));
    } else if (f.search?.kind === 'name') {
      q.whereRaw(`concat_ws(' ', c."firstName", c."lastName") ilike ?`, [likeContains(f.search.text)]);
    }
    if (f.phonebookGroup !== undefined) q.where('c.phonebookGroup', f.phonebookGroup);
    const field = f.field;
    if (field) {
      const key = String(field.fieldId);
      if (field.kind === 'contains') q.whereRaw('c.fields->>? ilike ?', [key, likeContains(field.text)]);
      else if (field.kind === 'equals') q.whereRaw('c.fields->? = ?::jsonb', [key, JSON.stringify(field.value)]);
      else q.whereRaw(`c.fields->>? >= ${ISO_OF_TEHRAN_DAY('?::date')} and c.fields->>? < ${ISO_OF_TEHRAN_DAY('(?::date + 1)')}`, [key, field.day, key, field.day]);
    }
    return q;
  }

  /** The ids a bulk act works on: a subquery, so a million matches never travel through the server. */
  private selection(db: Knex | Tx, f: ContactFilter): Knex.QueryBuilder {
    return this.where(db('contacts as c').select('c.id'), f);
  }

  /** The jsonb of a row's custom values in the target phonebook: as is, or re-keyed through `map` (unmapped values dropped). */
  private fieldsSql(alias: string, map: FieldMap): { sql: string; bindings: string[] } {
    if (map === null) return { sql: `${alias}.fields`, bindings: [] };
    return {
      sql: `coalesce((select jsonb_object_agg(m.value, e.value) from jsonb_each(${alias}.fields) e join jsonb_each_text(?::jsonb) m on m.key = e.key), '{}'::jsonb)`,
      bindings: [JSON.stringify(map)],
    };
  }

  /** Inserts unless the phonebook already has the cellphone; null then. */
  async insert(tx: Tx, values: ContactValues): Promise<ContactRow | null> {
    const [row] = await tx('contacts').insert({ ...values, fields: JSON.stringify(values.fields) })
      .onConflict(['phonebookId', 'cellphone']).ignore().returning('id');
    return row ? this.find(Number((row as { id: unknown }).id), tx) : null;
  }

  /** Inserts each of these rows the phonebook does not have yet, in one statement; the cellphones really inserted. */
  async insertMissing(tx: Tx, rows: ContactValues[]): Promise<string[]> {
    const inserted: string[] = [];
    for (let i = 0; i < rows.length; i += 2_000) {
      const chunk = rows.slice(i, i + 2_000).map((v) => ({ ...v, fields: JSON.stringify(v.fields) }));
      const out = await tx('contacts').insert(chunk).onConflict(['phonebookId', 'cellphone']).ignore().returning('cellphone');
      for (const r of out as { cellphone: string }[]) inserted.push(r.cellphone);
    }
    return inserted;
  }

  async update(tx: Tx, id: number, patch: Partial<ContactValues>, now: Date): Promise<ContactRow> {
    const values: Record<string, unknown> = { ...patch, lastModified: now };
    if (patch.fields) values.fields = JSON.stringify(patch.fields);
    await tx('contacts').where({ id }).update(values);
    return (await this.find(id, tx))!;
  }

  async find(id: number, tx?: Tx): Promise<ContactRow | null> {
    const row = await this.select(tx ?? this.knex).where('c.id', id).first();
    return row ? toRow(row) : null;
  }

  /** Which of these (phonebook, cellphone) pairs exist: `phonebookId:cellphone` keys (inbound text parsers). */
  async holding(tx: Tx, phonebookIds: number[], cellphones: string[]): Promise<Set<string>> {
    if (phonebookIds.length === 0 || cellphones.length === 0) return new Set();
    const rows = await tx('contacts').select('phonebookId', 'cellphone').whereIn('phonebookId', phonebookIds).whereIn('cellphone', cellphones);
    return new Set((rows as { phonebookId: unknown; cellphone: string }[]).map((r) => `${Number(r.phonebookId)}:${r.cellphone}`));
  }

  /**
   * The contacts of an organization's phonebooks with one of these cellphones, the preferred
   * phonebook's first, then the oldest: what a reply template reads of a sender.
   */
  async ofOrganizationByCellphone(tx: Tx, organizationId: number, cellphones: string[], preferPhonebookId: number | null): Promise<StreamedRow[]> {
    if (cellphones.length === 0) return [];
    if (cellphones.length > 2_000) {
      const out: StreamedRow[] = [];
      for (let i = 0; i < cellphones.length; i += 2_000) out.push(...await this.ofOrganizationByCellphone(tx, organizationId, cellphones.slice(i, i + 2_000), preferPhonebookId));
      return out;
    }
    const q = tx('contacts as c').join('phonebooks as p', 'p.id', 'c.phonebookId').select(STREAM_SELECT)
      .select(tx.raw(`to_char(c.birthdate, 'YYYY-MM-DD') as birthdate`))
      .where('p.organizationId', organizationId).whereIn('c.cellphone', cellphones)
      .orderByRaw('case when c."phonebookId" = ? then 0 else 1 end, c.id', [preferPhonebookId ?? 0]);
    return ((await q) as Record<string, unknown>[]).map((r) => ({ ...(r as unknown as StreamedRow), id: Number(r.id), fields: (r.fields ?? {}) as StreamedRow['fields'] }));
  }

  /** Another contact of the phonebook with this cellphone (the unique index's lookup). */
  async findByCellphone(tx: Tx, phonebookId: number, cellphone: string): Promise<{ id: number } | null> {
    const row = await tx('contacts').select('id').where({ phonebookId, cellphone }).first();
    return row ? { id: Number(row.id) } : null;
  }

  async count(f: ContactFilter, tx?: Tx): Promise<number> {
    const row = await this.where((tx ?? this.knex)('contacts as c'), f).count<{ n: string | number }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  /**
   * A page in id order: after `afterId` (keyset, the index (phonebookId, id) walks straight to it)
   * or by offset for the panel's numbered pages.
   */
  async page(f: ContactFilter, paging: { pageIndex: number; pageSize: number; afterId?: number }): Promise<ContactRow[]> {
    const q = this.where(this.select(this.knex), f).orderBy('c.id').limit(paging.pageSize);
    if (paging.afterId !== undefined) q.where('c.id', '>', paging.afterId);
    else q.offset(paging.pageIndex * paging.pageSize);
    return (await q).map(toRow);
  }

  /**
   * The next page of a selection in id order for an export: the exported columns only (no
   * timestamps to parse), keyset on the (phonebookId, id) index.
   */
  async exportPage(f: ContactFilter, afterId: number, limit: number): Promise<ExportRow[]> {
    const q = this.where(this.knex('contacts as c'), f)
      .select(['c.id', 'c.cellphone', 'c.firstName', 'c.lastName', 'c.email', 'c.job', 'c.telephone', 'c.address', 'c.phonebookGroup', 'c.createType', 'c.fields'])
      .select(this.knex.raw(`to_char(c.birthdate, 'YYYY-MM-DD') as birthdate`))
      .where('c.id', '>', afterId).orderBy('c.id').limit(limit);
    return (await q).map((r: Record<string, unknown>) => ({ ...(r as unknown as ExportRow), id: Number(r.id), fields: (r.fields ?? {}) as ExportRow['fields'] }));
  }

  /** The next batch of a phonebook in id order, for streaming it to a send. */
  async batchAfter(phonebookId: number, afterId: number, limit: number, tx?: Tx): Promise<StreamedRow[]> {
    // Only what a send reads: the timestamps alone were two Date objects a contact, a large share
    // of a 500,000-contact dynamic send's parsing and garbage (bench:dynamic).
    const db = tx ?? this.knex;
    const q = db('contacts as c').select(STREAM_SELECT).select(db.raw(`to_char(c.birthdate, 'YYYY-MM-DD') as birthdate`))
      .where('c.phonebookId', phonebookId).where('c.id', '>', afterId).orderBy('c.id').limit(limit);
    const rows = (await q) as Record<string, unknown>[];
    // In place: one object a contact, not two (a send streams up to a million).
    for (const r of rows) {
      r.id = Number(r.id);
      r.fields ??= {};
    }
    return rows as unknown as StreamedRow[];
  }

  async deleteWhere(tx: Tx, f: ContactFilter): Promise<number> {
    const result = await tx.raw('with gone as (delete from contacts where id in ? returning 1) select count(*)::int as n from gone', [this.selection(tx, f)]);
    return countOf(result);
  }

  /**
   * Moves the chosen contacts to `targetId` (same rows, same ids) unless the target already has
   * their cellphone: those stay where they are. Answers how many moved.
   */
  async moveWhere(tx: Tx, f: ContactFilter, targetId: number, map: FieldMap, now: Date): Promise<number> {
    const fields = this.fieldsSql('m', map);
    const result = await tx.raw(
      `with moved as (update contacts as m set "phonebookId" = ?, fields = ${fields.sql}, "lastModified" = ? `
      + 'where m.id in ? and not exists (select 1 from contacts t where t."phonebookId" = ? and t.cellphone = m.cellphone) returning 1) '
      + 'select count(*)::int as n from moved',
      [targetId, ...fields.bindings, now, this.selection(tx, f), targetId],
    );
    return countOf(result);
  }

  /** Copies the chosen contacts into `targetId` (new ids, in id order); cellphones the target has are skipped. */
  async copyWhere(tx: Tx, f: ContactFilter, targetId: number, map: FieldMap, now: Date): Promise<number> {
    const fields = this.fieldsSql('s', map);
    const cols = COLUMNS.map((c) => `"${c}"`).join(', ');
    const from = COLUMNS.map((c) => `s."${c}"`).join(', ');
    const result = await tx.raw(
      `with added as (insert into contacts ("phonebookId", ${cols}, fields, "createdAt", "lastModified") `
      + `select ?, ${from}, ${fields.sql}, ?, ? from contacts s where s.id in ? order by s.id `
      + 'on conflict ("phonebookId", cellphone) do nothing returning 1) select count(*)::int as n from added',
      [targetId, ...fields.bindings, now, now, this.selection(tx, f)],
    );
    return countOf(result);
  }
}

/** `select count(*)::int as n` as both drivers answer a raw query. */
function countOf(result: unknown): number {
  const rows = (result as { rows?: { n: number | string }[] }).rows ?? (result as { n: number | string }[]);
  return Number(rows[0]?.n ?? 0);
}
