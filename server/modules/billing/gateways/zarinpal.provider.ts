import type {
  GatewayConfig, GatewayPayment, GatewayStart, GatewayStartOptions, GatewayVerification, PaymentGatewayProvider, ProviderEndpoints,
} from './provider.js';
import { GatewayRefusedError, GatewayUnavailableError } from './provider.js';
import { integerOf, postJson, recordOf } from './provider-http.js';
import { gatewayConfigProblem, gatewayConfigValueFits, PAYMENT_GATEWAY_CONFIG } from '../../../shared/billing/payment-gateway-config.js';

const [MERCHANT_ID] = PAYMENT_GATEWAY_CONFIG.Zarinpal;
const AUTHORITY = /^[A-Za-z0-9]{1,64}$/;

/** Zarinpal's codes of a successful verify: 100 verified now, 101 verified before (a repeat). */
const VERIFIED = new Set([100, 101]);
/**
 * Verify codes that are a verdict on this payment: -51 the payer did not pay (cancelled or failed).
 * -50 (the paid amount is not the one we send), -52/-53 (not this merchant's), -54 (unknown
 * authority) are refusals of the callback: nothing changes, the payment stays waiting.
 */
const NOT_PAID = new Set([-51]);
const REFUSED = new Set([-50, -52, -53, -54]);

function merchantOf(config: GatewayConfig): string {
  const id = config.configJson.merchantId;
  if (typeof id !== 'string' || !gatewayConfigValueFits(MERCHANT_ID, id)) throw new Error(`gateway ${config.id} has no Zarinpal merchantId`);
  return id;
}

/** `{data: {code, ...}, errors: []}` on success, `{data: [], errors: {code, message}}` on an error. */
function codeOf(json: unknown): { code: number | null; data: Record<string, unknown> | null } {
  const body = recordOf(json);
  const data = recordOf(body?.data);
  if (data && typeof data.code === 'number') return { code: data.code, data };
  const errors = recordOf(body?.errors);
  return { code: errors && typeof errors.code === 'number' ? errors.code : null, data: null };
}

/**
 * Zarinpal payment gateway, REST v4 (docs: zarinpal.com/docs/paymentGateway). Request
 * `POST {api}/request.json {merchant_id, amount, currency: 'IRR', description, callback_url,
 * metadata.order_id}` → `data.authority`; the payer goes to `{startPay}/{authority}`; Zarinpal sends
 * the payer back with `?Authority=…&Status=OK|NOK`; `POST {api}/verify.json {merchant_id, amount,
 * authority}` → `data.code` 100/101 and `data.ref_id`. Amounts are rials (`currency: 'IRR'` said
 * explicitly, so a merchant account set to toman changes nothing). The callback's Status is a hint
 * only: the verify answer decides, and Zarinpal checks our stored amount there (-50 when the paid
 * amount differs), so its verified amount is ours.
 */
export class ZarinpalGatewayProvider implements PaymentGatewayProvider {
  readonly type = 'Zarinpal';

  constructor(private readonly endpoints: () => ProviderEndpoints & { startPayUrl: string }) {}

  describe(config: GatewayConfig) {
    return { type: this.type, title: config.title, isSandbox: false };
  }

  validateConfig(configJson: Record<string, unknown>) {
    return gatewayConfigProblem(this.type, configJson);
  }

  async start(config: GatewayConfig, payment: GatewayPayment, options: GatewayStartOptions): Promise<GatewayStart> {
    const { apiUrl, timeoutMs, startPayUrl } = this.endpoints();
    const answer = await postJson(this.type, `${apiUrl}/request.json`, {
      merchant_id: merchantOf(config), amount: Number(payment.amount), currency: 'IRR',
      description: options.description, callback_url: options.callbackUrl, metadata: { order_id: String(payment.id) },
    }, {}, timeoutMs);
    const { code, data } = codeOf(answer.json);
    if (code === null) throw new GatewayUnavailableError(this.type, `HTTP ${answer.status} without a code`);
    const authority = data?.authority;
    if (code !== 100 || typeof authority !== 'string' || !AUTHORITY.test(authority)) throw new GatewayRefusedError(this.type, String(code));
    return { authority, redirectUrl: `${startPayUrl}/${encodeURIComponent(authority)}` };
  }

  callbackAuthority(params: Record<string, string | undefined>): string | null {
    const authority = params.Authority;
    return typeof authority === 'string' && AUTHORITY.test(authority) ? authority : null;
  }

  async verify(config: GatewayConfig, payment: GatewayPayment, params: Record<string, string | undefined>): Promise<GatewayVerification> {
    const refused: GatewayVerification = { ok: false, referenceId: null, amount: null };
    if (!payment.authority || params.Authority !== payment.authority) return refused;
    const { apiUrl, timeoutMs } = this.endpoints();
    const answer = await postJson(this.type, `${apiUrl}/verify.json`, {
      merchant_id: merchantOf(config), amount: Number(payment.amount), authority: payment.authority,
    }, {}, timeoutMs);
    const { code, data } = codeOf(answer.json);
    if (code !== null && VERIFIED.has(code)) {
      const ref = integerOf(data?.ref_id) ?? (typeof data?.ref_id === 'string' && data.ref_id ? data.ref_id : null);
      if (ref === null) throw new GatewayUnavailableError(this.type, `code ${code} without ref_id`);
      return { ok: true, referenceId: String(ref), amount: payment.amount };
    }
    if (code !== null && NOT_PAID.has(code)) return { ok: false, referenceId: null, amount: payment.amount };
    if (code !== null && REFUSED.has(code)) return refused;
    // Any other answer (validation -9, merchant -10/-11/-12, unknown) says nothing of the payment.
    throw new GatewayUnavailableError(this.type, `verify code ${code}`);
  }
}
