import { endpoint } from '../../shared/api/endpoint';
import type { AggregatorRuleAnswer, AggregatorRulePage } from '../../../../server/shared/inbound/aggregator-rules.answers';
import type { MyNumberAnswer } from '../../../../server/shared/lines/my-numbers.answers';
import type {
  AgentHealthAnswer, AgentNamesAnswer, AssignmentAnswer, AssignmentsPage, LineAnswer, LinesPage, PluginsAnswer, SenderAgentAnswer,
  SenderAgentsPage, TestConnectionAnswer,
} from '../../../../server/shared/lines/lines.answers';

/**
 * Shapes of the numbers module (sender agents, lines and their assignments): the server's answer
 * contracts (server/shared/lines).
 */
export type SenderAgent = SenderAgentsPage['items'][number];
export type PluginInfo = PluginsAnswer['plugins'][number];
export type AgentHealth = AgentHealthAnswer;
export type Line = LineAnswer;
export type Assignment = AssignmentsPage['items'][number];
export type AgentName = AgentNamesAnswer[number];
export type { PluginsAnswer, TestConnectionAnswer };

/** The server's push on every status change of an agent's gateway. */
export const AGENT_HEALTH_EVENT = 'agent-health';
export interface AgentHealthPush extends AgentHealth { agentId: number; at: string }

// The server's own lists (a dependency-free file), so a new enum value reaches the forms without a copy.
export { LINE_FLAGS, NUMBER_TYPES, SEND_TYPES as LINE_SEND_TYPES, TYPE_PRIVATE_NUMBERS, USE_FORMS } from '../../../../server/shared/lines/line-catalogue';
import type { LINE_FLAGS } from '../../../../server/shared/lines/line-catalogue';
import type { DeliveryStatus } from '../../../../server/shared/sends/send-statuses';
export const REFUND_STATUSES = ['DidNotReceiveToItc', 'HaveNotReceivedToPhone', 'Expired'] as const satisfies readonly DeliveryStatus[];

export { LINE_DELIVERY_FLAGS as DELIVERY_FLAGS } from '../../../../server/shared/lines/lines.answers';
import type { LINE_DELIVERY_FLAGS as DELIVERY_FLAGS } from '../../../../server/shared/lines/lines.answers';

export type LineSwitch = (typeof LINE_FLAGS)[number] | (typeof DELIVERY_FLAGS)[number];

/**
 * The line form's switches by topic (texts `lines.groups.<key>`, one help text each under
 * `lines.flagHelp`). `later` holds only what this panel stores but no sending code reads (a unit
 * test greps the server for it): the switches that change sending come first, so an operator sees
 * which ones matter.
 */
export const LINE_SWITCH_GROUPS: readonly { key: string; flags: readonly LineSwitch[] }[] = [
  { key: 'state', flags: ['isActive', 'isPublic'] },
  { key: 'sendKinds', flags: ['isSendSingle', 'isSendBulk', 'isSendPhonebook', 'isSendP2P', 'isSendDynamic', 'isSendOccasionPhonebook', 'isSendClub', 'isCanSendFlashSms'] },
  { key: 'confirmation', flags: ['confirmP2pAndDynamic', 'isNeedToSendConfirmationMessage'] },
  // Read by the REST API's and the SMPP server's sends (SendType Api, issue 30 part 3).
  { key: 'api', flags: ['isSendApiSingle', 'isSendApiP2P', 'isSendOtp'] },
  { key: 'refunds', flags: ['deliveryBase', 'deliveryLevel1', 'deliveryLevel2'] },
  { key: 'blacklist', flags: ['sendToBlackList', 'isGeneralBlackList'] },
  // Read by regional sends from the number bank (targeting CONTEXT.md, "Regional sends": line flags).
  { key: 'regional', flags: ['isSendGender', 'isSendGroup', 'isAutomaticBulk', 'isAutomaticGroup'] },
  // Read by the alerts module's line-expiry alert (alerts CONTEXT.md).
  { key: 'notices', flags: ['isSendPrivateNumberExpirationMessage'] },
  {
    key: 'later', flags: [
      'checkFilter', 'hasSla', 'isPostpaid', 'isSendSmart', 'isSendDevice',
      'isCanSendSmartWithoutConfirmation',
    ],
  },
];

/** The lines page; `?edit=<id>` opens that line's form, `&flag=<switch>` puts the focus on a switch. */
export const LINES_PATH = '/infrastructure/lines';
export const lineFormPath = (lineId: number, flag?: LineSwitch) => `${LINES_PATH}?edit=${lineId}${flag ? `&flag=${flag}` : ''}`;

export { SEND_TYPE_FLAGS } from '../../../../server/shared/lines/line-catalogue';

/** The lines the caller may send from with a send type (`PrivateNumbers/GetMyNumbers`). */
export const getMyNumbers = endpoint.get<MyNumberAnswer[], { sendType: string }>('/PrivateNumbers/GetMyNumbers');

/** What the line dialog sends (`Create`; `Update` adds the id): the number fields, the agent, and every switch. */
export type LineInput = Partial<Record<LineSwitch, boolean>> & {
  id?: number; number: string; useForm: string; mask: string | null; rangeStart: string | null; rangeEnd: string | null;
  numberType: string; typePrivateNumber: string; smsSenderAgentId: number | null; organizationId?: number; priority?: number;
  tryCount?: number; expireTime: string | null; refundDeliveryStatusId: string | null; tag: string | null; isForSale?: boolean;
};

/** What the agent dialog sends (`Create`; `Update` adds the id). */
export interface SenderAgentInput {
  id?: number; title: string; pluginName: string; options: Record<string, unknown> | null; maxPerSecond?: number;
  startTime: string | null; endTime: string | null; isActiveAllTime: boolean; isSendActive: boolean; isActive: boolean;
}

export interface AssignInput {
  privateNumberId: number; userId: number | null; sendTypesList: string[]; canSeeReceivedSms: boolean;
  dailySendLimit: number | null; monthlySendLimit: number | null;
}

/** `PrivateNumbers/*`: the system's and resellers' lines and who may send from them. */
export const linesApi = {
  list: endpoint.get<LinesPage, { pageIndex: number; pageSize: number }>('/PrivateNumbers/GetAll'),
  get: endpoint.getById<LineAnswer>('/PrivateNumbers/Get'),
  create: endpoint.post<LineInput, LineAnswer>('/PrivateNumbers/Create'),
  update: endpoint.post<LineInput, LineAnswer>('/PrivateNumbers/Update'),
  delete: endpoint.deleteById<null>('/PrivateNumbers/Delete'),
  assignments: endpoint.get<AssignmentsPage, { privateNumberId: number }>('/PrivateNumbers/GetAssignments'),
  assign: endpoint.post<AssignInput, AssignmentAnswer>('/PrivateNumbers/Assign'),
  unassign: endpoint.post<{ privateNumberId: number; userId: number }, null>('/PrivateNumbers/Unassign'),
};

/** `SenderAgents/*`: gateway plugins with their options, managed by the system organization. */
export const senderAgentsApi = {
  list: endpoint.get<SenderAgentsPage>('/SenderAgents/GetAll'),
  /** Every agent's id and title (a line's agent picker; resellers may read it). */
  names: endpoint.get<AgentNamesAnswer>('/SenderAgents/GetNames'),
  plugins: endpoint.get<PluginsAnswer>('/SenderAgents/GetPlugins'),
  create: endpoint.post<SenderAgentInput, SenderAgentAnswer>('/SenderAgents/Create'),
  update: endpoint.post<SenderAgentInput, SenderAgentAnswer>('/SenderAgents/Update'),
  delete: endpoint.deleteById<null>('/SenderAgents/Delete'),
  /** A saved agent (`id` alone) or the form's unsaved plugin and options. */
  testConnection: endpoint.post<{ id?: number; pluginName?: string; options?: Record<string, unknown> }, TestConnectionAnswer>('/SenderAgents/TestConnection'),
};

/**
 * SWR keys of the numbers feature. The values are the ones the screens used before (the agent
 * lists keep their path keys); every send screen asks its lines by `myNumbers(sendType)`.
 */
export const linesKeys = {
  myNumbers: (sendType: string) => ['my-numbers', sendType] as const,
  /** Another organization's lines (the `organizationId` call option), e.g. the root's for the test message. */
  myNumbersOf: (sendType: string, organizationId: string) => ['my-numbers', sendType, organizationId] as const,
  lines: (pageIndex: number, pageSize: number) => ['lines', pageIndex, pageSize] as const,
  assignments: (lineId: number) => ['line-assignments', lineId] as const,
  agents: () => '/SenderAgents/GetAll',
  agentNames: () => '/SenderAgents/GetNames',
  plugins: () => '/SenderAgents/GetPlugins',
};

export type AggregatorRule = AggregatorRuleAnswer;
export { SMS_AGGREGATORS } from '../../../../server/shared/inbound/sms-aggregators';
export interface AggregatorRuleInput { id?: number; privateNumberId: number; organizationId: number; regex: string; smsAggregator: string | null; isActive: boolean }

/** `AggregatorRules/*`: patterns that give a shared line's inbound texts to organizations below (inbound module). */
export const aggregatorRulesApi = {
  list: endpoint.get<AggregatorRulePage, { pageIndex: number; pageSize: number; search?: string }>('/AggregatorRules/GetAll'),
  create: endpoint.post<AggregatorRuleInput, AggregatorRuleAnswer>('/AggregatorRules/Create'),
  update: endpoint.post<AggregatorRuleInput, AggregatorRuleAnswer>('/AggregatorRules/Update'),
  delete: endpoint.deleteById<null>('/AggregatorRules/Delete'),
};
export const aggregatorRulesKey = (search: string, pageIndex: number, pageSize: number) => ['aggregator-rules', search, pageIndex, pageSize] as const;
export type { NumberClassAnswer as NumberClass, LineClassCheckAnswer as LineClassCheck } from '../../../../server/shared/lines/number-classes.answers';
import type { CheckNowAnswer, NumberClassAnswer, NumberClassesPage } from '../../../../server/shared/lines/number-classes.answers';
export { NUMBER_CLASS_OPERATORS } from '../../../../server/shared/lines/line-catalogue';

/** What the class dialog sends (`Create`; `Update` adds the id): each operator's class name, patterns one a line. */
export interface NumberClassInput {
  id?: number; title: string; operatorClasses: Record<string, string>; patterns: string[]; description: string | null;
}

/** `NumberClasses/*`: the operators' classes of sender numbers (edited by the system), and the check of lines against them. */
export const numberClassesApi = {
  list: endpoint.get<NumberClassesPage, { pageIndex: number; pageSize: number }>('/NumberClasses/GetAll'),
  create: endpoint.post<NumberClassInput, NumberClassAnswer>('/NumberClasses/Create'),
  update: endpoint.post<NumberClassInput, NumberClassAnswer>('/NumberClasses/Update'),
  delete: endpoint.deleteById<null>('/NumberClasses/Delete'),
  /** One line (`privateNumberId`) or every line the caller manages. */
  checkNow: endpoint.post<{ privateNumberId?: number }, CheckNowAnswer>('/NumberClasses/CheckNow'),
};

export const numberClassesKeys = {
  list: (pageIndex: number, pageSize: number) => ['number-classes', pageIndex, pageSize] as const,
};
