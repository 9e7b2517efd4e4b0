import { idParamSchema, publicRoute, RawResult, userRoute, type Controller } from '../../platform/http/router.js';
import type { ContactExportService } from './contact-export.service.js';
import { contactExportDownloadParams, contactExportsQuery, createContactExportSchema } from './contact-export.schemas.js';
import { contactExportAnswer, contactExportsAnswer } from '../../shared/contacts/contact-export.answers.js';

/** The claim of every contacts route; who may export which contacts is the service's (a reading of them). */
const CLAIM = 'Phonebook.Manage';

/** Exports of a phonebook's contacts: the request, its progress, the file. */
export function contactExportsController(s: ContactExportService): Controller {
  return {
    name: 'ContactExports',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: CLAIM, body: createContactExportSchema, successMessage: '', answer: contactExportAnswer, handler: ({ ctx, body }) => s.request(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: CLAIM, query: contactExportsQuery, answer: contactExportsAnswer, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: CLAIM, params: idParamSchema, answer: contactExportAnswer, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      // Downloaded by the browser itself (a link): no session; the random key is the only credential, as for the outbox's exports.
      // A file, not an envelope: no answer schema.
      publicRoute({
        method: 'GET', action: 'Download/:id/:key', auth: 'public', params: contactExportDownloadParams,
        handler: async ({ params }) => {
          const file = await s.file(params.id, params.key);
          return new RawResult((res) => {
            res.status(200).setHeader('Cache-Control', 'private, no-store');
            res.setHeader('Content-Type', file.contentType);
            res.download(file.path, file.fileName);
          });
        },
      }),
    ],
  };
}
