import { injectable } from 'inversify';
import type { PaymentGatewayProvider } from './provider.js';
import { SandboxGatewayProvider } from './sandbox.provider.js';

/**
 * The payment providers (bank gateways) by `typeIPG`. Real banks are added here as further
 * providers. Not server/gateways' GatewayRegistry, which holds the SMS sender plugins.
 */
@injectable()
export class PaymentProviderRegistry {
  private readonly providers = new Map<string, PaymentGatewayProvider>();

  constructor() {
    this.register(new SandboxGatewayProvider());
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
}
