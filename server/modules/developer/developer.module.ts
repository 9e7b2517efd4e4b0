import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { TYPES } from '../../platform/tokens.js';
import { developerMessages } from './developer.messages.js';
import { ApiTokensRepository } from './api-tokens.repository.js';
import { ApiTokensService } from './api-tokens.service.js';
import { ApiV1Service } from './api-v1.service.js';
import { ApiTokenAuthenticator, ChannelAuthenticator } from './api-token.authenticator.js';
import { apiTokensController, apiV1Controller } from './developer.routes.js';
import { RECEIVER_EVENT_LISTENERS } from '../messaging/index.js';
import { INBOUND_LISTENERS } from '../inbox/index.js';
import { SmppAccountsRepository } from './smpp-server/smpp-accounts.repository.js';
import { SmppAccountsService } from './smpp-server/smpp-accounts.service.js';
import { SmppOutboxRepository } from './smpp-server/smpp-outbox.repository.js';
import { SmppReceiptsListener } from './smpp-server/smpp-receipts.listener.js';
import { SmppInboundListener } from './smpp-server/smpp-inbound.listener.js';
import { SmppServer, OUTBOX_TTL_HOURS } from './smpp-server/smpp-server.js';
import { SmppSignal } from './smpp-server/smpp-signal.js';
import { smppAccountsController } from './smpp-server/smpp-accounts.routes.js';
import type { AppConfig } from '../../platform/config.js';

export const developerModule: PeykModule = {
  name: 'developer',
  messages: developerMessages,
  register(container: Container) {
    const classes: (new (...args: never[]) => unknown)[] = [ApiTokensRepository, ApiTokensService, ApiV1Service, ApiTokenAuthenticator, ChannelAuthenticator];
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
  },
  controllers: (container) => [apiTokensController(container.get(ApiTokensService)), apiV1Controller(container.get(ApiV1Service)), smppAccountsController(container.get(SmppAccountsService))],
  // The SMPP server serves traffic: it runs where HTTP does (role all or web), when a port is configured.
  async onStart(container) {
    if (container.get<AppConfig>(TYPES.Config).role !== 'worker') await container.get(SmppServer).start();
  },
  async onStop(container) {
    await container.get(SmppServer).stop();
  },
  jobs(container) {
    const outbox = container.get(SmppOutboxRepository);
    return [{
      name: 'developer.smppOutboxExpiry', schedule: '0 */10 * * * *', scope: 'global',
      run: (now: Date) => outbox.expire(new Date(now.getTime() - OUTBOX_TTL_HOURS * 3_600_000)),
    }];
  },
};
