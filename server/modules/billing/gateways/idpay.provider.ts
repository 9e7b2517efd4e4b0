import type {
  GatewayConfig, GatewayPayment, GatewayStart, GatewayStartOptions, GatewayVerification, PaymentGatewayProvider, ProviderEndpoints,
} from './provider.js';
import { GatewayRefusedError, GatewayUnavailableError } from './provider.js';
import { integerOf, postJson, recordOf } from './provider-http.js';
import { gatewayConfigProblem, gatewayConfigValueFits, PAYMENT_GATEWAY_CONFIG } from '../../../shared/billing/payment-gateway-config.js';

const [API_KEY] = PAYMENT_GATEWAY_CONFIG.IDPay;
const PAYMENT_ID = /^[0-9a-fA-F]{32}$/;

/** IDPay's verify statuses of a paid payment: 100 verified now, 101 verified before (a repeat). */
const VERIFIED = new Set([100, 101]);
/** IDPay error codes of a verify that are a verdict "not paid": 51 not done, 52 no result, 53 cannot verify, 54 verify window passed. */
const NOT_PAID = new Set([51, 52, 53, 54]);

function keyOf(config: GatewayConfig): string {
  const key = config.configJson.apiKey;
  if (typeof key !== 'string' || !gatewayConfigValueFits(API_KEY, key)) throw new Error(`gateway ${config.id} has no IDPay apiKey`);
  return key;
}

/**
 * IDPay web service v1.1 (docs: idpay.ir/web-service/v1.1). Create `POST {api} {order_id, amount,
 * callback, desc}` with `X-API-KEY` (and `X-SANDBOX: 1` for the configuration's `sandbox`) → 201
 * `{id, link}`; the payer goes to `link`; IDPay sends the payer back to the callback with
 * `status, track_id, id, order_id` (the web service's return method must be GET; a POST return is
 * not accepted by this server); `POST {api}/verify {id, order_id}` → `{status: 100|101, track_id,
 * amount, ...}`. Amounts are rials on both sides. `order_id` is our payment id: a callback naming
 * another one is refused, and the verified amount must equal the stored one (else refused).
 */
export class IdpayGatewayProvider implements PaymentGatewayProvider {
  readonly type = 'IDPay';

  constructor(private readonly endpoints: () => ProviderEndpoints) {}

  describe(config: GatewayConfig) {
    return { type: this.type, title: config.title, isSandbox: config.configJson.sandbox === true };
  }

  validateConfig(configJson: Record<string, unknown>) {
    return gatewayConfigProblem(this.type, configJson);
  }

  private headers(config: GatewayConfig): Record<string, string> {
    return { 'X-API-KEY': keyOf(config), ...(config.configJson.sandbox === true ? { 'X-SANDBOX': '1' } : {}) };
  }

  async start(config: GatewayConfig, payment: GatewayPayment, options: GatewayStartOptions): Promise<GatewayStart> {
    const { apiUrl, timeoutMs } = this.endpoints();
    const answer = await postJson(this.type, apiUrl, {
      order_id: String(payment.id), amount: Number(payment.amount), callback: options.callbackUrl, desc: options.description,
    }, this.headers(config), timeoutMs);
    const body = recordOf(answer.json);
    const id = body?.id;
    const link = body?.link;
    if (answer.status === 201 && typeof id === 'string' && PAYMENT_ID.test(id) && typeof link === 'string' && /^https?:\/\//.test(link)) {
      return { authority: id, redirectUrl: link };
    }
    throw new GatewayRefusedError(this.type, String(body?.error_code ?? `HTTP ${answer.status}`));
  }

  callbackAuthority(params: Record<string, string | undefined>): string | null {
    const id = params.id;
    return typeof id === 'string' && PAYMENT_ID.test(id) && typeof params.order_id === 'string' ? id : null;
  }

  async verify(config: GatewayConfig, payment: GatewayPayment, params: Record<string, string | undefined>): Promise<GatewayVerification> {
    const refused: GatewayVerification = { ok: false, referenceId: null, amount: null };
    if (!payment.authority || params.id !== payment.authority || params.order_id !== String(payment.id)) return refused;
    // A callback that names an amount (IDPay's POST shape, or a hand-made one) must name ours.
    if (params.amount !== undefined && integerOf(params.amount) !== payment.amount) return refused;
    const { apiUrl, timeoutMs } = this.endpoints();
    const answer = await postJson(this.type, `${apiUrl}/verify`, { id: payment.authority, order_id: String(payment.id) }, this.headers(config), timeoutMs);
    const body = recordOf(answer.json);
    const status = integerOf(body?.status);
    if (answer.status === 200 && status !== null && VERIFIED.has(Number(status))) {
      if (body?.id !== payment.authority || String(body?.order_id) !== String(payment.id)) return refused;
      const trackId = integerOf(body?.track_id);
      if (trackId === null) throw new GatewayUnavailableError(this.type, 'verified without track_id');
      return { ok: true, referenceId: String(trackId), amount: integerOf(body?.amount) };
    }
    const errorCode = integerOf(body?.error_code);
    if (answer.status !== 200 && errorCode !== null && NOT_PAID.has(Number(errorCode))) return { ok: false, referenceId: null, amount: payment.amount };
    if (answer.status === 200 && status !== null) return { ok: false, referenceId: null, amount: payment.amount };
    // Key, IP or web-service errors (11–14, 21, ...) say nothing of the payment: it stays waiting.
    throw new GatewayUnavailableError(this.type, `verify HTTP ${answer.status} code ${errorCode}`);
  }
}
