/**
 * The configJson of each payment provider (`typeIPG`), stated once: the server's providers check a
 * gateway's settings with `gatewayConfigProblem` before it is stored, the panel's gateway form
 * draws its fields from `PAYMENT_GATEWAY_CONFIG` (labels and hints are the form's i18n
 * `gateways.config.<name>` / `gateways.configHints.<name>`). `secret` values are typed blind and
 * answered as '***'; a `flag` is a checkbox, false when absent.
 */
export type GatewayConfigKind = 'text' | 'secret' | 'flag';

export interface GatewayConfigField {
  readonly name: string;
  readonly kind: GatewayConfigKind;
  /** Must be present (a flag never is). */
  readonly required: boolean;
  /** The whole value's shape (text and secret). */
  readonly pattern?: RegExp;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** The message key of a missing or malformed value (billing's messages). */
  readonly invalid: string;
}

/** Zarinpal merchant ids and IDPay API keys are UUIDs. */
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const PAYMENT_GATEWAY_CONFIG = {
  Zarinpal: [{ name: 'merchantId', kind: 'text', required: true, pattern: UUID, invalid: 'billing.gatewayMerchantIdInvalid' }],
  IDPay: [
    { name: 'apiKey', kind: 'secret', required: true, pattern: UUID, invalid: 'billing.gatewayApiKeyInvalid' },
    { name: 'sandbox', kind: 'flag', required: false, invalid: 'billing.gatewaySandboxFlagInvalid' },
  ],
  Sandbox: [{ name: 'secret', kind: 'secret', required: true, minLength: 16, maxLength: 200, invalid: 'billing.gatewaySecretInvalid' }],
} as const satisfies Record<string, readonly GatewayConfigField[]>;

export type PaymentGatewayType = keyof typeof PAYMENT_GATEWAY_CONFIG;

export const PAYMENT_GATEWAY_TYPES = Object.keys(PAYMENT_GATEWAY_CONFIG) as PaymentGatewayType[];

/** The fields of a provider; none for a type this list does not know. */
export function gatewayConfigFields(typeIPG: string): readonly GatewayConfigField[] {
  return (PAYMENT_GATEWAY_CONFIG as Record<string, readonly GatewayConfigField[]>)[typeIPG] ?? [];
}

/** Whether one value fits its field (an absent flag does; an absent text only when not required). */
export function gatewayConfigValueFits(field: GatewayConfigField, value: unknown): boolean {
  if (value === undefined) return !field.required;
  if (field.kind === 'flag') return typeof value === 'boolean';
  if (typeof value !== 'string') return false;
  if (field.minLength !== undefined && value.length < field.minLength) return false;
  if (field.maxLength !== undefined && value.length > field.maxLength) return false;
  return field.pattern === undefined || field.pattern.test(value);
}

/** The first field (in the list's order) whose value does not fit, as `configJson.<name>` and its message key; null when all fit. */
export function gatewayConfigProblem(typeIPG: string, configJson: Record<string, unknown>): { field: string; key: string } | null {
  for (const f of gatewayConfigFields(typeIPG)) {
    if (!gatewayConfigValueFits(f, configJson[f.name])) return { field: `configJson.${f.name}`, key: f.invalid };
  }
  return null;
}
