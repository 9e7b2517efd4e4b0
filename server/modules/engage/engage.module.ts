import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { occasionsMessages } from './occasions.messages.js';
import { CalendarEventsRepository } from './calendar-events.repository.js';
import { CalendarEventsService } from './calendar-events.service.js';
import { OccasionsRepository } from './occasions.repository.js';
import { OccasionsService } from './occasions.service.js';
import { OccasionRunner } from './occasion-runner.service.js';
import { calendarEventsController, occasionsController } from './occasions.routes.js';
import { assistantMessages } from './assistant/assistant.messages.js';
import { AssistantRepository } from './assistant/assistant.repository.js';
import { AssistantAdminService } from './assistant/assistant-admin.service.js';
import { AssistantService } from './assistant/assistant.service.js';
import { EmbeddingClient } from './assistant/embedding-client.service.js';
import { HelpPagesService } from './assistant/help-pages.service.js';
import { assistantBotsController, assistantController, assistantFaqsController, helpPagesController } from './assistant/assistant.routes.js';

export const engageModule: PeykModule = {
  name: 'engage',
  messages: { ...occasionsMessages, ...assistantMessages },
  register(container: Container) {
    for (const cls of [CalendarEventsRepository, CalendarEventsService, OccasionsRepository, OccasionsService, OccasionRunner] as (new (...args: never[]) => unknown)[]) {
      container.bind(cls).toSelf().inSingletonScope();
    }
    // Chat assistant and documentation viewer (part assistant, CONTEXT.md "Chat assistant").
    for (const cls of [AssistantRepository, AssistantAdminService, AssistantService, EmbeddingClient, HelpPagesService] as (new (...args: never[]) => unknown)[]) {
      container.bind(cls).toSelf().inSingletonScope();
    }
  },
  controllers: (container) => [
    occasionsController(container.get(OccasionsService)),
    calendarEventsController(container.get(CalendarEventsService)),
    assistantController(container.get(AssistantService)),
    assistantBotsController(container.get(AssistantAdminService)),
    assistantFaqsController(container.get(AssistantAdminService)),
    helpPagesController(container.get(HelpPagesService)),
  ],
  jobs(container) {
    const runner = container.get(OccasionRunner);
    // Every minute, Tehran hours checked by the runner itself (the cron's own zone does not matter):
    // global, so one process per minute looks; the run row, not this lease, makes each day's send once.
    return [{ name: 'engage.run-occasions', schedule: '0 * * * * *', scope: 'global', run: (now) => runner.runDue(now) }];
  },
};
