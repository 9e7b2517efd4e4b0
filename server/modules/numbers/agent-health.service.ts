import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import type { Realtime } from '../../platform/realtime.js';
import type { GatewayHealth } from '../../gateways/gateway-sdk.js';
import { OrganizationsService } from '../organizations/index.js';
import { SenderAgentsRepository } from './sender-agents.repository.js';

/** The claim of `SenderAgents/GetAll`: health is pushed to whom the agent list would show the agent. */
export const AGENTS_CLAIM = 'Infrastructure.SenderAgents';

/** What `agent-health` carries (the REST list's `health` plus the time of the change). */
export interface AgentHealthPush {
  agentId: number;
  state: GatewayHealth['state'];
  detail: string | null;
  inFlight: number | null;
  at: string;
}

export type AgentChangeListener = (agentId: number) => void;

/**
 * Sender agents' live state between the numbers module and the process that holds gateway
 * connections: an agent saved or deleted here is announced (after commit) to whoever holds its
 * connection in this process (messaging's dispatcher subscribes), and each status change a gateway
 * reports is pushed as `agent-health` to the readers of the agent list. Best effort: a push is a
 * hint, the list's REST answer is the record.
 */
@injectable()
export class AgentHealthService {
  private readonly listeners = new Set<AgentChangeListener>();
  /** One chain for every push, so a later state never overtakes an earlier one of the same agent. */
  private pushes: Promise<void> = Promise.resolve();

  constructor(
    @inject(TYPES.Realtime) private readonly realtime: Realtime,
    @inject(SenderAgentsRepository) private readonly agents: SenderAgentsRepository,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  /** Told the id of every agent created, changed or deleted in this process; returns the unsubscribe. */
  onAgentChanged(listener: AgentChangeListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  agentChanged(agentId: number): void {
    for (const listener of this.listeners) {
      try {
        listener(agentId);
      } catch (err) {
        this.logger.warn({ err, agentId }, 'sender agent change listener threw');
      }
    }
  }

  publish(agentId: number, health: GatewayHealth, at: Date): void {
    const payload: AgentHealthPush = { agentId, state: health.state, detail: health.detail ?? null, inFlight: health.inFlight ?? null, at: at.toISOString() };
    this.pushes = this.pushes.then(async () => {
      const agent = await this.agents.findById(agentId);
      if (!agent) return;
      const organization = await this.organizations.findById(agent.organizationId);
      if (!organization) return;
      this.realtime.emitToReaders({ claim: AGENTS_CLAIM, organizationId: agent.organizationId, organizationPath: organization.path, userIds: [] }, 'agent-health', payload);
    }).catch((err: unknown) => this.logger.warn({ err, agentId }, 'agent health push failed'));
  }
}
