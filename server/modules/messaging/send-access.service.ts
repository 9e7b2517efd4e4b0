import { inject, injectable } from 'inversify';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/http/errors.js';
import { SendsRepository, type SendRow } from './sends.repository.js';

/** A plain user sees their own sends; administrators see their organization's (and, with subtree, below). */
export function outboxOwner(ctx: Actor): number | undefined {
  return ctx.principal.isAdmin || ctx.principal.scope === 'superAdmin' || ctx.principal.scope === 'reseller' ? undefined : ctx.principal.userId;
}

// The spec's failure code rides along, so an integrator can tell "no such send" from a missing route.
const notFoundSend = () => new AppError(404, 'messaging.ScheduledMessageNotFound', {}, [], { failureCode: 'ScheduledMessageNotFound' });

/**
 * Which send a caller may see — the outbox's rule, asked by every phase that acts on a send by id
 * (an edit or cancel before it goes out, the outbox, a resend). At the root so compose/ need not
 * import outbox/ (the phase rule in .dependency-cruiser.cjs).
 */
@injectable()
export class SendAccessService {
  constructor(@inject(SendsRepository) private readonly sends: SendsRepository) {}

  /** A send the caller may see (plain users: only their own), or the ScheduledMessageNotFound 404. */
  async visible(ctx: Actor, id: number): Promise<SendRow> {
    const send = await this.sends.findVisible(ctx.tenant, id);
    const owner = outboxOwner(ctx);
    if (!send || (owner !== undefined && send.userId !== owner)) throw notFoundSend();
    return send;
  }
}
