import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/actor.js';
import type { Page } from '../../platform/http/envelope.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';

/** A media row without its bytes (lists and checks never read the file). */
export interface MediaRow {
  id: number;
  organizationId: number;
  userId: number;
  title: string;
  fileType: string;
  contentType: string;
  fileSizePerKilobyte: number;
  sizeBytes: number;
  /** Voice only (images have none). */
  durationExact: string | null;
  durationSeconds: number | null;
  /** Images only: the pixel size read from the header. */
  width: number | null;
  height: number | null;
  token: string;
  createdAt: Date;
  deletedAt: Date | null;
}

const COLUMNS = ['m.id', 'm.organizationId', 'm.userId', 'm.title', 'm.fileType', 'm.contentType', 'm.fileSizePerKilobyte', 'm.sizeBytes', 'm.durationExact', 'm.durationSeconds', 'm.width', 'm.height', 'm.token', 'm.createdAt', 'm.deletedAt'];

/** What a list or a lookup is about: voice files (mp3, wav) or images (png, jpg). */
export type MediaKind = 'Voice' | 'Image';
export const MEDIA_FILE_TYPES: Record<MediaKind, readonly string[]> = { Voice: ['mp3', 'wav'], Image: ['png', 'jpg'] };

/** Queue statuses of a send that is over: its media may go. */
const FINISHED_SEND_STATUSES = ['Completed', 'Failed', 'Rejected'];

@injectable()
export class MediaRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private db(tx?: Tx): Knex | Tx {
    return tx ?? this.knex;
  }

  async insert(tx: Tx, values: Record<string, unknown>): Promise<MediaRow> {
    const [row] = await tx('media').insert(values).returning(COLUMNS.map((c) => c.slice(2)));
    return row as MediaRow;
  }

  /** A live media row in the tenant's slice (plain users: their own only). */
  async findVisible(tenant: Tenant, id: number, ownerUserId: number | null, tx?: Tx, kind?: MediaKind): Promise<MediaRow | null> {
    const q = this.db(tx)('media as m').where('m.id', id).whereNull('m.deletedAt');
    if (kind) q.whereIn('m.fileType', MEDIA_FILE_TYPES[kind]);
    whereOrganizationVisible(q, this.db(tx), 'm.organizationId', tenant);
    if (ownerUserId !== null) q.where('m.userId', ownerUserId);
    return ((await q.first(COLUMNS)) as MediaRow | undefined) ?? null;
  }

  async list(tenant: Tenant, ownerUserId: number | null, filter: { pageIndex: number; pageSize: number; search?: string }, kind: MediaKind = 'Voice'): Promise<Page<MediaRow>> {
    const q = this.knex('media as m').whereNull('m.deletedAt').whereIn('m.fileType', MEDIA_FILE_TYPES[kind]);
    whereOrganizationVisible(q, this.knex, 'm.organizationId', tenant);
    if (ownerUserId !== null) q.where('m.userId', ownerUserId);
    if (filter.search) q.whereILike('m.title', likeContains(filter.search));
    const [{ count }] = await q.clone().count<{ count: string }[]>({ count: '*' });
    const items = (await q.select(COLUMNS).orderBy('m.id', 'desc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize)) as MediaRow[];
    return { items, totalCount: Number(count) };
  }

  /** The bytes behind a public token, for the provider's fetch; a deleted file is gone. */
  async contentByToken(token: string): Promise<{ contentType: string; content: Buffer } | null> {
    const row = await this.knex('media').where({ token }).whereNull('deletedAt').first('contentType', 'content');
    return row ? { contentType: row.contentType as string, content: Buffer.from(row.content as Uint8Array) } : null;
  }

  async tokenOf(id: number): Promise<string | null> {
    const row = await this.knex('media').where({ id }).first('token');
    return (row?.token as string | undefined) ?? null;
  }

  /**
   * Whether a send that has not finished plays this file (messaging's `sends.voiceMediaId`): its
   * provider still has to fetch it, so it may not be deleted yet.
   */
  async usedByOpenSend(tx: Tx, id: number): Promise<boolean> {
    return Boolean(await tx('sends').where({ voiceMediaId: id }).whereNotIn('queueStatus', FINISHED_SEND_STATUSES).first('id'));
  }

  /**
   * Locks a live media row for the rest of `tx` and answers whether it is there. A send being
   * stored takes it `share`, a delete `update`: the two wait for each other, so a delete sees the
   * send that plays the file, or the send sees the file gone.
   */
  async lockLive(tx: Tx, id: number, mode: 'share' | 'update'): Promise<boolean> {
    const q = tx('media').where({ id }).whereNull('deletedAt');
    return Boolean(await (mode === 'share' ? q.forShare() : q.forUpdate()).first('id'));
  }

  async softDelete(tx: Tx, id: number, at: Date): Promise<void> {
    await tx('media').where({ id }).update({ deletedAt: at });
  }
}
