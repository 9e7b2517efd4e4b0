import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import type { Translator } from '../../platform/i18n.js';
import { OutboundRequestError, OutboundUrlGuard, outboundFailureText } from '../../platform/outbound/outbound-url-guard.js';
import type { InboundActionHandler, InboundActionOutcome, InboundActionRow } from './inbound-contracts.js';
import { PARSER_CALL_URL_ACTION, PARSER_FORWARD_EMAIL_ACTION } from './text-parsers.step.js';

interface CallUrlPayload { url: string; from: string; to: string; text: string }

/**
 * A text parser's URL call: the spec's rule for a user's URL, GET with query parameters To (the
 * line), From (the sender) and Text, http or https only, through the outbound URL guard (checked
 * again at connect). 2xx is done; 4xx other than 408/429 and a refused address are final; the rest
 * is retried by the actions worker. The caller reads only the status, never the answer's body.
 */
@injectable()
export class ParserCallUrlHandler implements InboundActionHandler {
  readonly kind = PARSER_CALL_URL_ACTION;

  constructor(
    @inject(OutboundUrlGuard) private readonly outbound: OutboundUrlGuard,
    @inject(TYPES.Config) private readonly config: AppConfig,
  ) {}

  async run(action: InboundActionRow): Promise<InboundActionOutcome> {
    const p = action.payload as unknown as CallUrlPayload;
    let url: URL;
    try {
      url = new URL(p.url);
    } catch {
      return { done: false, permanent: true, error: 'malformed address' };
    }
    url.searchParams.set('To', p.to);
    url.searchParams.set('From', p.from);
    url.searchParams.set('Text', p.text);
    try {
      const { statusCode } = await this.outbound.request({ method: 'GET', url: url.toString(), headers: { 'user-agent': 'Peyk text parser' }, body: null, timeoutMs: Math.min(this.config.inboundActions.timeoutMs, 10_000) });
      if (statusCode >= 200 && statusCode < 300) return { done: true, result: { statusCode } };
      const final = statusCode >= 400 && statusCode < 500 && statusCode !== 408 && statusCode !== 429;
      return { done: false, permanent: final, error: `HTTP ${statusCode}` };
    } catch (err) {
      return { done: false, permanent: err instanceof OutboundRequestError && err.kind === 'refused', error: outboundFailureText(err) };
    }
  }
}

/**
 * Forwarding to an email: the installation has no mail transport for the panel's own mail yet, so
 * the action is recorded as failed with that reason (the form says so), never silently dropped.
 */
@injectable()
export class ParserForwardEmailHandler implements InboundActionHandler {
  readonly kind = PARSER_FORWARD_EMAIL_ACTION;

  constructor(@inject(TYPES.Translator) private readonly translator: Translator) {}

  async run(): Promise<InboundActionOutcome> {
    return { done: false, permanent: true, error: this.translator.t('en-US', 'textParsers.emailUnavailable', {}) };
  }
}
