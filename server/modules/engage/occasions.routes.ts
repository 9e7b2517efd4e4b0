import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import { CalendarEventsService } from './calendar-events.service.js';
import { OccasionsService } from './occasions.service.js';
import {
  calendarEventAnswer, calendarEventsAnswer, occasionAnswer, occasionDeletedAnswer, occasionDetailAnswer, occasionsPageAnswer,
} from '../../shared/engage/occasions.answers.js';
import { createEventSchema, createOccasionSchema, eventsQuery, occasionsQuery, setActiveSchema, updateEventSchema, updateOccasionSchema } from './occasions.schemas.js';

/** The spec's `OccasionScheduledMessages/Create` and what a panel needs around it. */
export function occasionsController(occasions: OccasionsService): Controller {
  return {
    name: 'OccasionScheduledMessages',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: occasionsQuery, answer: occasionsPageAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, query }) => occasions.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', params: idParamSchema, answer: occasionDetailAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, params }) => occasions.get(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Create', body: createOccasionSchema, answer: occasionAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, body }) => occasions.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', body: updateOccasionSchema, answer: occasionAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, body }) => occasions.update(ctx, body.id, body) }),
      userRoute({ method: 'POST', action: 'ChangeStatus', body: setActiveSchema, answer: occasionAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, body }) => occasions.setActive(ctx, body.id, body.isActive) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', params: idParamSchema, answer: occasionDeletedAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, params }) => occasions.delete(ctx, params.id) }),
    ],
  };
}

/** Calendar events: the official holidays (read only) and the organization's own (calenderOrganizationEvents). */
export function calendarEventsController(events: CalendarEventsService): Controller {
  return {
    name: 'CalendarEvents',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: eventsQuery, answer: calendarEventsAnswer, handler: async ({ ctx, query }) => events.list(ctx, query) }),
      userRoute({ method: 'POST', action: 'Create', body: createEventSchema, answer: calendarEventAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, body }) => events.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', body: updateEventSchema, answer: calendarEventAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, body }) => events.update(ctx, body.id, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', params: idParamSchema, answer: occasionDeletedAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, params }) => events.delete(ctx, params.id) }),
    ],
  };
}
