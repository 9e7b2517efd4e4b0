import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { GatewayConfig, GatewayPayment, GatewayStart, GatewayStartOptions, GatewayVerification, PaymentGatewayProvider } from './provider.js';
import { gatewayConfigProblem } from '../../../shared/billing/payment-gateway-config.js';

/** The text the sandbox "bank" signs: authority, amount and outcome. */
export function sandboxSignature(secret: string, authority: string, amount: string, status: string): string {
  return createHmac('sha256', secret).update(`${authority}|${amount}|${status}`).digest('hex');
}

function secretOf(config: GatewayConfig): string {
  const secret = config.configJson.secret;
  if (typeof secret !== 'string' || secret.length < 16) throw new Error(`gateway ${config.id} has no sandbox secret`);
  return secret;
}

/**
 * A gateway for development and tests: `start` sends the payer to a page of this server
 * (`Payments/SandboxPay`) whose Pay and Fail buttons go to the callback signed with the gateway's
 * secret (HMAC-SHA256 of `authority|amount|status`), as a real bank would.
 */
export class SandboxGatewayProvider implements PaymentGatewayProvider {
  readonly type = 'Sandbox';

  describe(config: GatewayConfig) {
    return { type: this.type, title: config.title, isSandbox: true };
  }

  validateConfig(configJson: Record<string, unknown>) {
    return gatewayConfigProblem(this.type, configJson);
  }

  async start(_config: GatewayConfig, _payment: GatewayPayment, _options: GatewayStartOptions): Promise<GatewayStart> {
    const authority = `SBX${randomBytes(16).toString('hex')}`;
    return { authority, redirectUrl: `/api/Payments/SandboxPay?authority=${authority}` };
  }

  callbackAuthority(params: Record<string, string | undefined>): string | null {
    return typeof params.authority === 'string' && params.authority.startsWith('SBX') ? params.authority : null;
  }

  /** The two links of the sandbox page (what the "bank" answers for success and failure). */
  links(config: GatewayConfig, payment: GatewayPayment): { pay: string; fail: string } {
    const secret = secretOf(config);
    const authority = payment.authority as string;
    const amount = payment.amount.toString();
    const link = (status: string) =>
      `/api/Payments/OnlineCallback?authority=${encodeURIComponent(authority)}&status=${status}&amount=${amount}&signature=${sandboxSignature(secret, authority, amount, status)}`;
    return { pay: link('OK'), fail: link('NOK') };
  }

  async verify(config: GatewayConfig, payment: GatewayPayment, params: Record<string, string | undefined>): Promise<GatewayVerification> {
    const { authority, status, amount, signature } = params;
    const refused: GatewayVerification = { ok: false, referenceId: null, amount: null };
    if (!authority || !status || !amount || !signature || !/^[0-9]{1,19}$/.test(amount) || !/^[0-9a-f]{64}$/.test(signature)) return refused;
    const expected = Buffer.from(sandboxSignature(secretOf(config), authority, amount, status), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return refused;
    if (status !== 'OK') return { ok: false, referenceId: null, amount: BigInt(amount) };
    return { ok: true, referenceId: `SBX-REF-${payment.id}`, amount: BigInt(amount) };
  }
}
