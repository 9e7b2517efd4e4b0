import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Logger } from '../../platform/logger.js';
import type { Clock } from '../../platform/clock.js';
import { GatewayRegistry } from '../../gateways/gateway-registry.js';
import type { BtsGateway, BtsRequestStatus } from '../../gateways/gateway-sdk.js';
import type { BtsAgent } from '../numbers/index.js';

type ProgressHandler = (agentId: number, updates: BtsRequestStatus[]) => Promise<void>;

interface Entry {
  optionsKey: string;
  ready: Promise<BtsGateway>;
}

/**
 * The running instances of `bts` sender agents: one per agent, created and connected on first use
 * (an estimate, a submit, a poll), replaced when the agent's plugin or options change, and
 * disconnected (drained) when the process stops. Their `host.progress` goes to the handler the
 * smart requests service sets (it stores, settles and pushes).
 */
@injectable()
export class BtsConnections {
  private readonly entries = new Map<number, Entry & { pluginName: string }>();
  private handler: ProgressHandler | null = null;

  constructor(
    @inject(GatewayRegistry) private readonly registry: GatewayRegistry,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  onProgress(handler: ProgressHandler): void {
    this.handler = handler;
  }

  async gatewayOf(agent: BtsAgent): Promise<BtsGateway> {
    const optionsKey = `${agent.pluginName}:${JSON.stringify(agent.options ?? {})}`;
    const current = this.entries.get(agent.id);
    if (current && current.optionsKey === optionsKey) return current.ready;
    if (current) void this.close(agent.id, current);
    const logger = this.logger.child({ gatewayId: String(agent.id), plugin: agent.pluginName });
    const ready = (async () => {
      const gateway = this.registry.createBtsGateway(String(agent.id), agent.pluginName, agent.options ?? {});
      await gateway.connect({
        gatewayId: String(agent.id), logger, now: () => this.clock.now(), statusChanged: () => {},
        progress: async (updates) => {
          // Refusing (throwing) makes the plugin hand the same progress again later: nothing is lost.
          if (!this.handler) throw new Error('smart requests are not ready for BTS progress');
          await this.handler(agent.id, updates);
        },
      });
      return gateway;
    })();
    const entry = { optionsKey, ready, pluginName: agent.pluginName };
    this.entries.set(agent.id, entry);
    ready.catch((err: unknown) => {
      logger.warn({ err }, 'bts gateway connect failed');
      if (this.entries.get(agent.id) === entry) this.entries.delete(agent.id);
    });
    return ready;
  }

  private async close(agentId: number, entry: Entry): Promise<void> {
    if (this.entries.get(agentId) === entry) this.entries.delete(agentId);
    try {
      const gateway = await entry.ready;
      await gateway.disconnect({ drain: true });
    } catch (err) {
      this.logger.warn({ err, agentId }, 'bts gateway close failed');
    }
  }

  async stop(): Promise<void> {
    const all = [...this.entries.entries()];
    await Promise.all(all.map(([id, e]) => this.close(id, e)));
  }
}
