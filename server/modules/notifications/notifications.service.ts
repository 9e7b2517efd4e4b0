import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { afterCommit, UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import type { Realtime } from '../../platform/realtime.js';
import { NotificationsRepository } from './notifications.repository.js';

export interface NewNotification {
  userId: number;
  organizationId: number;
  kind: string;
  title: string;
  body: string;
  importance?: 'low' | 'normal' | 'high';
}

/**
 * Panel notifications: stored per user, listed by the client's 26-second poll, and pushed over
 * socket.io the moment the transaction that raised them commits.
 */
@injectable()
export class NotificationsService {
  constructor(
    @inject(NotificationsRepository) private readonly repo: NotificationsRepository,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Realtime) private readonly realtime: Realtime,
  ) {}

  /** Raised inside the caller's transaction; the push waits for its commit. */
  async notify(tx: Tx, input: NewNotification): Promise<void> {
    const row = await this.repo.insert(tx, { ...input, importance: input.importance ?? 'normal' });
    afterCommit(tx, () => this.realtime.emitToUser(input.userId, 'notification', { id: row.id, kind: row.kind, title: row.title, body: row.body }));
  }

  latest(ctx: Actor, limit: number) {
    return this.repo.latest(ctx.principal.userId, limit);
  }

  async markRead(ctx: Actor, ids: number[] | 'all'): Promise<{ marked: number }> {
    const marked = await this.uow.run((tx) => this.repo.markRead(tx, ctx.principal.userId, ids));
    return { marked };
  }
}
