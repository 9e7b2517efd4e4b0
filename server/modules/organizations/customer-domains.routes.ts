import { idParamSchema, publicRoute, RawResult, userRoute, type Controller } from '../../platform/http/router.js';
import { uploadFromRequest } from '../../platform/upload/request-upload.js';
import { noAnswer } from '../../shared/contracts/answer-schemas.js';
import { clientDataAnswer, customerDomainAnswer, customerDomainsPageAnswer } from '../../shared/organizations/customer-domains.answers.js';
import {
  createCustomerDomainSchema, domainImageParams, listCustomerDomainsQuery, removeDomainImageSchema, updateCustomerDomainSchema, uploadDomainImageQuery,
} from './customer-domains.schemas.js';
import type { CustomerDomainsService } from './customer-domains.service.js';

/**
 * White-label domains. `GetCurrentClientData` and `Image` are public: the login page shows the
 * branding before anyone signs in. Management needs `CustomerDomains.Manage` (a reseller-level
 * claim) and the service admits only the system administrator and resellers' administrators (organizations CONTEXT.md, "Domains").
 */
export function customerDomainsController(s: CustomerDomainsService): Controller {
  return {
    name: 'CustomerDomains',
    routes: [
      publicRoute({ method: 'GET', action: 'GetCurrentClientData', auth: 'public', answer: clientDataAnswer, handler: ({ ctx }) => s.clientData(ctx.host ?? '') }),
      publicRoute({
        method: 'GET', action: 'Image/:id/:key', auth: 'public', params: domainImageParams,
        handler: async ({ params }) => {
          const image = await s.image(params.id, params.key);
          // A replaced image gets a new key, so a key's bytes never change.
          return new RawResult((res) => {
            res.status(200).setHeader('Cache-Control', 'public, max-age=86400, immutable').setHeader('X-Content-Type-Options', 'nosniff').type(image.contentType).send(image.content);
          });
        },
      }),
      userRoute({ method: 'GET', action: 'GetAll', claim: 'CustomerDomains.Manage', query: listCustomerDomainsQuery, answer: customerDomainsPageAnswer, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: 'CustomerDomains.Manage', params: idParamSchema, answer: customerDomainAnswer, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Create', claim: 'CustomerDomains.Manage', body: createCustomerDomainSchema, answer: customerDomainAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: 'CustomerDomains.Manage', body: updateCustomerDomainSchema, answer: customerDomainAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: 'CustomerDomains.Manage', params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      // The body is the image itself (jpg/png/jpeg, 1 MB at most), streamed into the upload intake.
      userRoute({ method: 'POST', action: 'UploadImage', claim: 'CustomerDomains.Manage', rawBody: true, query: uploadDomainImageQuery, answer: customerDomainAnswer, handler: ({ ctx, query, req }) => s.uploadImage(ctx, query, uploadFromRequest(req, query.fileName)) }),
      userRoute({ method: 'POST', action: 'RemoveImage', claim: 'CustomerDomains.Manage', body: removeDomainImageSchema, answer: customerDomainAnswer, handler: ({ ctx, body }) => s.removeImage(ctx, body.id, body.key) }),
    ],
  };
}
