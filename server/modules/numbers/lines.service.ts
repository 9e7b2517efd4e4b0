import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { UnitOfWork, afterCommit, type Tx } from '../../platform/unit-of-work.js';
import { AppError } from '../../platform/http/errors.js';
import { GatewayRegistry } from '../../gateways/gateway-registry.js';
import { PrivateNumbersRepository, type LineRow } from './private-numbers.repository.js';
import { AgentHealthService } from './agent-health.service.js';
import { SenderAgentsRepository, type SenderAgentRow } from './sender-agents.repository.js';
import { isSendType, SEND_TYPE_FLAGS, tehranPeriods, type ApiSendFlag, type SendType } from './line-fields.js';

/** The seeded sender agent's title, in Persian like the rest of a fresh install's names (CONTEXT.md). */
const SEED_AGENT_TITLE = 'شبیه‌ساز';

/** What the send engine needs of a line, read once when a send is made. */
export interface SendLine {
  id: number;
  number: string;
  ownerOrganizationId: number;
  isPublic: boolean;
  /** typePrivateNumber, for the tariff */
  lineType: string;
  senderAgentId: number;
  /** The agent's SenderAgentType (SMS, MMS, Email, Voice): a voice send needs a Voice agent. */
  agentType: string;
  pluginName: string;
  agentOptions: Record<string, unknown>;
  agentMaxPerSecond: number;
  agentWindow: { isActiveAllTime: boolean; startTime: string | null; endTime: string | null };
  sendToBlackList: boolean;
  isGeneralBlackList: boolean;
  isCanSendFlashSms: boolean;
  /** Dynamic and P2P sends on this line wait for an administrator's confirmation. */
  confirmP2pAndDynamic: boolean;
  /** The regional-send flags (targeting judges them through ComposeInput.lineRule). */
  regionalFlags: { isSendGender: boolean; isSendGroup: boolean; isAutomaticBulk: boolean; isAutomaticGroup: boolean; agentSendBulkActive: boolean; agentSendBulkIsAutomatic: boolean };
  refundPolicy: { deliveryBase: boolean; deliveryLevel1: boolean; deliveryLevel2: boolean; refundDeliveryStatusId: string | null };
  tryCount: number;
}

/** The line an inbound message was sent to, and who owns it. */
export interface InboundLine {
  id: number;
  number: string;
  organizationId: number;
}

export interface AgentForSend {
  id: number;
  pluginName: string;
  options: Record<string, unknown>;
  maxPerSecond: number;
  isActive: boolean;
}

export interface ResolveInput {
  organizationId: number;
  userId: number;
  isOrganizationAdmin: boolean;
  privateNumberId: number;
  sendType: SendType | string;
  /**
   * An Api send's own flag (see API_SEND_FLAGS): the line must carry exactly this one, instead of
   * any of SEND_TYPE_FLAGS.Api. Ignored for other send types.
   */
  apiFlag?: ApiSendFlag;
  at: Date;
}

export interface LimitInput {
  privateNumberId: number;
  userId: number;
  count: number;
  at: Date;
}

type LineCode = 'PrivateNumberNotValid' | 'PrivateNumberIsExpired' | 'PrivateNumberIsInactive' | 'SystemIsOutOfService' | 'ErrorSelectNumber';

function lineFailure(code: LineCode, key = `numbers.${code}`, params: Record<string, unknown> = {}): AppError {
  return new AppError(400, key, params, [{ propertyName: 'senderNumberId', key, params }], { failureCode: code });
}

/** A day's or month's limit of the user on the line would be passed: what is left of it. */
function limitFailure(key: string, limit: number, used: number): AppError {
  return lineFailure('ErrorSelectNumber', key, { limit, remaining: Math.max(0, limit - used) });
}


/**
 * The lines as the send engine sees them: which line a user may send from, the agent behind it,
 * and the per-user day / month send limits.
 */
@injectable()
export class LinesService {
  constructor(
    @inject(PrivateNumbersRepository) private readonly lines: PrivateNumbersRepository,
    @inject(SenderAgentsRepository) private readonly agents: SenderAgentsRepository,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(GatewayRegistry) private readonly registry: GatewayRegistry,
    @inject(AgentHealthService) private readonly liveHealth: AgentHealthService,
  ) {}


  /**
   * The line for a send, or AppError 400 with the spec's failure code: NotValid when the line is
   * unknown, deleted, not the user's to use or not open to the send type; Expired; Inactive when
   * the line is switched off; SystemIsOutOfService when the line is fine but nothing can carry it:
   * its sender agent (or the agent's sending) is switched off, or the agent's plugin is not loaded.
   */
  async resolveForSend(tx: Tx, input: ResolveInput): Promise<SendLine> {
    if (!isSendType(input.sendType)) throw lineFailure('PrivateNumberNotValid');
    const found = await this.lines.findWithAgent(tx, input.privateNumberId);
    if (!found || !found.agent) throw lineFailure('PrivateNumberNotValid');
    const { line, agent } = found;
    const use = await this.mayUse(tx, line, input, input.sendType);
    if (use === 'no') throw lineFailure('PrivateNumberNotValid');
    // The caller may use the line and only its capability is off: say which, so it can be switched on.
    if (use === 'flagOff') throw lineFailure('PrivateNumberNotValid', input.sendType === 'Api' && input.apiFlag ? `numbers.apiFlagOff.${input.apiFlag}` : `numbers.sendTypeOff.${input.sendType}`);
    if (line.expireTime && new Date(line.expireTime).getTime() <= input.at.getTime()) throw lineFailure('PrivateNumberIsExpired');
    if (!line.isActive) throw lineFailure('PrivateNumberIsInactive');
    // A bought line is unusable until its (buying) organization is authenticated (CONTEXT.md "Number purchase").
    if ((line as { awaitingAuthentication?: boolean }).awaitingAuthentication === true && !(await this.lines.organizationAuthenticated(tx, line.organizationId))) {
      throw lineFailure('PrivateNumberIsInactive', 'numbers.buy.awaitingAuthentication');
    }
    if (!this.agentCanSend(agent as SenderAgentRow)) throw lineFailure('SystemIsOutOfService');
    return {
      id: line.id,
      number: line.useForm === 'Mask' && line.mask ? line.mask : line.number,
      ownerOrganizationId: line.organizationId,
      isPublic: Boolean(line.isPublic),
      lineType: line.typePrivateNumber,
      senderAgentId: agent.id,
      agentType: String(agent.type ?? 'SMS'),
      pluginName: agent.pluginName,
      agentOptions: (agent.options ?? {}) as Record<string, unknown>,
      agentMaxPerSecond: Number(agent.maxPerSecond),
      agentWindow: { isActiveAllTime: Boolean(agent.isActiveAllTime), startTime: agent.startTime ?? null, endTime: agent.endTime ?? null },
      sendToBlackList: Boolean(line.sendToBlackList),
      isGeneralBlackList: Boolean(line.isGeneralBlackList),
      isCanSendFlashSms: Boolean(line.isCanSendFlashSms),
      confirmP2pAndDynamic: Boolean(line.confirmP2pAndDynamic),
      regionalFlags: {
        isSendGender: line.isSendGender === true, isSendGroup: line.isSendGroup === true,
        isAutomaticBulk: line.isAutomaticBulk === true, isAutomaticGroup: line.isAutomaticGroup === true,
        // The sender agent's bulk flags (the spec's agent fields): bulk sending open on it, and automatic.
        agentSendBulkActive: (agent as Record<string, unknown>).isSendBulkActive !== false,
        agentSendBulkIsAutomatic: (agent as Record<string, unknown>).sendBulkIsAutomatic === true,
      },
      refundPolicy: {
        deliveryBase: Boolean(line.deliveryBase), deliveryLevel1: Boolean(line.deliveryLevel1), deliveryLevel2: Boolean(line.deliveryLevel2),
        refundDeliveryStatusId: (line.refundDeliveryStatusId as string | null) ?? null,
      },
      tryCount: Number(line.tryCount ?? 0),
    };
  }

  /**
   * Public lines of the organization or an ancestor; own-organization lines for its admins or users
   * assigned the send type. `flagOff`: the caller may use the line but the line is not open to the
   * send type (only then is the line's setting worth telling: for anyone else it stays "not valid").
   */
  private async mayUse(tx: Tx, line: LineRow, input: ResolveInput, sendType: SendType): Promise<'yes' | 'no' | 'flagOff'> {
    const callerMay = await this.callerMayUse(tx, line, input, sendType);
    if (!callerMay) return 'no';
    const flags = sendType === 'Api' && input.apiFlag ? [input.apiFlag] : SEND_TYPE_FLAGS[sendType];
    return flags.some((flag) => line[flag] === true) ? 'yes' : 'flagOff';
  }

  private async callerMayUse(tx: Tx, line: LineRow, input: ResolveInput, sendType: SendType): Promise<boolean> {
    const path = await this.lines.organizationPath(input.organizationId, tx);
    if (!path) return false;
    const chain = path.split('/').filter(Boolean).map(Number);
    // Public lines above the organization only with its isShowGeneralNumbers (organizations CONTEXT.md, 2026-12-04).
    const reach = line.organizationId === input.organizationId || (await this.lines.showsGeneralNumbers(input.organizationId, tx));
    if (line.isPublic && reach && chain.includes(line.organizationId)) return true;
    if (line.organizationId !== input.organizationId) return false;
    if (input.isOrganizationAdmin) return true;
    const assignment = await this.lines.assignment(tx, line.id, input.userId);
    return Boolean(assignment && (assignment.sendTypesList ?? []).includes(sendType));
  }

  /**
   * Counts a send against the user's day and month limits on the line (Tehran calendar). Over a
   * limit → 400 ErrorSelectNumber naming it; the caller's transaction then rolls back whatever was
   * already counted.
   */
  async consumeLimits(tx: Tx, input: LimitInput): Promise<void> {
    for (const { limit, counter, key } of await this.limitsOf(tx, input)) {
      if (!(await this.lines.addUsage(tx, counter, input.count, limit))) throw limitFailure(key, limit, await this.lines.usage(tx, counter));
    }
  }

  /**
   * The line's limits judged as `consumeLimits` judges them (count + used ≤ limit, per day then per
   * month), counting nothing: the refusal a send made now would meet, or null. A send's preview.
   */
  async limitsFailure(input: LimitInput): Promise<AppError | null> {
    return this.uow.run(async (tx) => {
      for (const { limit, counter, key } of await this.limitsOf(tx, input)) {
        const used = await this.lines.usage(tx, counter);
        if (input.count > limit - used) return limitFailure(key, limit, used);
      }
      return null;
    });
  }

  /** The user's counted limits on the line for the send's day and month (none without an assignment or a count). */
  private async limitsOf(tx: Tx, input: LimitInput): Promise<{ limit: number; counter: { privateNumberId: number; userId: number; period: string }; key: string }[]> {
    if (input.count <= 0) return [];
    const assignment = await this.lines.assignment(tx, input.privateNumberId, input.userId);
    if (!assignment) return [];
    const periods = tehranPeriods(input.at);
    const checks: [number | null, string, string][] = [
      [assignment.dailySendLimit, periods.day, 'numbers.dailyLimitReached'],
      [assignment.monthlySendLimit, periods.month, 'numbers.monthlyLimitReached'],
    ];
    return checks.filter((c): c is [number, string, string] => c[0] !== null && c[0] !== undefined)
      .map(([limit, period, key]) => ({ limit, key, counter: { privateNumberId: input.privateNumberId, userId: input.userId, period } }));
  }

  /** Gives back counted messages that were never sent (cancel, reject, failure), never below zero. */
  async releaseLimits(tx: Tx, input: LimitInput): Promise<void> {
    if (input.count <= 0) return;
    const assignment = await this.lines.assignment(tx, input.privateNumberId, input.userId);
    if (!assignment) return;
    const periods = tehranPeriods(input.at);
    if (assignment.dailySendLimit !== null) await this.lines.subtractUsage(tx, { privateNumberId: input.privateNumberId, userId: input.userId, period: periods.day }, input.count);
    if (assignment.monthlySendLimit !== null) await this.lines.subtractUsage(tx, { privateNumberId: input.privateNumberId, userId: input.userId, period: periods.month }, input.count);
  }

  /**
   * The line's isNeedToSendConfirmationMessage (CONTEXT.md "Line flags"): its sender is told when a
   * send waiting for confirmation is confirmed or rejected. A deleted line still answers its flag:
   * the send was made on it.
   */
  async tellsQueueDecision(tx: Tx, privateNumberId: number): Promise<boolean> {
    return this.lines.flagOf(tx, privateNumberId, 'isNeedToSendConfirmationMessage');
  }

  /** An agent by id for the dispatcher; `isActive` is false when it is off, deleted, not sending or its plugin is not loaded. */
  async senderAgent(tx: Tx | undefined, id: number): Promise<AgentForSend | null> {
    const row = await this.agents.findById(id, tx);
    return row ? this.agentForSend(row) : null;
  }

  /**
   * The line each inbound number belongs to among the agent's live lines (by number, else by mask),
   * with its owner organization; numbers that match no line are left out.
   */
  async linesForInbound(agentId: number, numbers: string[]): Promise<Map<string, InboundLine>> {
    const rows = await this.lines.liveOfAgentByNumbers(agentId, [...new Set(numbers)]);
    const out = new Map<string, InboundLine>();
    for (const r of rows) if (r.mask && !out.has(r.mask)) out.set(r.mask, { id: r.id, number: r.number, organizationId: r.organizationId });
    // A line's own number wins over another line's mask spelled the same.
    for (const r of rows) out.set(r.number, { id: r.id, number: r.number, organizationId: r.organizationId });
    return out;
  }

  /** An agent that is switched on for sending and whose plugin this process could load, a message gateway (a `bts` agent carries smart requests, never messages). */
  private agentCanSend(agent: Pick<SenderAgentRow, 'isActive' | 'isSendActive' | 'deletedAt' | 'pluginName'>): boolean {
    return Boolean(agent.isActive && agent.isSendActive && !agent.deletedAt) && this.registry.canSendMessages(agent.pluginName);
  }

  private agentForSend(a: SenderAgentRow): AgentForSend {
    return {
      id: a.id, pluginName: a.pluginName, options: (a.options ?? {}) as Record<string, unknown>, maxPerSecond: Number(a.maxPerSecond),
      isActive: this.agentCanSend(a),
    };
  }

  /** Live agents that may send now. */
  async listActiveAgents(): Promise<AgentForSend[]> {
    return (await this.agents.listLive()).map((a) => this.agentForSend(a)).filter((a) => a.isActive);
  }

  /**
   * A fresh install can send at once: when no sender agent exists yet, the simulator agent and a
   * public system line on it, open to every SMS send kind the panel offers (CONTEXT.md, decision log). The boot sequence calls it once the system organization exists (it is
   * made after the modules start); safe to race, since the system organization row is locked.
   */
  async ensureFirstStartSeed(): Promise<boolean> {
    return this.uow.run(async (tx) => {
      const systemId = await this.agents.lockSystemOrganization(tx);
      if (systemId === null) return false;
      if ((await this.agents.countAll(tx)) > 0) return false;
      const agent = await this.agents.insert(tx, { organizationId: systemId, title: SEED_AGENT_TITLE, pluginName: 'simulator', options: JSON.stringify({}) });
      await this.lines.insert(tx, {
        organizationId: systemId, number: '10001000', useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk',
        smsSenderAgentId: agent.id, isPublic: true, isSendSingle: true, isSendBulk: true, isSendP2P: true, isSendPhonebook: true,
        isSendApiSingle: true, isSendApiP2P: true, isSendOtp: true, isSendDynamic: true, isSendOccasionPhonebook: true, isCanSendFlashSms: true,
        deliveryBase: true, isGeneralBlackList: true,
      });
      // The seed runs after the dispatcher connected the (then no) agents at start: without this the
      // simulator would read "not connected" on a fresh install until its first send.
      afterCommit(tx, () => this.liveHealth.agentChanged(agent.id));
      return true;
    });
  }

}
