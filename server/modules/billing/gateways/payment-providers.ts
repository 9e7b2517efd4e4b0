import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { AppConfig } from '../../../platform/config.js';
import type { PaymentGatewayProvider } from './provider.js';
import { SandboxGatewayProvider } from './sandbox.provider.js';
import { ZarinpalGatewayProvider } from './zarinpal.provider.js';
import { IdpayGatewayProvider } from './idpay.provider.js';

/**
 * The payment providers (bank gateways) by `typeIPG`. Not server/gateways' GatewayRegistry, which
 * holds the SMS sender plugins. The real providers read their API addresses from the operator's
 * configuration (AppConfig.onlinePayment) when called, never from a gateway's configJson.
 */
@injectable()
export class PaymentProviderRegistry {
  private readonly providers = new Map<string, PaymentGatewayProvider>();

  constructor(@inject(TYPES.Config) config: AppConfig) {
    this.register(new SandboxGatewayProvider());
    this.register(new ZarinpalGatewayProvider(() => ({
      apiUrl: config.onlinePayment.zarinpalApiUrl, startPayUrl: config.onlinePayment.zarinpalStartPayUrl, timeoutMs: config.onlinePayment.timeoutMs,
    })));
    this.register(new IdpayGatewayProvider(() => ({ apiUrl: config.onlinePayment.idpayApiUrl, timeoutMs: config.onlinePayment.timeoutMs })));
  }

  register(provider: PaymentGatewayProvider): void {
    this.providers.set(provider.type, provider);
  }

  get(type: string): PaymentGatewayProvider | null {
    return this.providers.get(type) ?? null;
  }

  types(): string[] {
    return [...this.providers.keys()];
  }

  /** The authority the callback parameters name, in the shape of whichever provider they are. */
  authorityFrom(params: Record<string, string | undefined>): string | null {
    for (const provider of this.providers.values()) {
      const authority = provider.callbackAuthority(params);
      if (authority) return authority;
    }
    return null;
  }
}
