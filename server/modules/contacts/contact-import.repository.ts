import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { from as copyFrom } from 'pg-copy-streams';
import { TYPES } from '../../platform/tokens.js';
import type { DatabaseKind } from '../../platform/db.js';
import { affectedRows } from '../../platform/db.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { StoredFile, ImportFormat, CsvEncoding, CsvDelimiter } from './contact-import.sheet.js';
import { CONTACT_COLUMNS, type ColumnMapping, type ContactColumn, type RejectedRow } from './contact-import.rows.js';
import { PHONEBOOK_FILE_STATUS_VALUES } from '../../shared/contacts/contact-import.answers.js';

/** The spec's phonebook file progress statuses (values borrowed from the queue and smart-club sets: the spec lists none). */
export const PHONEBOOK_FILE_STATUSES = PHONEBOOK_FILE_STATUS_VALUES;
export type PhonebookFileStatus = (typeof PHONEBOOK_FILE_STATUSES)[number];

export interface PhonebookFileRow {
  id: number;
  organizationId: number;
  phonebookId: number;
  userId: number;
  fileName: string;
  status: PhonebookFileStatus;
  format: ImportFormat;
  encoding: CsvEncoding | null;
  delimiter: CsvDelimiter | null;
  sizeBytes: number;
  columnCount: number;
  preview: { rows: string[][] } | null;
  mapping: ColumnMapping | null;
  hasHeaderRow: boolean;
  updateExisting: boolean;
  totalCount: number | null;
  progressPercent: number;
  processedCount: number;
  addedCount: number;
  updatedCount: number;
  duplicateCount: number;
  existingCount: number;
  rejectedCount: number;
  failedReason: string | null;
  failedParams: Record<string, unknown> | null;
  rejectedToken: string;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  lastModified: Date;
  /** The phonebook's title (joined). */
  phonebookName: string;
}

export type { RejectedRow } from './contact-import.rows.js';

/** A batch of contacts written as the database loads them (contact-import.batches.ts `batchPayload`). */
export interface ContactsPayload {
  count: number;
  payload: string;
}

/** What one committed batch adds to an import's counters. */
export interface BatchCounts {
  processed: number;
  added: number;
  updated: number;
  duplicate: number;
  existing: number;
  rejected: number;
}

/** Bytes per stored piece of an upload. */
export const CHUNK_BYTES = 1024 * 1024;

const COUNTERS = ['processedCount', 'addedCount', 'updatedCount', 'duplicateCount', 'existingCount', 'rejectedCount'] as const;

// The contact's own columns in the batch table and the jsonb rows, in this order.
const BATCH_COLUMNS = CONTACT_COLUMNS;

function toRow(r: Record<string, unknown>): PhonebookFileRow {
  return { ...(r as unknown as PhonebookFileRow), sizeBytes: Number(r.sizeBytes) };
}

function bytesOf(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  const u8 = value as Uint8Array;
  return Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);
}

function countsOf(result: unknown): { inserted: number; updated: number } {
  const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[]);
  return { inserted: Number(rows[0]?.inserted ?? 0), updated: Number(rows[0]?.updated ?? 0) };
}

/**
 * Imports of contacts: the phonebook file rows, the stored upload (pieces), the rejected rows, and
 * the batch insert of contacts (COPY into a transaction-local table on PostgreSQL, one jsonb
 * statement on the embedded database), deduplicated against the phonebook by its unique index.
 */
@injectable()
export class ContactImportRepository {
  constructor(
    @inject(TYPES.Knex) private readonly knex: Knex,
    @inject(TYPES.DatabaseKind) private readonly kind: DatabaseKind,
  ) {}

  private db(tx?: Tx): Knex | Tx { return tx ?? this.knex; }

  /** How a batch of contacts is handed to `insertContacts`: COPY text on PostgreSQL, a jsonb array on the embedded database (no COPY from a client there). */
  get payloadKind(): 'copy' | 'json' { return this.kind === 'postgres' ? 'copy' : 'json'; }

  private view(db: Knex | Tx): Knex.QueryBuilder {
    return db('phonebook_files as f').join('phonebooks as p', 'p.id', 'f.phonebookId').select('f.*', 'p.title as phonebookName');
  }

  async insert(row: Pick<PhonebookFileRow, 'organizationId' | 'phonebookId' | 'userId' | 'fileName' | 'rejectedToken'>, now: Date): Promise<number> {
    const [created] = await this.knex('phonebook_files')
      .insert({ ...row, status: 'Stored', format: 'csv', createdAt: now, lastModified: now }).returning('id');
    return Number((created as { id: unknown }).id);
  }

  async appendChunk(fileId: number, seq: number, data: Buffer): Promise<void> {
    await this.knex('phonebook_file_chunks').insert({ fileId, seq, data });
  }

  async deleteChunks(fileId: number, tx?: Tx): Promise<void> {
    await this.db(tx)('phonebook_file_chunks').where({ fileId }).delete();
  }

  /** The stored upload, read a piece at a time (one indexed query per megabyte). */
  storedFile(fileId: number, size: number): StoredFile {
    const knex = this.knex;
    const pieces = async (first: number, last: number): Promise<Buffer[]> => {
      const rows = await knex('phonebook_file_chunks').select('seq', 'data').where({ fileId }).whereBetween('seq', [first, last]).orderBy('seq') as { seq: number; data: unknown }[];
      return rows.map((r) => bytesOf(r.data));
    };
    return {
      size,
      async *stream(offset: number, length: number): AsyncGenerator<Buffer> {
        const end = Math.min(size, offset + length);
        for (let seq = Math.floor(offset / CHUNK_BYTES); seq * CHUNK_BYTES < end; seq++) {
          const [piece] = await pieces(seq, seq);
          if (!piece) throw new Error(`phonebook file ${fileId}: piece ${seq} is missing`);
          const from = Math.max(0, offset - seq * CHUNK_BYTES);
          const to = Math.min(piece.length, end - seq * CHUNK_BYTES);
          yield from === 0 && to === piece.length ? piece : piece.subarray(from, to);
        }
      },
      async read(offset: number, length: number): Promise<Buffer> {
        const end = Math.min(size, offset + length);
        if (end <= offset) return Buffer.alloc(0);
        const first = Math.floor(offset / CHUNK_BYTES);
        const all = Buffer.concat(await pieces(first, Math.floor((end - 1) / CHUNK_BYTES)));
        return all.subarray(offset - first * CHUNK_BYTES, end - first * CHUNK_BYTES);
      },
    };
  }

  async find(id: number, tx?: Tx): Promise<PhonebookFileRow | null> {
    const row = await this.view(this.db(tx)).where('f.id', id).first();
    return row ? toRow(row) : null;
  }

  async findByToken(token: string): Promise<PhonebookFileRow | null> {
    const row = await this.view(this.knex).where('f.rejectedToken', token).first();
    return row ? toRow(row) : null;
  }

  /** The import's row locked for a change (a batch commit, a start, a delete). */
  async lock(tx: Tx, id: number): Promise<PhonebookFileRow | null> {
    const row = await this.view(tx).where('f.id', id).forUpdate('f').first();
    return row ? toRow(row) : null;
  }

  async list(phonebookId: number, paging: { pageIndex: number; pageSize: number }): Promise<{ items: PhonebookFileRow[]; totalCount: number }> {
    const q = this.knex('phonebook_files').where({ phonebookId });
    const [count, items] = await Promise.all([
      q.clone().count<{ n: string | number }[]>({ n: '*' }).first(),
      this.view(this.knex).where('f.phonebookId', phonebookId).orderBy('f.id', 'desc').offset(paging.pageIndex * paging.pageSize).limit(paging.pageSize),
    ]);
    return { items: items.map(toRow), totalCount: Number(count?.n ?? 0) };
  }

  async update(id: number, patch: Partial<Omit<PhonebookFileRow, 'preview' | 'mapping' | 'failedParams'>> & { preview?: unknown; mapping?: unknown; failedParams?: unknown }, tx?: Tx): Promise<void> {
    const values: Record<string, unknown> = { ...patch };
    for (const json of ['preview', 'mapping', 'failedParams'] as const) if (patch[json] !== undefined) values[json] = patch[json] === null ? null : JSON.stringify(patch[json]);
    await this.db(tx)('phonebook_files').where({ id }).update(values);
  }

  /** Moves an import from one status to another only if it is still in `from` (answers whether it moved). */
  async setStatusIf(id: number, from: readonly PhonebookFileStatus[], patch: Record<string, unknown>, tx?: Tx): Promise<boolean> {
    const n = await this.db(tx)('phonebook_files').where({ id }).whereIn('status', from as PhonebookFileStatus[]).update(patch);
    return affectedRows(n) > 0;
  }

  async delete(tx: Tx, id: number): Promise<void> {
    await tx('phonebook_files').where({ id }).delete();
  }

  async addCounts(tx: Tx, id: number, counts: BatchCounts, patch: Record<string, unknown>): Promise<void> {
    const values: Record<string, unknown> = { ...patch };
    const deltas = [counts.processed, counts.added, counts.updated, counts.duplicate, counts.existing, counts.rejected];
    COUNTERS.forEach((c, i) => { if (deltas[i] !== 0) values[c] = tx.raw(`"${c}" + ?`, [deltas[i]]); });
    await tx('phonebook_files').where({ id }).update(values);
  }

  /**
   * The batch's commit does not wait for its WAL flush. Safe here: the batch's contacts, the
   * phonebook's count and the import's processedCount are one transaction, so a crash can only
   * lose whole batches, and the resumed import reads them again from processedCount.
   */
  async commitWithoutFlushWait(tx: Tx): Promise<void> {
    await tx.raw('set local synchronous_commit = off');
  }

  async insertRejects(tx: Tx, fileId: number, rows: RejectedRow[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.raw(
      `insert into phonebook_file_rejects ("fileId", "rowNumber", reasons, cells)
       select ?, (e->>0)::int, e->1, e->2 from jsonb_array_elements(?::jsonb) e
       on conflict ("fileId", "rowNumber") do nothing`,
      [fileId, JSON.stringify(rows.map((r) => [r.rowNumber, r.reasons, r.cells]))],
    );
  }

  /** The next rejected rows in row order, for writing the file (keyset, so a large file streams). */
  async rejectsAfter(fileId: number, afterRow: number, limit: number): Promise<RejectedRow[]> {
    return await this.knex('phonebook_file_rejects').select('rowNumber', 'reasons', 'cells')
      .where({ fileId }).where('rowNumber', '>', afterRow).orderBy('rowNumber').limit(limit) as RejectedRow[];
  }

  /** Waiting or Extracting imports untouched since `before`: their job was lost with a process. */
  async stuck(before: Date, limit: number): Promise<number[]> {
    const rows = await this.knex('phonebook_files').select('id').whereIn('status', ['Waiting', 'Extracting']).where('lastModified', '<', before).orderBy('id').limit(limit);
    return rows.map((r: { id: number }) => r.id);
  }

  /** Uploads never started (mapping screen left) older than `before`: they and their bytes go. */
  async deleteStaleStored(before: Date): Promise<number> {
    return affectedRows(await this.knex('phonebook_files').where('status', 'Stored').where('lastModified', '<', before).delete());
  }

  /**
   * Stores a batch of contacts in the phonebook: new cellphones are added; a cellphone the
   * phonebook has is skipped or, with `update`, gets the mapped columns that are not empty in the
   * row and its custom values merged in. Answers how many were added and updated.
   */
  async insertContacts(tx: Tx, phonebookId: number, batch: ContactsPayload, update: { columns: ContactColumn[] } | null, now: Date): Promise<{ inserted: number; updated: number }> {
    if (batch.count === 0) return { inserted: 0, updated: 0 };
    const cols = BATCH_COLUMNS.map((c) => `"${c}"`).join(', ');
    const conflict = update
      ? `on conflict ("phonebookId", cellphone) do update set ${[
        ...update.columns.filter((c) => c !== 'cellphone').map((c) => `"${c}" = coalesce(excluded."${c}", contacts."${c}")`),
        'fields = contacts.fields || excluded.fields', '"lastModified" = excluded."lastModified"',
      ].join(', ')}`
      : 'on conflict ("phonebookId", cellphone) do nothing';
    const counted = (source: string) => `with done as (insert into contacts ("phonebookId", ${cols}, "createType", fields, "createdAt", "lastModified") ${source} ${conflict} returning (xmax = 0) as added)
      select count(*) filter (where added)::int as inserted, count(*) filter (where not added)::int as updated from done`;
    if (this.kind === 'postgres') {
      await tx.raw(`create temp table if not exists contact_import_batch (seq int, cellphone text, "firstName" text, "lastName" text, email text, job text,
        birthdate date, telephone text, address text, "phonebookGroup" text, fields jsonb) on commit delete rows`);
      const connection = await (tx as unknown as { client: { acquireConnection(): Promise<{ query(stream: unknown): NodeJS.WritableStream }> } }).client.acquireConnection();
      const copy = connection.query(copyFrom(`COPY contact_import_batch (seq, ${cols}, fields) FROM STDIN`));
      await pipeline(Readable.from([batch.payload]), copy as unknown as NodeJS.WritableStream);
      return countsOf(await tx.raw(counted(`select ?, ${cols}, 'Import', fields, ?, ? from contact_import_batch order by seq`), [phonebookId, now, now]));
    }
    const select = BATCH_COLUMNS.map((c, i) => (c === 'birthdate' ? `(e->>${i})::date` : `e->>${i}`)).join(', ');
    return countsOf(await tx.raw(counted(`select ?, ${select}, 'Import', e->${BATCH_COLUMNS.length}, ?, ? from jsonb_array_elements(?::jsonb) with ordinality as x(e, n) order by n`),
      [phonebookId, now, now, batch.payload]));
  }
}
