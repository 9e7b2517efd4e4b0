import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import { GatewayHosts } from '../../../gateways/gateway-host.js';
import { AgentHealthService, LinesService } from '../../numbers/index.js';

/**
 * The sender agents' connections in a dispatching process: every active agent is connected at
 * start (not awaited: an unreachable provider does not hold the boot), so receipts a gateway still
 * owes and inbound messages arrive with nothing sending; an agent saved here is reconnected at
 * once, one saved elsewhere by the `messaging.connect-agents` sweep; gateways that must be asked
 * for reports are polled (`messaging.poll-gateways`). Connections and polls live only in the
 * dispatching roles (`all`, `worker`).
 */
@injectable()
export class AgentConnections {
  private running = false;
  private connecting: Promise<void> = Promise.resolve();
  private unsubscribeAgents: (() => void) | null = null;
  private sweepingAgents = false;

  constructor(
    @inject(LinesService) private readonly lines: LinesService,
    @inject(GatewayHosts) private readonly hosts: GatewayHosts,
    @inject(AgentHealthService) private readonly agentHealth: AgentHealthService,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  /** Connects every active agent (not awaited; `settle` waits for it) and follows agents saved in this process. */
  start(): void {
    if (this.running) return;
    this.running = true;
    // Not awaited: an unreachable provider must not hold up the boot; settle() waits for it.
    this.connecting = this.connectAgents();
    // An agent saved in this process is (re)connected or let go at once; agents saved in another
    // process are picked up by the `messaging.connect-agents` sweep.
    this.unsubscribeAgents = this.agentHealth.onAgentChanged((agentId) => {
      this.connecting = this.connecting.catch(() => undefined).then(() => this.refreshAgent(agentId));
    });
  }

  /** The first step of a stop: no sweep, poll or reconnect starts from here on. */
  halt(): void {
    this.running = false;
    this.unsubscribeAgents?.();
    this.unsubscribeAgents = null;
  }

  /** After `halt`: waits for connects and polls under way. */
  async settle(): Promise<void> {
    await this.connecting;
    await this.hosts.pollsSettled();
  }

  /**
   * Gateways that must be asked for reports are polled only where connections are held (this
   * process dispatches): a local job every second, each gateway at its own interval.
   */
  pollGateways(): void {
    if (this.running) this.hosts.pollDue();
  }

  /**
   * Connects every active agent at start: receipts a gateway still owes (after a restart) and
   * inbound messages arrive on a connected gateway, even when nothing is being sent.
   */
  private async connectAgents(): Promise<void> {
    for (const agent of await this.lines.listActiveAgents()) {
      try {
        await this.hosts.gatewayOf(agent);
      } catch (err) {
        this.logger.warn({ err, agentId: agent.id }, 'sender agent could not connect at start');
      }
    }
  }

  /**
   * The sweep behind `messaging.connect-agents`: every active agent not connected in this process
   * (created or changed in another process, or whose connect failed) is connected; the registry
   * reuses a live instance whose options did not change, so a pass over healthy agents is cheap.
   */
  async connectAgentsSweep(): Promise<void> {
    if (!this.running || this.sweepingAgents) return;
    this.sweepingAgents = true;
    try {
      await this.connectAgents();
    } finally {
      this.sweepingAgents = false;
    }
  }

  /** After an agent was saved or deleted here: connect it with its new options, or let it go. */
  private async refreshAgent(agentId: number): Promise<void> {
    if (!this.running) return;
    try {
      const agent = await this.lines.senderAgent(undefined, agentId);
      if (agent?.isActive) await this.hosts.gatewayOf(agent);
      else await this.hosts.release(agentId);
    } catch (err) {
      this.logger.warn({ err, agentId }, 'sender agent could not be (re)connected after a change');
    }
  }
}
