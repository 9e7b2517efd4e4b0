import { endpoint } from '../../shared/api/endpoint';
import type { MyNumberAnswer } from '../../../../server/shared/lines/my-numbers.answers';

/** Shapes of the numbers module: sender agents, lines (private numbers) and their assignments. */
export interface SenderAgent {
  id: number;
  title: string;
  pluginName: string;
  options: Record<string, unknown>;
  maxPerSecond: number;
  startTime: string | null;
  endTime: string | null;
  isActiveAllTime: boolean;
  isSendActive: boolean;
  isActive: boolean;
  /** As the process holding its connection reported it (any process answers it); the `agent-health` push updates it. */
  health?: AgentHealth;
}

export interface PluginInfo {
  name: string;
  title: { fa: string; en: string };
  description?: { fa: string; en: string };
  kind: string;
  version: string;
  optionsSchema: Record<string, unknown>;
}

export interface PluginsAnswer {
  plugins: PluginInfo[];
  broken: { name?: string; path?: string; error?: string }[];
}

export interface AgentHealth {
  state: 'up' | 'degraded' | 'down';
  detail?: string | null;
  inFlight?: number | null;
  /** Connection-oriented gateways (SMPP): binds bound of all, submits per second, the last error. */
  binds?: { bound: number; total: number } | null;
  submitsPerSecond?: number | null;
  lastError?: string | null;
  /** The process holding the connection (`host:pid:tag`); null when none does. Lists only, not pushes. */
  heldBy?: string | null;
}

/** The server's push on every status change of an agent's gateway. */
export const AGENT_HEALTH_EVENT = 'agent-health';
export interface AgentHealthPush extends AgentHealth { agentId: number; at: string }

/** `SenderAgents/TestConnection`: a temporary connection's health (a failure is an answer, not an error). */
export interface TestConnectionAnswer { state: AgentHealth['state']; detail: string | null }

// The server's own lists (a dependency-free file), so a new enum value reaches the forms without a copy.
export { LINE_FLAGS, NUMBER_TYPES, SEND_TYPES as LINE_SEND_TYPES, TYPE_PRIVATE_NUMBERS, USE_FORMS } from '../../../../server/shared/lines/line-catalogue';
import type { LINE_FLAGS } from '../../../../server/shared/lines/line-catalogue';
import type { DeliveryStatus } from '../../../../server/shared/sends/send-statuses';
export const REFUND_STATUSES = ['DidNotReceiveToItc', 'HaveNotReceivedToPhone', 'Expired'] as const satisfies readonly DeliveryStatus[];

export const DELIVERY_FLAGS = ['deliveryBase', 'deliveryLevel1', 'deliveryLevel2', 'isActive', 'checkFilter', 'sendToBlackList', 'hasSla'] as const;

export type LineSwitch = (typeof LINE_FLAGS)[number] | (typeof DELIVERY_FLAGS)[number];

/**
 * The line form's switches by topic (texts `lines.groups.<key>`, one help text each under
 * `lines.flagHelp`). `later` holds what this panel stores but does not act on yet: the switches
 * that change sending come first, so an operator sees which ones matter.
 */
export const LINE_SWITCH_GROUPS: readonly { key: string; flags: readonly LineSwitch[] }[] = [
  { key: 'state', flags: ['isActive', 'isPublic'] },
  { key: 'sendKinds', flags: ['isSendSingle', 'isSendBulk', 'isSendPhonebook', 'isSendP2P', 'isSendDynamic', 'isCanSendFlashSms'] },
  { key: 'api', flags: ['isSendApiSingle', 'isSendApiP2P'] },
  { key: 'refunds', flags: ['deliveryBase', 'deliveryLevel1', 'deliveryLevel2'] },
  { key: 'blacklist', flags: ['sendToBlackList', 'isGeneralBlackList'] },
  {
    key: 'later', flags: [
      'checkFilter', 'hasSla', 'isPostpaid', 'isSendGender', 'isSendGroup', 'isSendOccasionPhonebook', 'isSendClub', 'isSendSmart', 'isSendDevice',
      'isSendOtp', 'confirmP2pAndDynamic', 'isCanSendSmartWithoutConfirmation', 'isNeedToSendConfirmationMessage',
      'isSendPrivateNumberExpirationMessage', 'isAutomaticBulk', 'isAutomaticGroup',
    ],
  },
];

export interface Line extends Partial<Record<(typeof LINE_FLAGS)[number] | (typeof DELIVERY_FLAGS)[number], boolean>> {
  id: number;
  organizationId: number;
  number: string;
  useForm: string;
  mask: string | null;
  rangeStart: string | null;
  rangeEnd: string | null;
  numberType: string;
  typePrivateNumber: string;
  smsSenderAgentId: number;
  priority?: number;
  tryCount?: number;
  expireTime: string | null;
  refundDeliveryStatusId: string | null;
  tag?: string | null;
}

export interface Assignment {
  id: number;
  privateNumberId: number;
  userId: number;
  userName: string;
  sendTypesList: string[];
  canSeeReceivedSms: boolean;
  dailySendLimit: number | null;
  monthlySendLimit: number | null;
}

/** The lines the caller may send from with a send type (`PrivateNumbers/GetMyNumbers`). */
export const getMyNumbers = endpoint.get<MyNumberAnswer[], { sendType: string }>('/PrivateNumbers/GetMyNumbers');

/** SWR keys of the numbers feature: every send screen asks its lines by `myNumbers(sendType)`. */
export const linesKeys = {
  myNumbers: (sendType: string) => ['my-numbers', sendType] as const,
};
