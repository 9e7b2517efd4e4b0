import { createHash, timingSafeEqual } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import { AppError, notFound, unauthorized } from '../../platform/http/errors.js';
import { GatewayRegistry } from '../../gateways/gateway-registry.js';
import type { WebhookRequest, WebhookResponse } from '../../gateways/gateway-sdk.js';
import { SenderAgentsRepository } from './sender-agents.repository.js';

/** The header (or the `secret` query parameter) that carries a sender agent's webhook secret. */
export const WEBHOOK_SECRET_HEADER = 'x-peyk-webhook-secret';
/** A provider's webhook body: receipts in bulk fit well below this; more is refused unread (413). */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export function webhookSecretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * Provider calls to `/api/gateways/{agentId}/webhook`: no user session, the agent's secret instead.
 * The plugin's `handleWebhook` answers; it runs on the gateway this process holds (the role that
 * holds connections, plugins/CONTEXT.md) and acknowledges only what the host has stored.
 */
@injectable()
export class GatewayWebhooksService {
  constructor(
    @inject(SenderAgentsRepository) private readonly agents: SenderAgentsRepository,
    @inject(GatewayRegistry) private readonly registry: GatewayRegistry,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  async receive(agentId: number, secret: string | null, request: WebhookRequest): Promise<WebhookResponse> {
    const agent = await this.agents.findForWebhook(agentId);
    if (!agent) throw notFound('numbers.agentNotFound');
    // Both sides are SHA-256 digests, so the comparison is constant-time and of equal length.
    const given = Buffer.from(webhookSecretHash(secret ?? ''), 'hex');
    const stored = agent.webhookSecretHash ? Buffer.from(agent.webhookSecretHash, 'hex') : null;
    if (secret === null || secret === '' || !stored || stored.length !== given.length || !timingSafeEqual(given, stored)) {
      throw unauthorized('numbers.webhookSecretInvalid');
    }
    const gateway = this.registry.liveGateway(String(agentId));
    if (gateway && typeof gateway.handleWebhook !== 'function') throw notFound('numbers.webhookNotSupported');
    // Not held here (a web-only process, or the agent is not connected): 503, so the provider retries.
    if (!gateway) throw new AppError(503, 'numbers.gatewayNotConnected');
    try {
      return await gateway.handleWebhook!(request);
    } catch (err) {
      // A plugin should answer a bad call with a 4xx; a throw is its fault, and the provider retries.
      this.logger.error({ err, agentId }, 'gateway webhook handler threw');
      throw new AppError(503, 'numbers.webhookFailed');
    }
  }
}
