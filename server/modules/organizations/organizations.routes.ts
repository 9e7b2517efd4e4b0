import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import type { OrganizationsService } from './organizations.service.js';
import {
  organizationAnswer, organizationsDeletedAnswer, organizationsPageAnswer,
} from '../../shared/organizations/organizations.answers.js';
import { createOrganizationSchema, deleteOrganizationQuery, listOrganizationsQuery, updateOrganizationSchema } from './organizations.schemas.js';

export function organizationsController(service: OrganizationsService): Controller {
  return {
    name: 'Organizations',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: 'Organizations.Create', body: createOrganizationSchema, answer: organizationAnswer, handler: ({ ctx, body }) => service.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: 'Organizations.Update', body: updateOrganizationSchema, answer: organizationAnswer, handler: ({ ctx, body }) => service.update(ctx, body) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: 'Organizations.View', params: idParamSchema, answer: organizationAnswer, handler: ({ ctx, params }) => service.get(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: 'Organizations.View', query: listOrganizationsQuery, answer: organizationsPageAnswer, handler: ({ ctx, query }) => service.list(ctx, query) }),
      userRoute({
        method: 'DELETE', action: 'Delete/:id', claim: 'Organizations.Delete', params: idParamSchema, query: deleteOrganizationQuery, answer: organizationsDeletedAnswer,
        handler: ({ ctx, params, query }) => service.delete(ctx, params.id, query.withChildren, query),
      }),
      userRoute({ method: 'POST', action: 'Activate/:id', claim: 'Organizations.Activate', params: idParamSchema, answer: organizationAnswer, handler: ({ ctx, params }) => service.setActive(ctx, params.id, true) }),
      userRoute({ method: 'POST', action: 'Deactivate/:id', claim: 'Organizations.Activate', params: idParamSchema, answer: organizationAnswer, handler: ({ ctx, params }) => service.setActive(ctx, params.id, false) }),
      userRoute({ method: 'POST', action: 'Archive/:id', claim: 'Organizations.Archive', params: idParamSchema, answer: organizationAnswer, handler: ({ ctx, params }) => service.setArchived(ctx, params.id, true) }),
      userRoute({ method: 'POST', action: 'Unarchive/:id', claim: 'Organizations.Archive', params: idParamSchema, answer: organizationAnswer, handler: ({ ctx, params }) => service.setArchived(ctx, params.id, false) }),
    ],
  };
}
