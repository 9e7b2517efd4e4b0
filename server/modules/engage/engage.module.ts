import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { occasionsMessages } from './occasions.messages.js';
import { CalendarEventsRepository } from './calendar-events.repository.js';
import { CalendarEventsService } from './calendar-events.service.js';
import { OccasionsRepository } from './occasions.repository.js';
import { OccasionsService } from './occasions.service.js';
import { OccasionRunner } from './occasion-runner.service.js';
import { calendarEventsController, occasionsController } from './occasions.routes.js';
import { TYPES } from '../../platform/tokens.js';
import type { Translator } from '../../platform/i18n.js';
import { formsMessages } from './forms/forms.messages.js';
import { FormsRepository } from './forms/forms.repository.js';
import { FormsService } from './forms/forms.service.js';
import { FormSubmissionsService } from './forms/form-submissions.service.js';
import { formsController, publicFormsController } from './forms/forms.routes.js';

export const engageModule: PeykModule = {
  name: 'engage',
  messages: { ...occasionsMessages, ...formsMessages },
  register(container: Container) {
    for (const cls of [CalendarEventsRepository, CalendarEventsService, OccasionsRepository, OccasionsService, OccasionRunner] as (new (...args: never[]) => unknown)[]) {
      container.bind(cls).toSelf().inSingletonScope();
    }
    // Forms (issue 28).
    for (const cls of [FormsRepository, FormsService, FormSubmissionsService] as (new (...args: never[]) => unknown)[]) {
      container.bind(cls).toSelf().inSingletonScope();
    }
  },
  controllers: (container) => [
    occasionsController(container.get(OccasionsService)),
    calendarEventsController(container.get(CalendarEventsService)),
    formsController(container.get(FormsService), container.get<Translator>(TYPES.Translator)),
    publicFormsController(container.get(FormSubmissionsService)),
  ],
  jobs(container) {
    const runner = container.get(OccasionRunner);
    // Every minute, Tehran hours checked by the runner itself (the cron's own zone does not matter):
    // global, so one process per minute looks; the run row, not this lease, makes each day's send once.
    return [{ name: 'engage.run-occasions', schedule: '0 * * * * *', scope: 'global', run: (now) => runner.runDue(now) }];
  },
};
