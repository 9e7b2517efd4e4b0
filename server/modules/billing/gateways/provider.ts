/** What a provider needs of the stored payment to start or verify it. */
export interface GatewayPayment {
  id: number;
  amount: bigint;
  authority: string | null;
}

/** A stored gateway configuration as the provider sees it (configJson holds its secrets). */
export interface GatewayConfig {
  id: number;
  typeIPG: string;
  title: string;
  configJson: Record<string, unknown>;
}

/** What the server adds when a payment starts: where the provider sends the payer back. */
export interface GatewayStartOptions {
  /** Absolute URL of `Payments/OnlineCallback` on this server. */
  callbackUrl: string;
  /** A short text the provider shows the payer. */
  description: string;
}

export interface GatewayStart {
  /** Where the payer's browser goes next. */
  redirectUrl: string;
  /** The gateway's token of this payment; the callback names the payment by it. */
  authority: string;
}

export interface GatewayVerification {
  ok: boolean;
  /** The gateway's reference number of a successful payment. */
  referenceId: string | null;
  /** The amount the gateway says was paid (rials); checked against the stored payment. */
  amount: bigint | null;
}

/**
 * The provider could not be reached or answered nothing usable (timeout, network, 5xx). Not a
 * verdict on the payment: a start fails with nothing stored, a verify leaves the payment waiting.
 */
export class GatewayUnavailableError extends Error {
  constructor(readonly provider: string, readonly reason: string) {
    super(`${provider}: ${reason}`);
  }
}

/** An online payment gateway (IPG). Each `typeIPG` has one provider in the registry. */
export interface PaymentGatewayProvider {
  readonly type: string;
  /** What the client shows for this gateway (never secrets). */
  describe(config: GatewayConfig): { type: string; title: string; [k: string]: unknown };
  /** Validates a configJson before it is stored; returns an error key per bad field. */
  validateConfig(configJson: Record<string, unknown>): { field: string; key: string } | null;
  start(config: GatewayConfig, payment: GatewayPayment, options: GatewayStartOptions): Promise<GatewayStart>;
  /**
   * The authority named by callback parameters in this provider's shape, or null when they are not
   * this provider's. The service finds the payment by it, then asks that payment's provider to verify.
   */
  callbackAuthority(params: Record<string, string | undefined>): string | null;
  /** Verifies the callback parameters (signature or a server-to-server verify) for the stored payment. */
  verify(config: GatewayConfig, payment: GatewayPayment, params: Record<string, string | undefined>): Promise<GatewayVerification>;
}

/** The provider answered and refused to start this payment (bad merchant, amount out of its range, ...). */
export class GatewayRefusedError extends Error {
  constructor(readonly provider: string, readonly code: string) {
    super(`${provider} refused: ${code}`);
  }
}

/** Where a provider's API is and how long one call may take (the operator's, from AppConfig). */
export interface ProviderEndpoints {
  apiUrl: string;
  timeoutMs: number;
}
