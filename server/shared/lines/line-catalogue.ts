/**
 * Enumerations of lines and sender agents (the spec's names) that the server validates against and
 * the client's forms list. No imports: the browser bundle reads this file as it is, so a new value
 * reaches both sides without a copy.
 */

export const SEND_TYPES = ['Bulk', 'Dynamic', 'P2P', 'Single', 'PhoneBook', 'Api'] as const;
export type SendType = (typeof SEND_TYPES)[number];

export const SENDER_AGENT_TYPES = ['SMS', 'MMS', 'Email', 'Voice'] as const;
export const TYPE_PRIVATE_NUMBERS = ['Bulk', 'InteractiveBulk', 'SmsMT', 'SmsMO', 'USSDMT', 'USSDMO', 'OPT'] as const;
export const NUMBER_TYPES = ['Public', 'Private', 'PrivateWithKeyword'] as const;
export const USE_FORMS = ['OneNumber', 'Mask', 'RangeNumber'] as const;

/** Capability flags of a line (all false unless set). */
export const LINE_FLAGS = [
  'isPublic', 'isGeneralBlackList', 'isAutomaticBulk', 'isAutomaticGroup', 'confirmP2pAndDynamic', 'isSendBulk', 'isSendGender',
  'isSendGroup', 'isSendPhonebook', 'isSendApiP2P', 'isSendApiSingle', 'isSendDynamic', 'isSendOtp', 'isSendP2P', 'isSendClub',
  'isSendSingle', 'isSendDevice', 'isSendSmart', 'isCanSendFlashSms', 'isCanSendSmartWithoutConfirmation', 'isSendOccasionPhonebook',
  'isNeedToSendConfirmationMessage', 'isSendPrivateNumberExpirationMessage', 'isPostpaid',
] as const;

/**
 * Which line flags open a send type (Api: either API flag): the send engine's check, and the flag a
 * send screen names when no line allows its send.
 */
export const SEND_TYPE_FLAGS: Record<SendType, readonly (typeof LINE_FLAGS)[number][]> = {
  Single: ['isSendSingle'],
  Bulk: ['isSendBulk'],
  P2P: ['isSendP2P'],
  PhoneBook: ['isSendPhonebook'],
  Dynamic: ['isSendDynamic'],
  Api: ['isSendApiSingle', 'isSendApiP2P'],
};

/**
 * The one flag a send of type Api needs, by what kind of API send it is (issue 30 part 3): one
 * message to one number (v1 `messages/send`, SMPP submit_sm), many receivers in one call (v1
 * `send-many`, `send-pairs`), or an OTP (`messages/otp`). SEND_TYPE_FLAGS.Api above stays the
 * "open to Api at all" test that line lists and assignments use.
 */
export const API_SEND_FLAGS = ['isSendApiSingle', 'isSendApiP2P', 'isSendOtp'] as const satisfies readonly (typeof LINE_FLAGS)[number][];
export type ApiSendFlag = (typeof API_SEND_FLAGS)[number];

/**
 * The operators that publish number classes (a subset of the spec's SmsAggregator: MCI2 is MCI's
 * second gateway, not a second class list; Other and International publish none).
 */
export const NUMBER_CLASS_OPERATORS = ['MCI', 'Irancell', 'Rightel'] as const;
export type NumberClassOperator = (typeof NUMBER_CLASS_OPERATORS)[number];
