import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import { escapeLike } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';
import type { PhonebookViewer } from './phonebook-access.js';

export interface PhonebookRow {
  id: number;
  organizationId: number;
  userId: number;
  title: string;
  isPublic: boolean;
  isShowNumber: boolean;
  contactsCount: number;
  whiteMessageId: number | null;
  deviceConnectionPort: number | null;
  isSendMessageAfterAddFromDevice: boolean;
  createdAt: Date;
  lastModified: Date;
}

/** A phonebook with what the access rules and the lists need of its organization and owner. */
export interface PhonebookView extends PhonebookRow {
  organizationPath: string;
  organizationName: string;
  userName: string | null;
}

export type NewPhonebook = Pick<PhonebookRow, 'organizationId' | 'userId' | 'title' | 'isPublic' | 'isShowNumber'>;

/** The limits of an organization that this module enforces. */
export interface OrganizationLimits {
  id: number;
  maxPhonebook: number | null;
  maxCustomFiled: number | null;
}

export interface PhonebookListFilter {
  pageIndex: number;
  pageSize: number;
  search?: string;
}

const VIEW_COLUMNS = ['p.*', 'o.path as organizationPath', 'o.name as organizationName', 'u.userName as userName'];

@injectable()
export class PhonebooksRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private db(tx?: Tx): Knex | Tx { return tx ?? this.knex; }

  /** Phonebooks of live organizations, with the owner's name. */
  private view(db: Knex | Tx): Knex.QueryBuilder {
    return db('phonebooks as p')
      .join('organizations as o', 'o.id', 'p.organizationId')
      .leftJoin('users as u', 'u.id', 'p.userId')
      .whereNull('o.deletedAt');
  }

  /** The rows `phonebookAccess` calls visible, as SQL (the two must agree; the api tests hold them together). */
  private whereVisible(q: Knex.QueryBuilder, v: PhonebookViewer, manageableOnly: boolean): Knex.QueryBuilder {
    const inSlice = (w: Knex.QueryBuilder) => (v.tenant.subtree
      ? w.where('o.path', 'like', `${escapeLike(v.tenant.path)}%`)
      : w.where('p.organizationId', v.tenant.organizationId));
    return q.where((any) => {
      any.where((mine) => {
        inSlice(mine);
        if (v.manager) return;
        mine.where((who) => {
          who.where('p.userId', v.userId);
          if (manageableOnly) return;
          who.orWhere('p.isPublic', true);
          if (v.canSeePrivateContacts) who.orWhere('p.isPublic', false);
        });
      });
      if (!manageableOnly && v.parentOrganizationIds.size > 0) {
        any.orWhere((parents) => parents.whereIn('p.organizationId', [...v.parentOrganizationIds]).andWhere('p.isPublic', true));
      }
    });
  }

  /**
   * The live organizations on a path (`/1/4/9/`) with their isCanSeePublicParentPhonebook flag:
   * what `reachableParents` walks.
   */
  async pathFlags(path: string, tx?: Tx): Promise<Map<number, boolean>> {
    const ids = path.split('/').filter(Boolean).map(Number);
    if (ids.length === 0) return new Map();
    const rows = await this.db(tx)('organizations').select('id', 'isCanSeePublicParentPhonebook').whereIn('id', ids).whereNull('deletedAt') as { id: number; isCanSeePublicParentPhonebook: boolean }[];
    return new Map(rows.map((r) => [r.id, r.isCanSeePublicParentPhonebook]));
  }

  /**
   * The organization's limits, its row locked: creations of phonebooks and custom fields in one
   * organization queue behind each other, so a limit is never passed by two at once.
   */
  async lockOrganizationLimits(tx: Tx, organizationId: number): Promise<OrganizationLimits | null> {
    const row = await tx('organizations').select('id', 'maxPhonebook', 'maxCustomFiled').where({ id: organizationId }).whereNull('deletedAt').forUpdate().first();
    return (row as OrganizationLimits | undefined) ?? null;
  }

  async organizationLimits(organizationId: number): Promise<OrganizationLimits | null> {
    const row = await this.knex('organizations').select('id', 'maxPhonebook', 'maxCustomFiled').where({ id: organizationId }).first();
    return (row as OrganizationLimits | undefined) ?? null;
  }

  /**
   * The organization's maximumPhoneNumber (null or 0: no limit). When it has one, its row is
   * locked, after the phonebooks the caller already holds: adds to one organization's phonebooks
   * then queue behind each other, so two of them never pass the limit together.
   */
  async lockPhoneNumberLimit(tx: Tx, organizationId: number): Promise<number | null> {
    const row = await tx('organizations').select('maximumPhoneNumber').where({ id: organizationId }).first() as { maximumPhoneNumber: number | null } | undefined;
    const limit = row?.maximumPhoneNumber ? Number(row.maximumPhoneNumber) : null;
    if (limit) await tx('organizations').select('id').where({ id: organizationId }).forUpdate();
    return limit;
  }

  /** The contacts held in all the organization's phonebooks (their exact contactsCount). */
  async contactsInOrganization(organizationId: number, tx?: Tx): Promise<number> {
    const row = await this.db(tx)('phonebooks').where({ organizationId }).sum<{ n: string | number | null }[]>({ n: 'contactsCount' }).first();
    return Number(row?.n ?? 0);
  }

  async countInOrganization(organizationId: number, tx?: Tx): Promise<number> {
    const row = await this.db(tx)('phonebooks').where({ organizationId }).count<{ n: string | number }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async insert(tx: Tx, row: NewPhonebook): Promise<PhonebookRow> {
    const [created] = await tx('phonebooks').insert(row).returning('*');
    return created as PhonebookRow;
  }

  async update(tx: Tx, id: number, patch: Partial<PhonebookRow>): Promise<PhonebookRow> {
    const [row] = await tx('phonebooks').where({ id }).update(patch).returning('*');
    return row as PhonebookRow;
  }

  async delete(tx: Tx, id: number): Promise<void> {
    await tx('phonebooks').where({ id }).delete();
  }

  /** One phonebook of a live organization, or null; `lock` takes its row for a change of it or its contacts. */
  async find(id: number, tx?: Tx, lock = false): Promise<PhonebookView | null> {
    const q = this.view(this.db(tx)).select(VIEW_COLUMNS).where('p.id', id);
    if (lock) q.forUpdate('p');
    return ((await q.first()) as PhonebookView | undefined) ?? null;
  }

  /**
   * Locks phonebook rows in id order (two movers between the same pair never deadlock). Every
   * change of a phonebook's contacts holds its row, so its count and its cellphones stay exact.
   */
  async lock(tx: Tx, ids: number[]): Promise<void> {
    await tx('phonebooks').select('id').whereIn('id', ids).orderBy('id').forUpdate();
  }

  async addToCount(tx: Tx, id: number, delta: number, now: Date): Promise<void> {
    if (delta === 0) return;
    await tx('phonebooks').where({ id }).update({ contactsCount: tx.raw('"contactsCount" + ?', [delta]), lastModified: now });
  }

  async list(v: PhonebookViewer, f: PhonebookListFilter): Promise<{ items: PhonebookView[]; totalCount: number }> {
    const q = this.whereVisible(this.view(this.knex), v, false);
    if (f.search) q.where('p.title', 'ilike', likeContains(f.search));
    const [count, items] = await Promise.all([
      q.clone().count<{ n: string | number }[]>({ n: '*' }).first(),
      q.clone().select(VIEW_COLUMNS).orderBy('p.id', 'desc').offset(f.pageIndex * f.pageSize).limit(f.pageSize),
    ]);
    return { items: items as PhonebookView[], totalCount: Number(count?.n ?? 0) };
  }

  /** A select list by title (bounded): every visible phonebook, or only those the viewer may change. */
  async selectList(v: PhonebookViewer, manageableOnly: boolean, limit: number): Promise<PhonebookView[]> {
    const q = this.whereVisible(this.view(this.knex), v, manageableOnly);
    return await q.select(VIEW_COLUMNS).orderBy('p.title').orderBy('p.id').limit(limit) as PhonebookView[];
  }
}
