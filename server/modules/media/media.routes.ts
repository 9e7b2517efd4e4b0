import { idParamSchema, publicRoute, RawResult, userRoute, type Controller } from '../../platform/http/router.js';
import { uploadFromRequest } from '../../platform/upload/request-upload.js';
import type { MediaService } from './media.service.js';
import { mediaListQuery, mediaTokenParams, uploadMediaQuery } from './media.schemas.js';
import { imageAnswer, imagePageAnswer, mediaAnswer, mediaDeletedAnswer, mediaPageAnswer } from '../../shared/media/media.answers.js';

/** Media (voice files, images) are uploaded and managed by whoever may send in bulk (voice sends are bulk sends; the library page sits under sending). */
const CLAIM = 'Sending.Bulk';

export function mediaController(s: MediaService): Controller {
  return {
    name: 'Media',
    routes: [
      // The body is the file itself (any content type), handed on as a stream; the upload intake takes at most 5 MB of it.
      userRoute({ method: 'POST', action: 'Upload', claim: CLAIM, rawBody: true, query: uploadMediaQuery, answer: mediaAnswer, handler: ({ ctx, query, req }) => s.upload(ctx, uploadFromRequest(req, query.fileName)) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: CLAIM, query: mediaListQuery, answer: mediaPageAnswer, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: CLAIM, params: idParamSchema, answer: mediaAnswer, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      // Images (png/jpg, at most 1 MB through the upload intake); deleted through Delete/:id as any media.
      userRoute({ method: 'POST', action: 'UploadImage', claim: CLAIM, rawBody: true, query: uploadMediaQuery, answer: imageAnswer, handler: ({ ctx, query, req }) => s.uploadImage(ctx, uploadFromRequest(req, query.fileName)) }),
      userRoute({ method: 'GET', action: 'GetAllImages', claim: CLAIM, query: mediaListQuery, answer: imagePageAnswer, handler: ({ ctx, query }) => s.listImages(ctx, query) }),
      userRoute({ method: 'GET', action: 'GetImage/:id', claim: CLAIM, params: idParamSchema, answer: imageAnswer, handler: ({ ctx, params }) => s.getImage(ctx, params.id) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: CLAIM, params: idParamSchema, answer: mediaDeletedAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      // Fetched by the voice provider, not a user: no session; the random token is the only key. The file itself: no answer schema.
      publicRoute({
        method: 'GET', action: 'File/:token', auth: 'public', params: mediaTokenParams,
        handler: async ({ params }) => {
          const file = await s.file(params.token);
          return new RawResult((res) => {
            res.status(200).setHeader('Cache-Control', 'private, max-age=3600').type(file.contentType).send(file.content);
          });
        },
      }),
    ],
  };
}
