import type { Logger } from '../platform/logger.js';
import { describedBy, healthNote, type DeliveryReport, type Gateway, type GatewayHealth, type GatewayHost, type InboundMessage } from './gateway-sdk.js';

/**
 * The host side of the plugin contract: one `GatewayHost` object per sender agent, carrying its
 * delivery reports to settlement, its inbound messages to the inbox and its status changes to the
 * agent's health. `server/gateways/` knows the receivers only through `GatewaySinks`, which the
 * messaging module wires (`messaging.module.ts`): nothing here imports a module, so there is no
 * import cycle between the gateways and the modules that use them.
 */
export interface GatewaySinks {
  /** Resolves only once the reports are stored durably (the plugin acknowledges them then). */
  deliveryReports(agentId: number, reports: DeliveryReport[]): Promise<void>;
  /** Same promise rule as deliveryReports. */
  inbound(agentId: number, messages: InboundMessage[]): Promise<void>;
  statusChanged(agentId: number, health: GatewayHealth): void;
}

/**
 * Where gateways' inbound messages go: bound by the inbound module (its InboxService), read by
 * messaging's host bridge, so messaging never imports the module that sends its replies through it.
 */
export interface InboundSink {
  receive(agentId: number, messages: InboundMessage[]): Promise<void>;
}
export const INBOUND_SINK = Symbol.for('peyk.gateways.InboundSink');

export interface HostClock {
  now(): Date;
}

/** What one agent's host hands on: the registry keeps them per live gateway. */
export interface GatewayCallbacks {
  deliveryReports(reports: DeliveryReport[]): Promise<void>;
  inbound(messages: InboundMessage[]): Promise<void>;
  statusChanged(health: GatewayHealth): void;
}

/**
 * The registry as the hosts use it (GatewayRegistry is one). Named here rather than imported, so
 * the registry, which builds hosts, and the hosts, which ask it for gateways, form no import cycle.
 */
export interface GatewayConnections {
  gatewayFor(agentId: string, pluginName: string, options: unknown, callbacks: GatewayCallbacks): Promise<Gateway>;
  liveGateways(): [string, Gateway][];
  disconnect(agentId: string, options: { drain: boolean }): Promise<void>;
}

/**
 * The host object handed to `gateway.connect`. The callbacks are read through `callbacks()` on
 * every call, so a registry entry can swap them without reconnecting the plugin.
 */
export function createGatewayHost(gatewayId: string, logger: Logger, clock: HostClock, callbacks: () => GatewayCallbacks): GatewayHost {
  return {
    gatewayId,
    logger,
    now: () => clock.now(),
    // The plugin acknowledges to its provider only when this resolves: pass the promise through untouched.
    deliveryReports: (reports) => callbacks().deliveryReports(reports),
    inbound: (messages) => callbacks().inbound(messages),
    statusChanged: (health) => {
      // A throwing listener must not unwind into the plugin's socket or timer code.
      try {
        callbacks().statusChanged(health);
      } catch (err) {
        logger.error({ err }, 'statusChanged listener threw');
      }
    },
  };
}

export interface AgentOfHost {
  id: number;
  pluginName: string;
  options: unknown;
}

/** Default time between two `pollDeliveryReports` calls of one agent, when its gateway names none. */
export const DEFAULT_POLL_INTERVAL_MS = 10_000;

/**
 * Connects sender agents with their sinks and polls the gateways that must be asked for reports.
 * Lives in the process role that holds gateway connections (`all` or `worker`, see
 * plugins/CONTEXT.md); a web-only process never connects a gateway.
 */
export class GatewayHosts {
  /** Agents whose poll is running now: one agent is never polled twice at once. */
  private readonly polling = new Map<string, Promise<void>>();
  private readonly lastPoll = new Map<string, number>();
  private readonly lastStatus = new Map<number, { health: GatewayHealth; at: Date }>();

  constructor(
    private readonly registry: GatewayConnections,
    private readonly sinks: GatewaySinks,
    private readonly logger: Logger,
    private readonly clock: HostClock,
  ) {}

  /**
   * The agent's connected gateway, its host wired to this process's sinks. A connect that fails is
   * a status change too (the plugin never got to report one), so the agent's readers see it down.
   */
  gatewayOf(agent: AgentOfHost): Promise<Gateway> {
    const callbacks = this.callbacksFor(agent.id);
    const ready = this.registry.gatewayFor(String(agent.id), agent.pluginName, agent.options, callbacks);
    ready.catch((err: unknown) => callbacks.statusChanged({ state: 'down', ...describedBy(healthNote('connectFailed', { error: err instanceof Error ? err.message : String(err) })) }));
    return ready;
  }

  /** Lets the agent's connection go (deactivated or deleted), draining what it has in flight. */
  async release(agentId: number): Promise<void> {
    await this.registry.disconnect(String(agentId), { drain: true });
  }

  /** The last status the agent's gateway reported in this process, if any. */
  lastStatusOf(agentId: number): { health: GatewayHealth; at: Date } | null {
    return this.lastStatus.get(agentId) ?? null;
  }

  /**
   * One pass: every live gateway that implements `pollDeliveryReports` and whose interval has
   * passed is polled, without waiting for the polls to end (a slow provider must not delay the
   * others). Written as a job body so the platform scheduler can run it instead of a timer.
   */
  pollDue(): void {
    const now = this.clock.now().getTime();
    for (const [agentId, gateway] of this.registry.liveGateways()) {
      if (typeof gateway.pollDeliveryReports !== 'function' || this.polling.has(agentId)) continue;
      const interval = gateway.pollIntervalMs && gateway.pollIntervalMs > 0 ? gateway.pollIntervalMs : DEFAULT_POLL_INTERVAL_MS;
      if (now - (this.lastPoll.get(agentId) ?? 0) < interval) continue;
      this.lastPoll.set(agentId, now);
      const poll = Promise.resolve()
        .then(() => gateway.pollDeliveryReports!())
        .catch((err: unknown) => this.logger.warn({ err, agentId }, 'polling delivery reports failed; tried again next interval'))
        .finally(() => this.polling.delete(agentId));
      this.polling.set(agentId, poll);
    }
  }

  /** Resolves when no poll is running (stop: let the running polls finish before disconnecting). */
  async pollsSettled(): Promise<void> {
    await Promise.allSettled([...this.polling.values()]);
  }

  private callbacksFor(agentId: number): GatewayCallbacks {
    return {
      deliveryReports: (reports) => this.sinks.deliveryReports(agentId, reports),
      inbound: (messages) => this.sinks.inbound(agentId, messages),
      statusChanged: (health) => {
        this.lastStatus.set(agentId, { health, at: this.clock.now() });
        this.sinks.statusChanged(agentId, health);
      },
    };
  }
}
