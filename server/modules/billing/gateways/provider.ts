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

/** An online payment gateway (IPG). Each `typeIPG` has one provider in the registry. */
export interface PaymentGatewayProvider {
  readonly type: string;
  /** What the client shows for this gateway (never secrets). */
  describe(config: GatewayConfig): { type: string; title: string; [k: string]: unknown };
  /** Validates a configJson before it is stored; returns an error key per bad field. */
  validateConfig(configJson: Record<string, unknown>): { field: string; key: string } | null;
  start(config: GatewayConfig, payment: GatewayPayment): Promise<GatewayStart>;
  /** Verifies the callback parameters (signature included) for the stored payment. */
  verify(config: GatewayConfig, payment: GatewayPayment, params: Record<string, string | undefined>): Promise<GatewayVerification>;
}
