import type { Container } from 'inversify';
import type { MessageCatalogue } from './i18n.js';
import type { Controller } from './http/router.js';
import type { ScheduledJob } from './scheduler.js';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A request handler ahead of the panel's Express stack (no session, auth, body or logging
 * middleware): answers true when it took the request. For paths that must be fast and public
 * (short links' redirect); everything else goes on to the panel.
 */
export type FrontHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

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
  /** Asked once in processes that serve HTTP (role all or web), after every onStart and once the panel's own address is known. */
  httpFront?(container: Container, ownUrl: string): FrontHandler;
}
