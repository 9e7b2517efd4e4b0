import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import { affectedRows } from '../../platform/db.js';
import type { Tx } from '../../platform/unit-of-work.js';

export interface NotificationRow {
  id: number;
  userId: number;
  organizationId: number;
  kind: string;
  title: string;
  body: string;
  importance: string;
  isRead: boolean;
  createdAt: Date;
}

const COLUMNS = ['id', 'kind', 'title', 'body', 'importance', 'isRead', 'createdAt'];

@injectable()
export class NotificationsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async insert(tx: Tx, row: Omit<NotificationRow, 'id' | 'isRead' | 'createdAt'>): Promise<NotificationRow> {
    const [created] = await tx('notifications').insert(row).returning('*');
    return { ...created, id: Number(created.id) } as NotificationRow;
  }

  async latest(userId: number, limit: number): Promise<{ items: Record<string, unknown>[]; unreadCount: number }> {
    const items = await this.knex('notifications').where({ userId }).orderBy('id', 'desc').limit(limit).select(COLUMNS);
    const [{ n }] = await this.knex('notifications').where({ userId, isRead: false }).count<{ n: string }[]>({ n: '*' });
    return { items: items.map((r) => ({ ...r, id: Number(r.id) })), unreadCount: Number(n) };
  }

  async markRead(tx: Tx, userId: number, ids: number[] | 'all'): Promise<number> {
    const q = tx('notifications').where({ userId, isRead: false });
    if (ids !== 'all') q.whereIn('id', ids);
    return affectedRows(await q.update({ isRead: true, readAt: tx.fn.now() }));
  }
}
