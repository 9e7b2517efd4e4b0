import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import { RECEIVER_EVENT_LISTENERS } from '../messaging/index.js';
import { INBOUND_LISTENERS } from '../inbound/index.js';
import { developerMessages } from './developer.messages.js';
import { ApiTokensRepository } from './api-tokens.repository.js';
import { ApiTokensService } from './api-tokens.service.js';
import { ApiV1Service } from './api-v1.service.js';
import { ApiTokenAuthenticator, ChannelAuthenticator } from './api-token.authenticator.js';
import { apiTokensController, apiV1Controller } from './developer.routes.js';
import { apiV1Docs, otpV1Docs } from './api-v1.docs.js';
import { withDocs } from '../../platform/http/router.js';
import { ApiRulesRepository } from './api-rules.repository.js';
import { ApiCallLogsRepository } from './api-call-logs.repository.js';
import { ApiGuardService } from './api-guard.service.js';
import { ApiCallLogService } from './api-call-log.service.js';
import { ApiRulesService } from './api-rules.service.js';
import { apiRulesController } from './api-rules.routes.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';
import { WebhookSignal } from './webhook-signal.js';
import { WebhookEventsListener } from './webhook-events.listener.js';
import { WebhookDeliveryWorker } from './webhook-delivery.worker.js';
import { webhooksController } from './webhooks.routes.js';
import { otpFormatMessages } from './otp-formats.messages.js';
import { OtpFormatsRepository } from './otp-formats.repository.js';
import { OtpFormatsService } from './otp-formats.service.js';
import { otpFormatsController, otpV1Controller } from './otp-formats.routes.js';
import { SmppAccountsRepository } from './smpp-server/smpp-accounts.repository.js';
import { SmppAccountsService } from './smpp-server/smpp-accounts.service.js';
import { SmppOutboxRepository } from './smpp-server/smpp-outbox.repository.js';
import { SmppReceiptsListener } from './smpp-server/smpp-receipts.listener.js';
import { SmppInboundListener } from './smpp-server/smpp-inbound.listener.js';
import { SmppServer, OUTBOX_TTL_HOURS } from './smpp-server/smpp-server.js';
import { SmppSignal } from './smpp-server/smpp-signal.js';
import { smppAccountsController } from './smpp-server/smpp-accounts.routes.js';

export const developerModule: PeykModule = {
  name: 'developer',
  messages: { ...developerMessages, ...otpFormatMessages },
  register(container: Container) {
    const classes: (new (...args: never[]) => unknown)[] = [ApiTokensRepository, ApiTokensService, ApiV1Service, ApiTokenAuthenticator, ChannelAuthenticator,
      ApiRulesRepository, ApiCallLogsRepository, ApiGuardService, ApiCallLogService, ApiRulesService,
      WebhooksRepository, WebhooksService, WebhookSignal, WebhookEventsListener, WebhookDeliveryWorker,
      OtpFormatsRepository, OtpFormatsService];
    for (const cls of classes) container.bind(cls).toSelf().inSingletonScope();
    for (const cls of [SmppAccountsRepository, SmppAccountsService, SmppOutboxRepository, SmppReceiptsListener, SmppInboundListener, SmppServer, SmppSignal] as (new (...args: never[]) => unknown)[]) {
      container.bind(cls).toSelf().inSingletonScope();
    }
    // Receipts are written in the transaction that moves a receiver, in whichever process settles it.
    container.bind(RECEIVER_EVENT_LISTENERS).toService(SmppReceiptsListener);
    container.bind(INBOUND_LISTENERS).toService(SmppInboundListener);
    // The router has one authenticator: this one sends /v1/* to the token check and the rest to
    // identity's session check (see CONTEXT.md). Identity must be registered before this module.
    container.rebind(TYPES.Authenticator).toService(ChannelAuthenticator);
    // Told inside the report transactions (status webhooks) and woken by new inbox rows (inbound ones).
    container.bind(RECEIVER_EVENT_LISTENERS).toService(WebhookEventsListener);
    container.bind(INBOUND_LISTENERS).toService(WebhookEventsListener);
  },
  controllers: (container) => [
    apiTokensController(container.get(ApiTokensService)), withDocs(apiV1Controller(container.get(ApiV1Service)), apiV1Docs), apiRulesController(container.get(ApiRulesService)),
    webhooksController(container.get(WebhooksService)),
    otpFormatsController(container.get(OtpFormatsService)), withDocs(otpV1Controller(container.get(OtpFormatsService)), otpV1Docs),
    smppAccountsController(container.get(SmppAccountsService)),
  ],
  jobs(container) {
    const callLog = container.get(ApiCallLogService);
    const smppOutbox = container.get(SmppOutboxRepository);
    return [
      { name: 'developer.sweep-call-logs', schedule: '0 41 * * * *', scope: 'global', run: (now, signal) => callLog.sweep(now, signal) },
      // Receipts and inbound messages no receiver bound for within OUTBOX_TTL_HOURS (smpp-server/CONTEXT.md).
      { name: 'developer.smppOutboxExpiry', schedule: '0 */10 * * * *', scope: 'global', run: (now) => smppOutbox.expire(new Date(now.getTime() - OUTBOX_TTL_HOURS * 3_600_000)) },
    ];
  },
  async onStart(container) {
    const config = container.get<AppConfig>(TYPES.Config);
    // Like the dispatcher: the web-only role inserts deliveries, worker processes make them.
    if (config.role !== 'web' && config.webhooks.enabled) container.get(WebhookDeliveryWorker).start();
    // The SMPP server serves traffic: it runs where HTTP does (role all or web), when a port is configured.
    if (config.role !== 'worker') await container.get(SmppServer).start();
  },
  // After the HTTP server closed (app.ts): the last calls' rows are written before the database goes.
  async onStop(container) {
    await container.get(SmppServer).stop();
    await container.get(WebhookDeliveryWorker).stop();
    await container.get(ApiCallLogService).stop();
  },
};
