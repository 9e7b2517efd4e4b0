import { inject, injectable } from 'inversify';
import type { Actor, Channel } from '../../platform/actor.js';
import { OrganizationsService } from '../organizations/index.js';
import { UsersRepository } from './users.repository.js';
import { principalOf } from './principal.js';

export type ActorResult = { actor: Actor } | { missing: 'user' | 'organization' };

export interface ActorTrace {
  /** The id audit rows carry: the job's own (`periodic:12:3`), as a request id is for the panel. */
  requestId: string;
  userAgent?: string;
}

/**
 * Actors for work done on a user's behalf without a session: a periodic occurrence today, API
 * tokens and SMPP binds next. The principal is built from the same sources as a signed-in one
 * (role, role templates up the chain, modules bought), so every rule a service applies to the
 * panel's caller applies here too; only the session fields are empty.
 */
@injectable()
export class ActorFactory {
  constructor(
    @inject(UsersRepository) private readonly users: UsersRepository,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
  ) {}

  /**
   * The user acting in `organizationId` (their own organization, or one below it when they are an
   * administrator there), or which of the two is gone.
   */
  async forUser(userId: number, organizationId: number, channel: Channel, trace: ActorTrace): Promise<ActorResult> {
    const row = await this.users.findAuthority(userId);
    if (!row || row.deletedAt) return { missing: 'user' };
    const principal = principalOf(row, { sessionId: '', impersonatorUserId: null, changePasswordRequired: false, refreshDue: false });
    const scope = principal.scope;
    const org = organizationId === row.organizationId ? { id: row.organizationId, path: row._orgPath } : await this.organizations.findById(organizationId);
    // Out of reach counts as gone: the actor never works outside what the same user could sign in to.
    if (!org || !org.path.startsWith(row._orgPath) || (org.id !== row.organizationId && scope === 'user')) return { missing: 'organization' };
    return {
      actor: {
        principal,
        tenant: { organizationId: org.id, path: org.path, subtree: scope !== 'user' },
        channel,
        requestId: trace.requestId,
        ip: '',
        userAgent: trace.userAgent ?? '',
        culture: 'fa',
      },
    };
  }
}
