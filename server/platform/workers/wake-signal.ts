/**
 * In-process wake-up of a claiming worker: rows it should look at were committed in this process.
 * Only a hint: the worker also polls, so a wake-up lost (another process inserted) costs a delay,
 * never a row. Each worker binds its own subclass so the container keeps them apart.
 */
export class WakeSignal {
  private readonly handlers = new Set<() => void>();

  wake(): void {
    for (const h of this.handlers) h();
  }

  subscribe(handler: () => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
}
