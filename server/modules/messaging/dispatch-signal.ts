import { injectable } from 'inversify';

/** Wakes the scheduler at once when a send becomes due (created, confirmed), instead of waiting for its next tick. */
@injectable()
export class DispatchSignal {
  private waiter: (() => void) | null = null;
  private pending = false;

  wake(): void {
    this.pending = true;
    const w = this.waiter;
    this.waiter = null;
    w?.();
  }

  /** Resolves on the next wake() or after `ms`, whichever is first. */
  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => { this.waiter = null; resolve(); }, ms);
      timer.unref?.();
      this.waiter = () => { clearTimeout(timer); this.pending = false; resolve(); };
    });
  }
}
