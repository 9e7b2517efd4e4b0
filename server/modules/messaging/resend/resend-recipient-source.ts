import { inject, injectable } from 'inversify';
import type { Actor } from '../../../platform/actor.js';
import type { GatheredRecipients, RecipientSource, RecipientSourceInput } from '../compose/recipient-sources.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { ResendRepository } from './resend.repository.js';

type ResendInput = Extract<RecipientSourceInput, { kind: 'resend' }>;

/**
 * The receivers of send `sendId` whose current delivery status is one of `deliveryStatuses` (a
 * manual resend from the outbox, or an automatic resend rule): already normalized and distinct in
 * their send, so they are the new send's whole list. The original must be one the actor may see in
 * the outbox (the same 404 otherwise); the blacklist is applied again by compose as for any send.
 */
@injectable()
export class ResendRecipientSource implements RecipientSource<ResendInput> {
  readonly kind = 'resend';
  readonly field = 'deliveryStatuses';
  constructor(
    @inject(OutboxService) private readonly outbox: OutboxService,
    @inject(ResendRepository) private readonly repo: ResendRepository,
  ) {}

  async collect(actor: Actor, input: ResendInput): Promise<GatheredRecipients> {
    const original = await this.outbox.visible(actor, input.sendId);
    const archived = original.archivedAt !== null && original.archivedAt !== undefined;
    const items = await this.repo.receiversWithStatuses(original.id, input.deliveryStatuses, archived);
    return { items, wrongNumberCount: 0, duplicateCount: 0, invalidSamples: [], size: items.length };
  }
}
