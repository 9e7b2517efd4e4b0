import type { Container } from 'inversify';
import type { MessageCatalogue } from './i18n.js';
import type { Controller } from './http/router.js';

/**
 * What a module gives the composition root: its bindings, its messages, its controllers and an
 * optional start step (seeding, workers). Nothing of it runs at import time.
 */
export interface PeykModule {
  name: string;
  messages?: MessageCatalogue;
  register(container: Container): void;
  controllers?(container: Container): Controller[];
  onStart?(container: Container): Promise<void>;
  onStop?(container: Container): Promise<void>;
}
