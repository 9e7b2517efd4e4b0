import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import { OutboundUrlGuard, OutboundRequestError, outboundFailureText } from '../../platform/outbound/outbound-url-guard.js';
import { GatewayHosts } from '../../gateways/gateway-host.js';
import { countParts } from '../../shared/sms/sms-text.js';
import type { InboundActionHandler, InboundActionOutcome, InboundActionRow } from './inbound-contracts.js';
import { InboxGroupsRepository } from './inbox-groups.repository.js';
import { FORWARD_EMAIL_ACTION, FORWARD_URL_ACTION, type ForwardEmailPayload, type ForwardUrlPayload } from './inbox-rules.step.js';

/** The spec's forwarding URL: the rule's address with To, From and Text added to its query. */
export function forwardUrlOf(p: ForwardUrlPayload): string {
  const url = new URL(p.url);
  url.searchParams.set('To', p.to);
  url.searchParams.set('From', p.from);
  url.searchParams.set('Text', p.text);
  return url.toString();
}

/**
 * `forward-url`: the spec's GET through the outbound URL guard (checked again at connect). A 2xx is
 * done; a 5xx, 408, 429 or no answer is tried again with the worker's back-off; another 4xx or an
 * address the guard refuses now is the same on every try (permanent). The receiver's text is never
 * kept, only the status.
 */
@injectable()
export class ForwardUrlHandler implements InboundActionHandler {
  readonly kind = FORWARD_URL_ACTION;

  constructor(
    @inject(OutboundUrlGuard) private readonly guard: OutboundUrlGuard,
    @inject(TYPES.Config) private readonly config: AppConfig,
  ) {}

  async run(action: InboundActionRow): Promise<InboundActionOutcome> {
    const p = action.payload as unknown as ForwardUrlPayload;
    let url: string;
    try { url = forwardUrlOf(p); } catch { return { done: false, permanent: true, error: 'malformed address' }; }
    try {
      // A little under the worker's time-out, so the attempt ends here with its own reason.
      const { statusCode } = await this.guard.request({ method: 'GET', url, headers: { 'user-agent': 'Peyk-Inbound-Forward' }, body: null, timeoutMs: Math.max(500, this.config.inboundActions.timeoutMs - 200) });
      if (statusCode >= 200 && statusCode < 300) return { done: true, result: { statusCode } };
      const again = statusCode >= 500 || statusCode === 408 || statusCode === 429;
      return { done: false, permanent: !again, error: `HTTP ${statusCode}` };
    } catch (err) {
      return { done: false, permanent: err instanceof OutboundRequestError && err.kind === 'refused', error: outboundFailureText(err) };
    }
  }
}

/**
 * `forward-email`: one mail through a sender agent of type Email (the email gateway plugin, its SMTP
 * server configured by the operator) that the rule's organization may use — its own or one above
 * it. The plugin takes an address with `@` as the recipient as it is. Not an SMS: not priced. No
 * such agent (any more) is permanent; a transient gateway answer is tried again.
 */
@injectable()
export class ForwardEmailHandler implements InboundActionHandler {
  readonly kind = FORWARD_EMAIL_ACTION;

  constructor(
    @inject(InboxGroupsRepository) private readonly repo: InboxGroupsRepository,
    @inject(GatewayHosts) private readonly hosts: GatewayHosts,
  ) {}

  async run(action: InboundActionRow): Promise<InboundActionOutcome> {
    const p = action.payload as unknown as ForwardEmailPayload;
    const agent = action.organizationId === null ? null : await this.repo.emailAgentFor(action.organizationId);
    if (!agent) return { done: false, permanent: true, error: 'no Email sender agent is configured for the organization' };
    const gateway = await this.hosts.gatewayOf(agent);
    const text = `${p.from} → ${p.to}\n${p.text}`;
    const { encoding, parts } = countParts(text);
    const [result] = await gateway.submit([{ id: `inbound-action-${action.id}`, to: p.email, from: p.from, text, encoding, parts: Math.max(1, parts), flash: false }]);
    if (!result) return { done: false, permanent: false, error: 'no answer from the email gateway' };
    if (result.status === 'accepted') return { done: true, result: { agentId: agent.id, providerId: result.providerId ?? null } };
    return { done: false, permanent: result.status === 'rejected', error: `${result.status}: ${result.code}` };
  }
}
