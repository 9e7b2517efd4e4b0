import type { Logger } from 'pino';

export interface ShutdownOptions {
  /** Stops intake and drains; resolves when everything closed. */
  stop(): Promise<void>;
  /** The drain's deadline (`PEYK_SHUTDOWN_MS`): past it the process exits whatever still runs. */
  deadlineMs: number;
  logger: Logger;
  quit(code: number): void;
  /** Where the signals come from (the process; tests pass an emitter). */
  signals?: Pick<NodeJS.Process, 'on'>;
}

/**
 * SIGTERM / SIGINT end the process within `deadlineMs`, whatever hangs: a stuck job, a connection
 * that never closes, a plugin's disconnect. A second signal exits at once. The deadline timer is the
 * one thing allowed to keep the process alive while stop() drains.
 */
export function exitOnSignals(options: ShutdownOptions): { shutdown(signal: string): void } {
  const { logger, deadlineMs } = options;
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      options.quit(1);
      return;
    }
    stopping = true;
    const startedAt = Date.now();
    logger.info({ signal, deadlineMs }, 'stopping');
    const deadline = setTimeout(() => {
      logger.error({ signal, deadlineMs }, 'shutdown deadline passed; exiting with work still running');
      options.quit(1);
    }, deadlineMs);
    options.stop().then(() => {
      clearTimeout(deadline);
      logger.info({ durationMs: Date.now() - startedAt }, 'stopped');
      options.quit(0);
    }, (err: unknown) => {
      clearTimeout(deadline);
      logger.error({ err }, 'stop failed');
      options.quit(1);
    });
  };
  const signals = options.signals ?? process;
  signals.on('SIGINT', () => shutdown('SIGINT'));
  signals.on('SIGTERM', () => shutdown('SIGTERM'));
  return { shutdown };
}
