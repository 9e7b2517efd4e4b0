import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import { INBOUND_SINK } from '../../gateways/gateway-host.js';
import { inboundMessages } from './inbound.messages.js';
import { InboxRepository } from './inbox.repository.js';
import { InboxService } from './inbox.service.js';
import { inboxController, inboxGroupsController, inboxRulesController, optOutsController } from './inbox.routes.js';
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
import { textParsersMessages } from './text-parsers.messages.js';
import { TextParsersRepository } from './text-parsers.repository.js';
import { TextParsersService } from './text-parsers.service.js';
import { TextParsersCache, TextParsersStep } from './text-parsers.step.js';
import { textParsersController } from './text-parsers.routes.js';
import { LOOP_WINDOW_MS } from './text-parsers.match.js';
import { InboxGroupsRepository } from './inbox-groups.repository.js';
import { InboxGroupsService } from './inbox-groups.service.js';
import { InboxRulesStep } from './inbox-rules.step.js';
import { ForwardEmailHandler, ForwardUrlHandler } from './forward-actions.handler.js';
import { InboxExporter } from './inbox-export.worker.js';

/** Finished actions are kept this long for the message detail and support, then swept. */
const ACTION_KEEP_DAYS = 30;

export const inboundModule: PeykModule = {
  name: 'inbound',
  messages: { ...inboundMessages, ...aggregatorRuleMessages, ...pollsMessages, ...textParsersMessages },
  register(container: Container) {
    const classes = [InboxRepository, InboxService, OptOutsRepository, OptOutsService, InboundActionsRepository, InboundActionsSignal, InboundActionsWorker, ReplyActionHandler,
      AggregatorRulesRepository, AggregatorRulesService, PollsRepository, PollsService, PollAnswersStep, PollResultsListener,
      SafeListsRepository, SafeListsService, SafeListStep,
      InboxGroupsRepository, InboxGroupsService, InboxRulesStep, ForwardUrlHandler, ForwardEmailHandler, InboxExporter] as (new (...args: never[]) => unknown)[];
    for (const cls of classes) container.bind(cls).toSelf().inSingletonScope();
    // Gateways' inbound messages reach the inbox through messaging's host bridge by this token.
    container.bind(INBOUND_SINK).toService(InboxService);
    container.bind(INBOUND_ACTION_HANDLERS).toService(ReplyActionHandler);
    container.bind(INBOUND_ACTION_HANDLERS).toService(ForwardUrlHandler);
    container.bind(INBOUND_ACTION_HANDLERS).toService(ForwardEmailHandler);
    container.bind(INBOUND_STEPS).toService(InboxRulesStep);
    container.bind(INBOUND_STEPS).toService(SafeListStep);
    container.bind(INBOUND_STEPS).toService(PollAnswersStep);
    container.bind(INBOUND_LISTENERS).toService(PollResultsListener);
    // Text parsers (CONTEXT.md "Text parsers").
    const parserClasses = [TextParsersRepository, TextParsersCache, TextParsersService, TextParsersStep] as (new (...args: never[]) => unknown)[];
    for (const cls of parserClasses) container.bind(cls).toSelf().inSingletonScope();
    container.bind(INBOUND_STEPS).toService(TextParsersStep);
  },
  controllers: (container) => [
    inboxController(container.get(InboxService), container.get(InboxExporter)), inboxGroupsController(container.get(InboxGroupsService)),
    inboxRulesController(container.get(InboxGroupsService)), optOutsController(container.get(OptOutsService)),
    aggregatorRulesController(container.get(AggregatorRulesService)), pollsController(container.get(PollsService), container.get(TYPES.Translator)),
    safeListsController(container.get(SafeListsService)), textParsersController(container.get(TextParsersService))],
  jobs(container) {
    const actions = container.get(InboundActionsRepository);
    return [
      { name: 'inbound.sweep-text-parser-hits', schedule: '0 41 3 * * *', scope: 'global', run: (now) => container.get(TextParsersRepository).sweepHits(new Date(now.getTime() - 2 * LOOP_WINDOW_MS)) },
      { name: 'inbound.sweep-finished-actions', schedule: '0 23 3 * * *', scope: 'global', run: (now) => actions.sweepFinished(new Date(now.getTime() - ACTION_KEEP_DAYS * 86_400_000)) },
    ];
  },
  async onStart(container) {
    const config = container.get<AppConfig>(TYPES.Config);
    if (config.role !== 'web' && config.inboundActions.enabled) container.get(InboundActionsWorker).start();
    if (config.role !== 'web') container.get(InboxExporter).start();
  },
  async onStop(container) {
    await container.get(InboundActionsWorker).stop();
    await container.get(InboxExporter).stop();
  },
};
