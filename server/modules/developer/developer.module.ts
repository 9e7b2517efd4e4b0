import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { TYPES } from '../../platform/tokens.js';
import { developerMessages } from './developer.messages.js';
import { ApiTokensRepository } from './api-tokens.repository.js';
import { ApiTokensService } from './api-tokens.service.js';
import { ApiV1Service } from './api-v1.service.js';
import { ApiTokenAuthenticator, ChannelAuthenticator } from './api-token.authenticator.js';
import { apiTokensController, apiV1Controller } from './developer.routes.js';
import { ApiRulesRepository } from './api-rules.repository.js';
import { ApiCallLogsRepository } from './api-call-logs.repository.js';
import { ApiGuardService } from './api-guard.service.js';
import { ApiCallLogService } from './api-call-log.service.js';
import { ApiRulesService } from './api-rules.service.js';
import { apiRulesController } from './api-rules.routes.js';

export const developerModule: PeykModule = {
  name: 'developer',
  messages: developerMessages,
  register(container: Container) {
    const classes: (new (...args: never[]) => unknown)[] = [ApiTokensRepository, ApiTokensService, ApiV1Service, ApiTokenAuthenticator, ChannelAuthenticator,
      ApiRulesRepository, ApiCallLogsRepository, ApiGuardService, ApiCallLogService, ApiRulesService];
    for (const cls of classes) container.bind(cls).toSelf().inSingletonScope();
    // The router has one authenticator: this one sends /v1/* to the token check and the rest to
    // identity's session check (see CONTEXT.md). Identity must be registered before this module.
    container.rebind(TYPES.Authenticator).toService(ChannelAuthenticator);
  },
  controllers: (container) => [apiTokensController(container.get(ApiTokensService)), apiV1Controller(container.get(ApiV1Service)), apiRulesController(container.get(ApiRulesService))],
  jobs(container) {
    const callLog = container.get(ApiCallLogService);
    return [{ name: 'developer.sweep-call-logs', schedule: '0 41 * * * *', scope: 'global', run: (now) => callLog.sweep(now) }];
  },
  // After the HTTP server closed (app.ts): the last calls' rows are written before the database goes.
  async onStop(container) {
    await container.get(ApiCallLogService).stop();
  },
};
