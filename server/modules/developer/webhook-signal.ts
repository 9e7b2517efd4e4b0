import { injectable } from 'inversify';

/**
 * In-process wake-up of the delivery worker: new deliveries committed, an inbound message stored.
 * Only a hint: the worker also polls, so a wake-up lost (another process inserted) costs a delay.
 */
@injectable()
export class WebhookSignal {
  private readonly handlers = new Set<() => void>();

  wake(): void {
    for (const h of this.handlers) h();
  }

  subscribe(handler: () => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
}
