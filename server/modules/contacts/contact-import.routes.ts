import { uploadFromRequest } from '../../platform/upload/request-upload.js';
import { idParamSchema, publicRoute, userRoute, type Controller } from '../../platform/http/router.js';
import type { ContactImportService } from './contact-import.service.js';
import { phonebookFilesQuery, rejectedFileParams, rejectedFileQuery, startPhonebookFileSchema, uploadPhonebookFileQuery } from './contact-import.schemas.js';
import {
  phonebookFileAnswer, phonebookFileDetailAnswer, phonebookFilesPageAnswer, uploadedPhonebookFileAnswer,
} from '../../shared/contacts/contact-import.answers.js';
import { noAnswer } from '../../shared/contracts/answer-schemas.js';
import { IMPORT_CLAIM } from './contact-import.worker.js';

/**
 * Imports of contacts into a phonebook (the spec's phonebook file progress): upload, mapping and
 * start, the list with progress, the rejected-rows file. Who may import into which phonebook is
 * the service's (the phonebook's change rule).
 */
export function phonebookFilesController(s: ContactImportService): Controller {
  return {
    name: 'PhonebookFiles',
    routes: [
      // The body is the file itself (any content type), handed to the upload intake as a stream; the type is judged from its bytes.
      userRoute({ method: 'POST', action: 'Upload', claim: IMPORT_CLAIM, rawBody: true, query: uploadPhonebookFileQuery, successMessage: '', answer: uploadedPhonebookFileAnswer, handler: ({ ctx, query, req }) => s.upload(ctx, uploadFromRequest(req, query.fileName), query) }),
      userRoute({ method: 'POST', action: 'Start', claim: IMPORT_CLAIM, body: startPhonebookFileSchema, answer: phonebookFileAnswer, handler: ({ ctx, body }) => s.start(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: IMPORT_CLAIM, query: phonebookFilesQuery, answer: phonebookFilesPageAnswer, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: IMPORT_CLAIM, params: idParamSchema, answer: phonebookFileDetailAnswer, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: IMPORT_CLAIM, params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      // Downloaded by the browser itself (a link): no session; the random token is the only key, as for media files.
      // A file, not an envelope: no answer schema.
      publicRoute({
        method: 'GET', action: 'RejectedFile/:token', auth: 'public', params: rejectedFileParams, query: rejectedFileQuery,
        handler: ({ ctx, params, query }) => s.rejectedFile(params.token, query.format ?? 'xlsx', ctx.culture),
      }),
    ],
  };
}
