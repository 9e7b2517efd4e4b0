import type { Container } from 'inversify';
import type { MessageCatalogue } from './i18n.js';
import type { Controller } from './http/router.js';
import type { ScheduledJob } from './scheduler.js';

/**
 * What a module gives the composition root: its bindings, its messages, its controllers and an
 * optional start step (seeding, workers) and its scheduled jobs. Nothing of it runs at import time.
 */
export interface PeykModule {
  name: string;
  messages?: MessageCatalogue;
  register(container: Container): void;
  controllers?(container: Container): Controller[];
  onStart?(container: Container): Promise<void>;
  /**
   * Recurring jobs (sweeps). Asked once, after every onStart, and only in processes that run
   * workers (role all or worker); the composition root's scheduler runs them until stop.
   */
  jobs?(container: Container): ScheduledJob[];
  onStop?(container: Container): Promise<void>;
}
