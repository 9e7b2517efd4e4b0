import { idParamSchema, publicRoute, RawResult, userRoute, type Controller } from '../../../platform/http/router.js';
import { uploadFromRequest } from '../../../platform/upload/request-upload.js';
import { idAnswer } from '../../../shared/contracts/answer-schemas.js';
import {
  landingAddressAnswer, landingImageAnswer, landingPageAnswer, landingPagesPageAnswer, landingVisitsAnswer, publicLandingPageAnswer,
} from '../../../shared/engage/landing-pages.answers.js';
import {
  createLandingPageSchema, landingImageParams, landingPagesQuery, landingVisitsQuery, publicLandingParams, publicLandingSlugParams,
  publishLandingPageSchema, setLandingAddressSchema, updateLandingPageSchema, uploadLandingImageQuery,
} from './landing-pages.schemas.js';
import type { LandingPagesService } from './landing-pages.service.js';

const CLAIM = 'Services.Use';

/**
 * Landing pages. The builder's routes need `Services.Use` and see the caller's slice of the tree;
 * `GetOrganizationLandingPage/...` (the spec's path) and `Image/...` are public and answer a 404
 * for anything not published, which the client shows as a neutral "page not found", no dialog.
 */
export function landingPagesController(s: LandingPagesService): Controller {
  return {
    name: 'LandingPages',
    routes: [
      publicRoute({ method: 'GET', action: 'GetOrganizationLandingPage/:organizationName', auth: 'public', params: publicLandingParams, answer: publicLandingPageAnswer, handler: ({ params }) => s.publicPage(params.organizationName, null) }),
      publicRoute({ method: 'GET', action: 'GetOrganizationLandingPage/:organizationName/:slug', auth: 'public', params: publicLandingSlugParams, answer: publicLandingPageAnswer, handler: ({ params }) => s.publicPage(params.organizationName, params.slug) }),
      publicRoute({
        method: 'GET', action: 'Image/:key', auth: 'public', params: landingImageParams,
        handler: async ({ params }) => {
          const image = await s.publicImage(params.key);
          // A key's bytes never change, but withdrawing the page must stop serving it: cached briefly only.
          return new RawResult((res) => {
            res.status(200).setHeader('Cache-Control', 'public, max-age=300').setHeader('X-Content-Type-Options', 'nosniff').type(image.contentType).send(image.content);
          });
        },
      }),
      userRoute({ method: 'GET', action: 'GetAll', claim: CLAIM, query: landingPagesQuery, answer: landingPagesPageAnswer, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: CLAIM, params: idParamSchema, answer: landingPageAnswer, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Create', claim: CLAIM, body: createLandingPageSchema, answer: landingPageAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: CLAIM, body: updateLandingPageSchema, answer: landingPageAnswer, handler: ({ ctx, body }) => s.update(ctx, body.id, body) }),
      userRoute({ method: 'POST', action: 'ChangeStatus', claim: CLAIM, body: publishLandingPageSchema, answer: landingPageAnswer, handler: ({ ctx, body }) => s.publish(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: CLAIM, params: idParamSchema, answer: idAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetVisits/:id', claim: CLAIM, params: idParamSchema, query: landingVisitsQuery, answer: landingVisitsAnswer, handler: ({ ctx, params, query }) => s.visits(ctx, params.id, query.days) }),
      userRoute({ method: 'GET', action: 'GetAddress', claim: CLAIM, answer: landingAddressAnswer, handler: ({ ctx }) => s.address(ctx) }),
      userRoute({ method: 'POST', action: 'SetAddress', claim: CLAIM, body: setLandingAddressSchema, answer: landingAddressAnswer, handler: ({ ctx, body }) => s.setAddress(ctx, body.organizationName) }),
      // The body is the image itself (png/jpeg, 2 MB at most), streamed into the upload intake.
      userRoute({ method: 'POST', action: 'UploadImage', claim: CLAIM, rawBody: true, query: uploadLandingImageQuery, answer: landingImageAnswer, handler: ({ ctx, query, req }) => s.uploadImage(ctx, uploadFromRequest(req, query.fileName)) }),
    ],
  };
}
