import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { occasionsMessages } from './occasions.messages.js';
import { CalendarEventsRepository } from './calendar-events.repository.js';
import { CalendarEventsService } from './calendar-events.service.js';
import { OccasionsRepository } from './occasions.repository.js';
import { OccasionsService } from './occasions.service.js';
import { OccasionRunner } from './occasion-runner.service.js';
import { calendarEventsController, occasionsController } from './occasions.routes.js';
import { landingPagesMessages } from './landing-pages/landing-pages.messages.js';
import { LandingPagesRepository } from './landing-pages/landing-pages.repository.js';
import { LandingPagesService } from './landing-pages/landing-pages.service.js';
import { landingPagesController } from './landing-pages/landing-pages.routes.js';
import { ShortLinksRepository } from './short-links/short-links.repository.js';
import { ShortLinksService } from './short-links/short-links.service.js';
import { TYPES } from '../../platform/tokens.js';
import { surveysMessages } from './surveys/surveys.messages.js';
import { SurveysRepository } from './surveys/surveys.repository.js';
import { SurveysService } from './surveys/surveys.service.js';
import { SurveyResponsesService } from './surveys/survey-responses.service.js';
import { onlineSurveyController } from './surveys/surveys.routes.js';
import type { AppConfig } from '../../platform/config.js';
import { clubMessages } from './club/club.messages.js';
import { ClubRepository } from './club/club.repository.js';
import { ClubFilesRepository } from './club/club-files.repository.js';
import { ClubDevicesService } from './club/club-devices.service.js';
import { ClubPurchasesService } from './club/club-purchases.service.js';
import { ClubMembersService } from './club/club-members.service.js';
import { ClubFilesService } from './club/club-files.service.js';
import { ClubFileImporter } from './club/club-files.worker.js';
import { clubDevicesController, clubFilesController, clubMembersController } from './club/club.routes.js';
import type { Translator } from '../../platform/i18n.js';
import { formsMessages } from './forms/forms.messages.js';
import { FormsRepository } from './forms/forms.repository.js';
import { FormsService } from './forms/forms.service.js';
import { FormSubmissionsService } from './forms/form-submissions.service.js';
import { formsController, publicFormsController } from './forms/forms.routes.js';
import { assistantMessages } from './assistant/assistant.messages.js';
import { AssistantRepository } from './assistant/assistant.repository.js';
import { AssistantAdminService } from './assistant/assistant-admin.service.js';
import { AssistantService } from './assistant/assistant.service.js';
import { EmbeddingClient } from './assistant/embedding-client.service.js';
import { HelpPagesService } from './assistant/help-pages.service.js';
import { assistantBotsController, assistantController, assistantFaqsController, helpPagesController } from './assistant/assistant.routes.js';
import { ShortLinkRedirect } from './short-links/short-link-redirect.js';
import { ShortLinkPlanner } from './short-links/short-link-planner.service.js';
import { shortLinksController } from './short-links/short-links.routes.js';
import { shortLinksMessages } from './short-links/short-links.messages.js';
import { LINK_SHORTENER } from '../messaging/index.js';

export const engageModule: PeykModule = {
  name: 'engage',
  messages: { ...occasionsMessages, ...shortLinksMessages, ...landingPagesMessages, ...surveysMessages, ...clubMessages, ...formsMessages, ...assistantMessages },
  register(container: Container) {
    for (const cls of [CalendarEventsRepository, CalendarEventsService, OccasionsRepository, OccasionsService, OccasionRunner, LandingPagesRepository, LandingPagesService] as (new (...args: never[]) => unknown)[]) {
      container.bind(cls).toSelf().inSingletonScope();
    }
    // Short links (issue 28): codes, the redirect's journal of clicks, the link screens.
    for (const cls of [ShortLinksRepository, ShortLinksService, ShortLinkRedirect, ShortLinkPlanner] as (new (...args: never[]) => unknown)[]) {
      container.bind(cls).toSelf().inSingletonScope();
    }
    // Online surveys (issue 28).
    for (const cls of [SurveysRepository, SurveysService, SurveyResponsesService] as (new (...args: never[]) => unknown)[]) {
      container.bind(cls).toSelf().inSingletonScope();
    }
    // Customer club (engage/CONTEXT.md "Customer club").
    for (const cls of [ClubRepository, ClubFilesRepository, ClubDevicesService, ClubPurchasesService, ClubMembersService, ClubFileImporter, ClubFilesService] as (new (...args: never[]) => unknown)[]) {
      container.bind(cls).toSelf().inSingletonScope();
    }
    // Forms (issue 28).
    for (const cls of [FormsRepository, FormsService, FormSubmissionsService] as (new (...args: never[]) => unknown)[]) {
      container.bind(cls).toSelf().inSingletonScope();
    }
    // Chat assistant and documentation viewer (part assistant, CONTEXT.md "Chat assistant").
    for (const cls of [AssistantRepository, AssistantAdminService, AssistantService, EmbeddingClient, HelpPagesService] as (new (...args: never[]) => unknown)[]) {
      container.bind(cls).toSelf().inSingletonScope();
    }
    // Messaging's extension point: compose shortens a send's links through engage.
    container.bind(LINK_SHORTENER).toService(ShortLinkPlanner);
  },
  controllers: (container) => [
    occasionsController(container.get(OccasionsService)),
    calendarEventsController(container.get(CalendarEventsService)),
    landingPagesController(container.get(LandingPagesService)),
    onlineSurveyController(container.get(SurveysService), container.get(SurveyResponsesService), container.get(TYPES.Translator)),
    clubDevicesController(container.get(ClubDevicesService), container.get(ClubPurchasesService)),
    clubMembersController(container.get(ClubMembersService)),
    clubFilesController(container.get(ClubFilesService)),
    formsController(container.get(FormsService), container.get<Translator>(TYPES.Translator)),
    publicFormsController(container.get(FormSubmissionsService)),
    assistantController(container.get(AssistantService)),
    assistantBotsController(container.get(AssistantAdminService)),
    assistantFaqsController(container.get(AssistantAdminService)),
    helpPagesController(container.get(HelpPagesService)),
    shortLinksController(container.get(ShortLinksService)),
  ],
  async onStart(container) {
    const role = container.get<AppConfig>(TYPES.Config).role;
    // Club files are read where jobs run (role all or worker); a web-only process only queues them.
    if (role !== 'web') await container.get(ClubFileImporter).start();
    // The click journal lives where redirects are answered (role all or web); a worker serves none.
    if (role !== 'worker') await container.get(ShortLinkRedirect).start();
  },
  async onStop(container) {
    await container.get(ClubFileImporter).stop();
    await container.get(ShortLinkRedirect).stop();
  },
  httpFront: (container, ownUrl) => container.get(ShortLinkRedirect).handler(ownUrl),
  jobs(container) {
    const runner = container.get(OccasionRunner);
    // Every minute, Tehran hours checked by the runner itself (the cron's own zone does not matter):
    // global, so one process per minute looks; the run row, not this lease, makes each day's send once.
    const clubFiles = container.get(ClubFileImporter);
    return [
      { name: 'engage.run-occasions', schedule: '0 * * * * *', scope: 'global', run: (now) => runner.runDue(now) },
      // Club files whose job was lost with a process are queued again (a second run skips the rows it took).
      { name: 'engage.resume-club-files', schedule: '40 * * * * *', scope: 'global', run: () => clubFiles.resumeStuck() },
    ];
  },
};
