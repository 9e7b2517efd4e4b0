import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import { INBOUND_SINK } from '../../gateways/gateway-host.js';
import { inboundMessages } from './inbound.messages.js';
import { InboxRepository } from './inbox.repository.js';
import { InboxService } from './inbox.service.js';
import { inboxController, optOutsController } from './inbox.routes.js';
import { OptOutsRepository } from './opt-outs.repository.js';
import { OptOutsService } from './opt-outs.service.js';
import { InboundActionsRepository } from './inbound-actions.repository.js';
import { InboundActionsSignal, InboundActionsWorker } from './inbound-actions.worker.js';
import { ReplyActionHandler } from './reply-action.handler.js';
import { AggregatorRulesRepository } from './aggregator-rules.repository.js';
import { AggregatorRulesService } from './aggregator-rules.service.js';
import { aggregatorRulesController } from './aggregator-rules.routes.js';
import { aggregatorRuleMessages } from './aggregator-rules.messages.js';
import { INBOUND_ACTION_HANDLERS, INBOUND_STEPS } from './inbound-contracts.js';
import { INBOUND_LISTENERS } from './inbox.service.js';
import { PollsRepository } from './polls.repository.js';
import { PollsService } from './polls.service.js';
import { PollAnswersStep } from './polls.step.js';
import { PollResultsListener } from './polls.listener.js';
import { pollsController } from './polls.routes.js';
import { pollsMessages } from './polls.messages.js';
import { SafeListsRepository } from './safe-lists.repository.js';
import { SafeListsService } from './safe-lists.service.js';
import { SafeListStep } from './safe-list.step.js';
import { safeListsController } from './safe-lists.routes.js';

/** Finished actions are kept this long for the message detail and support, then swept. */
const ACTION_KEEP_DAYS = 30;

export const inboundModule: PeykModule = {
  name: 'inbound',
  messages: { ...inboundMessages, ...aggregatorRuleMessages, ...pollsMessages },
  register(container: Container) {
    const classes = [InboxRepository, InboxService, OptOutsRepository, OptOutsService, InboundActionsRepository, InboundActionsSignal, InboundActionsWorker, ReplyActionHandler,
      AggregatorRulesRepository, AggregatorRulesService, PollsRepository, PollsService, PollAnswersStep, PollResultsListener,
      SafeListsRepository, SafeListsService, SafeListStep] as (new (...args: never[]) => unknown)[];
    for (const cls of classes) container.bind(cls).toSelf().inSingletonScope();
    // Gateways' inbound messages reach the inbox through messaging's host bridge by this token.
    container.bind(INBOUND_SINK).toService(InboxService);
    container.bind(INBOUND_ACTION_HANDLERS).toService(ReplyActionHandler);
    container.bind(INBOUND_STEPS).toService(SafeListStep);
    container.bind(INBOUND_STEPS).toService(PollAnswersStep);
    container.bind(INBOUND_LISTENERS).toService(PollResultsListener);
  },
  controllers: (container) => [inboxController(container.get(InboxService)), optOutsController(container.get(OptOutsService)),
    aggregatorRulesController(container.get(AggregatorRulesService)), pollsController(container.get(PollsService), container.get(TYPES.Translator)),
    safeListsController(container.get(SafeListsService))],
  jobs(container) {
    const actions = container.get(InboundActionsRepository);
    return [
      { name: 'inbound.sweep-finished-actions', schedule: '0 23 3 * * *', scope: 'global', run: (now) => actions.sweepFinished(new Date(now.getTime() - ACTION_KEEP_DAYS * 86_400_000)) },
    ];
  },
  async onStart(container) {
    const config = container.get<AppConfig>(TYPES.Config);
    if (config.role !== 'web' && config.inboundActions.enabled) container.get(InboundActionsWorker).start();
  },
  async onStop(container) {
    await container.get(InboundActionsWorker).stop();
  },
};
