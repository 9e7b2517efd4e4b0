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
}

export interface PluginInfo {
  name: string;
  title: { fa: string; en: string };
  kind: string;
  version: string;
  optionsSchema: Record<string, unknown>;
}

export interface PluginsAnswer {
  plugins: PluginInfo[];
  broken: { name?: string; path?: string; error?: string }[];
}

export interface AgentHealth { state: 'up' | 'degraded' | 'down'; detail?: string; inFlight?: number }

export const USE_FORMS = ['OneNumber', 'Mask', 'RangeNumber'] as const;
export const NUMBER_TYPES = ['Public', 'Private', 'PrivateWithKeyword'] as const;
export const TYPE_PRIVATE_NUMBERS = ['Bulk', 'InteractiveBulk', 'SmsMT', 'SmsMO', 'USSDMT', 'USSDMO', 'OPT'] as const;
export const LINE_SEND_TYPES = ['Bulk', 'Dynamic', 'P2P', 'Single', 'PhoneBook', 'Api'] as const;
export const REFUND_STATUSES = ['DidNotReceiveToItc', 'HaveNotReceivedToPhone', 'Expired'] as const;

/** Capability flags of a line (the server's LINE_FLAGS). */
export const LINE_FLAGS = [
  'isPublic', 'isGeneralBlackList', 'isAutomaticBulk', 'isAutomaticGroup', 'confirmP2pAndDynamic', 'isSendBulk', 'isSendGender',
  'isSendGroup', 'isSendPhonebook', 'isSendApiP2P', 'isSendApiSingle', 'isSendDynamic', 'isSendOtp', 'isSendP2P', 'isSendClub',
  'isSendSingle', 'isSendDevice', 'isSendSmart', 'isCanSendFlashSms', 'isCanSendSmartWithoutConfirmation', 'isSendOccasionPhonebook',
  'isNeedToSendConfirmationMessage', 'isSendPrivateNumberExpirationMessage', 'isPostpaid',
] as const;

export const DELIVERY_FLAGS = ['deliveryBase', 'deliveryLevel1', 'deliveryLevel2', 'isActive', 'checkFilter', 'sendToBlackList', 'hasSla'] as const;

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
