import { NAME_FORMAT } from '../../../platform/http/validation.js';
import { amountSchema } from '../money.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const text = <M extends number>(max: M) => ({ type: ['string', 'null'], maxLength: max }) as const;

const accountProps = { accountNo: text(40), branch: text(100), cardNo: { anyOf: [{ type: 'string', pattern: '^[0-9]{16}$' }, { type: 'null' }] }, iban: { anyOf: [{ type: 'string', pattern: '^IR[0-9]{24}$' }, { type: 'null' }] }, owner: text(200) } as const;
export const createAccountSchema = { type: 'object', additionalProperties: false, properties: accountProps } as const;
export const updateAccountSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id, ...accountProps } } as const;

const gatewayProps = {
  typeIPG: { type: 'string', minLength: 1, maxLength: 30 }, title: { type: 'string', minLength: 1, maxLength: 200, format: NAME_FORMAT },
  configJson: { type: 'object' }, isGeneralUse: { type: 'boolean' }, isFactorUse: { type: 'boolean' }, isActive: { type: 'boolean' },
  accountInformationId: { anyOf: [id, { type: 'null' }] },
} as const;
export const createGatewaySchema = { type: 'object', additionalProperties: false, required: ['typeIPG', 'title', 'configJson'], properties: gatewayProps } as const;
export const updateGatewaySchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id, ...gatewayProps } } as const;
export const createOnlineSchema = {
  type: 'object', additionalProperties: false, required: ['amount', 'gatewayId'],
  properties: { amount: amountSchema(), gatewayId: id, description: text(1000) },
} as const;
export const authorityQuery = { type: 'object', additionalProperties: false, required: ['authority'], properties: { authority: { type: 'string', minLength: 1, maxLength: 64 } } } as const;
/**
 * The callback parameters of every provider (Sandbox: authority, status, amount, signature;
 * Zarinpal: Authority, Status; IDPay's GET return: status, track_id, id, order_id, and the fields
 * of its POST shape if a proxy turns them into a query). None is required: which provider's shape
 * they are is found by the registry, and anything else is refused.
 */
export const callbackQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    authority: { type: 'string', maxLength: 64 }, status: { type: 'string', maxLength: 10 }, amount: { type: 'string', maxLength: 30 }, signature: { type: 'string', maxLength: 128 },
    Authority: { type: 'string', maxLength: 64 }, Status: { type: 'string', maxLength: 10 },
    id: { type: 'string', maxLength: 64 }, order_id: { type: 'string', maxLength: 64 }, track_id: { type: 'string', maxLength: 64 },
    card_no: { type: 'string', maxLength: 32 }, hashed_card_no: { type: 'string', maxLength: 128 }, date: { type: 'string', maxLength: 32 },
  },
} as const;
