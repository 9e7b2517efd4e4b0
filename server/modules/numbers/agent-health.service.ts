import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import type { Realtime } from '../../platform/realtime.js';
import type { KeyValueStore } from '../../platform/kv.js';
import type { AppConfig } from '../../platform/config.js';
import type { Clock } from '../../platform/clock.js';
import type { Culture, Translator } from '../../platform/i18n.js';
import type { GatewayHealth, HealthNote } from '../../gateways/gateway-sdk.js';
import { GatewayRegistry } from '../../gateways/gateway-registry.js';
import { OrganizationsService } from '../organizations/index.js';
import { SenderAgentsRepository } from './sender-agents.repository.js';

/** The claim of `SenderAgents/GetAll`: health is pushed to whom the agent list would show the agent. */
export const AGENTS_CLAIM = 'Infrastructure.SenderAgents';

/** What `agent-health` carries (the REST list's `health` plus the time of the change). */
export interface AgentHealthPush {
  agentId: number;
  state: GatewayHealth['state'];
  detail: string | null;
  /** `detail` as codes the panel words in the reader's language (null from a plugin that gives none). */
  detailNotes: HealthNote[] | null;
  inFlight: number | null;
  /** Connection-oriented gateways (SMPP): binds bound of all, submits per second, the last error. */
  binds: { bound: number; total: number } | null;
  submitsPerSecond: number | null;
  lastError: string | null;
  lastErrorNote: HealthNote | null;
  at: string;
}

export type AgentChangeListener = (agentId: number) => void;

/** An agent's health as `SenderAgents/GetAll` and `GetHealth` answer it. */
export type AgentHealthAnswer = GatewayHealth & {
  /** The process whose connection reported it (`host:pid:tag`); null when no process holds the agent. */
  heldBy: string | null;
  /** When that process saw the state change (ISO); null when unknown. */
  since: string | null;
};

/** What a gateway-holding process writes under `agent-health:<id>` for the processes that hold none. */
interface SharedHealthRecord {
  health: GatewayHealth;
  /** The state change's time. */
  at: string;
  /** This write's time (a re-publish moves it; the key's expiry is what makes a record stale). */
  seenAt: string;
  heldBy: string;
}

const STATES: ReadonlySet<string> = new Set(['up', 'degraded', 'down']);
const recordKey = (agentId: number) => `agent-health:${agentId}`;

/** Every quarter of the record's life, in whole seconds (the scheduler's unit), at most 30 s. */
export function republishSeconds(ttlMs: number): number {
  return Math.min(30, Math.max(1, Math.floor(ttlMs / 4_000)));
}

/**
 * Sender agents' live state between the numbers module and the process that holds gateway
 * connections: an agent saved or deleted here is announced (after commit) to whoever holds its
 * connection in this process (messaging's dispatcher subscribes), and each status change a gateway
 * reports is pushed as `agent-health` to the readers of the agent list. Best effort: a push is a
 * hint, the list's REST answer is the record.
 *
 * The same reports are written to the shared key-value store with an expiry that the holding
 * process keeps moving (`republishHeld`, a local job), so a process holding no connection (role
 * `web`) answers the workers' view, and a dead worker's "up" runs out instead of lingering.
 */
@injectable()
export class AgentHealthService {
  private readonly listeners = new Set<AgentChangeListener>();
  /** One chain for every push, so a later state never overtakes an earlier one of the same agent. */
  private pushes: Promise<void> = Promise.resolve();
  /** Set when the process stops (forgetHeld): pushes no longer read the database. */
  private stopping = false;
  /** One chain for every shared-store write too: a re-publish read before a change never lands after it. */
  private writes: Promise<void> = Promise.resolve();
  /** When each agent's state last changed in this process (the `since` of a re-publish). */
  private readonly changedAt = new Map<number, Date>();
  /** Agents this process has written a record for (on stop it removes the ones still its own). */
  private readonly written = new Set<number>();
  /** Names this process in the records it writes. */
  readonly processId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    @inject(TYPES.Realtime) private readonly realtime: Realtime,
    @inject(SenderAgentsRepository) private readonly agents: SenderAgentsRepository,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.KeyValueStore) private readonly kv: KeyValueStore,
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.Translator) private readonly translator: Translator,
    @inject(GatewayRegistry) private readonly registry: GatewayRegistry,
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

  /** A status change of a gateway this process holds: pushed live and written for the other processes. */
  publish(agentId: number, health: GatewayHealth, at: Date): void {
    this.changedAt.set(agentId, at);
    void this.enqueueWrite(async () => this.write(agentId, health, at));
    const payload: AgentHealthPush = {
      agentId, state: health.state, detail: health.detail ?? null, detailNotes: health.detailNotes ?? null, inFlight: health.inFlight ?? null,
      binds: health.binds ?? null, submitsPerSecond: health.submitsPerSecond ?? null, lastError: health.lastError ?? null,
      lastErrorNote: health.lastErrorNote ?? null, at: at.toISOString(),
    };
    this.pushes = this.pushes.then(async () => {
      // Stopping: the database may be closing under this read (the embedded one then made it wait
      // its whole acquire time-out), and no browser is listening any more.
      if (this.stopping) return;
      const agent = await this.agents.findById(agentId);
      if (!agent) return;
      const organization = await this.organizations.findById(agent.organizationId);
      if (!organization) return;
      this.realtime.emitToReaders({ claim: AGENTS_CLAIM, organizationId: agent.organizationId, organizationPath: organization.path, userIds: [] }, 'agent-health', payload);
    }).catch((err: unknown) => this.logger.warn({ err, agentId }, 'agent health push failed'));
  }

  /**
   * Re-writes the record of every agent this process holds, with its health now, so the records of
   * a live holder never run out. Awaitable (the job waits for it); failures are logged, not thrown.
   */
  republishHeld(): Promise<void> {
    return this.enqueueWrite(async () => {
      await Promise.all(this.registry.heldAgentIds().map(async (id) => {
        const agentId = Number(id);
        if (!Number.isSafeInteger(agentId)) return;
        await this.write(agentId, await this.registry.health(id), this.changedAt.get(agentId) ?? this.clock.now());
      }));
    });
  }

  /**
   * On a clean stop, after the connections are closed: removes the records this process still
   * owns, so the others answer "not connected in any worker" at once rather than at the expiry. A
   * record another worker wrote meanwhile is kept (it owns that one).
   */
  async forgetHeld(): Promise<void> {
    this.stopping = true;
    await this.pushes;
    return this.enqueueWrite(async () => {
      const ids = [...this.written];
      const raw = await this.kv.getMany(ids.map(recordKey));
      await Promise.all(ids.map(async (agentId, i) => {
        if (parseRecord(raw[i] ?? null)?.heldBy === this.processId) await this.kv.del(recordKey(agentId));
      }));
      this.written.clear();
    });
  }

  /**
   * The agents' health as the installation sees it: the connection this process holds, else the
   * shared record a holding process keeps fresh, else down and held nowhere. One multi-get for
   * all the agents this process does not hold.
   */
  async healthOf(agentIds: readonly number[], culture: Culture): Promise<Map<number, AgentHealthAnswer>> {
    const answers = new Map<number, AgentHealthAnswer>();
    const elsewhere: number[] = [];
    await Promise.all(agentIds.map(async (agentId) => {
      if (!this.registry.holds(String(agentId))) {
        elsewhere.push(agentId);
        return;
      }
      const health = await this.registry.health(String(agentId));
      answers.set(agentId, { ...health, heldBy: this.processId, since: this.changedAt.get(agentId)?.toISOString() ?? null });
    }));
    if (elsewhere.length === 0) return answers;
    let raw: (string | null)[];
    try {
      raw = await this.kv.getMany(elsewhere.map(recordKey));
    } catch (err) {
      // The page still answers: the store being away says nothing about the agents.
      this.logger.warn({ err }, 'reading shared agent health failed');
      for (const agentId of elsewhere) answers.set(agentId, nowhere(this.translator.t(culture, 'numbers.agentHealthUnknown')));
      return answers;
    }
    elsewhere.forEach((agentId, i) => {
      const record = parseRecord(raw[i] ?? null);
      answers.set(agentId, record
        ? { ...record.health, heldBy: record.heldBy, since: record.at }
        : nowhere(this.translator.t(culture, 'numbers.agentNotConnectedAnywhere')));
    });
    return answers;
  }

  async healthOfOne(agentId: number, culture: Culture): Promise<AgentHealthAnswer> {
    return (await this.healthOf([agentId], culture)).get(agentId)!;
  }

  private async write(agentId: number, health: GatewayHealth, at: Date): Promise<void> {
    const record: SharedHealthRecord = { health: { ...health }, at: at.toISOString(), seenAt: this.clock.now().toISOString(), heldBy: this.processId };
    this.written.add(agentId);
    await this.kv.set(recordKey(agentId), JSON.stringify(record), this.config.agentHealthTtlMs);
  }

  private enqueueWrite(step: () => Promise<void>): Promise<void> {
    this.writes = this.writes.then(step).catch((err: unknown) => this.logger.warn({ err }, 'writing shared agent health failed'));
    return this.writes;
  }
}

function nowhere(detail: string): AgentHealthAnswer {
  return { state: 'down', detail, heldBy: null, since: null };
}

/** A record another process (maybe another version) wrote: anything unexpected counts as none. */
function parseRecord(raw: string | null): SharedHealthRecord | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<SharedHealthRecord> | null;
    if (!value || typeof value !== 'object' || typeof value.heldBy !== 'string' || typeof value.at !== 'string') return null;
    if (!value.health || typeof value.health !== 'object' || !STATES.has(value.health.state)) return null;
    return value as SharedHealthRecord;
  } catch {
    return null;
  }
}
