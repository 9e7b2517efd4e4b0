import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { numbersMessages } from './numbers.messages.js';
import { SenderAgentsRepository } from './sender-agents.repository.js';
import { PrivateNumbersRepository } from './private-numbers.repository.js';
import { BlacklistRepository } from './blacklist.repository.js';
import { LinesService } from './lines.service.js';
import { SenderAgentsService } from './sender-agents.service.js';
import { PrivateNumbersService } from './private-numbers.service.js';
import { BlacklistService } from './blacklist.service.js';
import { GatewayWebhooksService } from './gateway-webhooks.service.js';
import { AgentHealthService } from './agent-health.service.js';
import { NumberClassesRepository } from './number-classes.repository.js';
import { NumberClassesService } from './number-classes.service.js';
import { NumberPurchaseRepository } from './number-purchase.repository.js';
import { NumberPurchaseService } from './number-purchase.service.js';
import { NumberTransfersService } from './number-transfers.service.js';
import { buyRequestsController, numberPricesController, privateNumberTransfersController, blackListsController, gatewayWebhooksController, numberClassesController, privateNumbersController, senderAgentsController } from './numbers.routes.js';

export const numbersModule: PeykModule = {
  name: 'numbers',
  messages: numbersMessages,
  register(container: Container) {
    const classes: (new (...args: never[]) => unknown)[] = [
      SenderAgentsRepository, PrivateNumbersRepository, BlacklistRepository, LinesService, SenderAgentsService, PrivateNumbersService, BlacklistService, GatewayWebhooksService,
      AgentHealthService, NumberClassesRepository, NumberClassesService, NumberPurchaseRepository, NumberPurchaseService, NumberTransfersService,
    ];
    for (const cls of classes) container.bind(cls).toSelf().inSingletonScope();
  },
  controllers: (container) => [
    senderAgentsController(container.get(SenderAgentsService)),
    privateNumbersController(container.get(PrivateNumbersService)),
    blackListsController(container.get(BlacklistService)),
    gatewayWebhooksController(container.get(GatewayWebhooksService)),
    numberClassesController(container.get(NumberClassesService)),
    numberPricesController(container.get(NumberPurchaseService)),
    buyRequestsController(container.get(NumberPurchaseService)),
    privateNumberTransfersController(container.get(NumberTransfersService)),
  ],
  jobs(container) {
    const classes = container.get(NumberClassesService);
    // Daily, at night: lines and the class list change rarely; "check now" covers the rest.
    return [{ name: 'numbers.check-number-classes', schedule: '0 10 3 * * *', scope: 'global', run: (now, signal) => classes.checkAll(now, signal) }];
  },
};
