import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { occasionsMessages } from './occasions.messages.js';
import { CalendarEventsRepository } from './calendar-events.repository.js';
import { CalendarEventsService } from './calendar-events.service.js';
import { OccasionsRepository } from './occasions.repository.js';
import { OccasionsService } from './occasions.service.js';
import { OccasionRunner } from './occasion-runner.service.js';
import { calendarEventsController, occasionsController } from './occasions.routes.js';
import { ShortLinksRepository } from './short-links/short-links.repository.js';
import { ShortLinksService } from './short-links/short-links.service.js';
import { ShortLinkRedirect } from './short-links/short-link-redirect.js';
import { ShortLinkPlanner } from './short-links/short-link-planner.service.js';
import { shortLinksController } from './short-links/short-links.routes.js';
import { shortLinksMessages } from './short-links/short-links.messages.js';
import { LINK_SHORTENER } from '../messaging/index.js';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';

export const engageModule: PeykModule = {
  name: 'engage',
  messages: { ...occasionsMessages, ...shortLinksMessages },
  register(container: Container) {
    for (const cls of [CalendarEventsRepository, CalendarEventsService, OccasionsRepository, OccasionsService, OccasionRunner] as (new (...args: never[]) => unknown)[]) {
      container.bind(cls).toSelf().inSingletonScope();
    }
    // Short links (issue 28): codes, the redirect's journal of clicks, the link screens.
    for (const cls of [ShortLinksRepository, ShortLinksService, ShortLinkRedirect, ShortLinkPlanner] as (new (...args: never[]) => unknown)[]) {
      container.bind(cls).toSelf().inSingletonScope();
    }
    // Messaging's extension point: compose shortens a send's links through engage.
    container.bind(LINK_SHORTENER).toService(ShortLinkPlanner);
  },
  controllers: (container) => [
    occasionsController(container.get(OccasionsService)),
    calendarEventsController(container.get(CalendarEventsService)),
    shortLinksController(container.get(ShortLinksService)),
  ],
  async onStart(container) {
    // The click journal lives where redirects are answered (role all or web); a worker serves none.
    if (container.get<AppConfig>(TYPES.Config).role !== 'worker') await container.get(ShortLinkRedirect).start();
  },
  async onStop(container) {
    await container.get(ShortLinkRedirect).stop();
  },
  httpFront: (container, ownUrl) => container.get(ShortLinkRedirect).handler(ownUrl),
  jobs(container) {
    const runner = container.get(OccasionRunner);
    // Every minute, Tehran hours checked by the runner itself (the cron's own zone does not matter):
    // global, so one process per minute looks; the run row, not this lease, makes each day's send once.
    return [{ name: 'engage.run-occasions', schedule: '0 * * * * *', scope: 'global', run: (now) => runner.runDue(now) }];
  },
};
