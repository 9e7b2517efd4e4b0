import { createClient } from 'redis';

/**
 * Carries realtime pushes between processes: a worker process has no socket.io server of its own,
 * so what it emits (send progress, inbound messages) reaches browsers through the web processes.
 */
export interface RealtimeBus {
  publish(message: string): Promise<void>;
  subscribe(handler: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** Redis pub/sub on one channel per installation prefix (two installations on one Redis never mix). */
export async function connectRedisRealtimeBus(url: string, channel: string, onError: (error: Error) => void): Promise<RealtimeBus> {
  const publisher = createClient({ url });
  const subscriber = createClient({ url });
  // node-redis reconnects by itself; without listeners a dropped connection would be an uncaught exception.
  publisher.on('error', onError);
  subscriber.on('error', onError);
  await publisher.connect();
  await subscriber.connect();
  return {
    async publish(message) {
      await publisher.publish(channel, message);
    },
    async subscribe(handler) {
      await subscriber.subscribe(channel, handler);
    },
    async close() {
      for (const client of [subscriber, publisher]) if (client.isOpen) await client.close();
    },
  };
}
