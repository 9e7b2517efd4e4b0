import { idParamSchema, RawResult, userRoute, type Controller } from '../../platform/http/router.js';
import { uploadFromRequest } from '../../platform/upload/request-upload.js';
import { documentAnswer, documentListAnswer, documentReviewPageAnswer, organizationAuthenticationAnswer } from '../../shared/documents/documents.answers.js';
import {
  documentReviewQuery, organizationDocumentsQuery, rejectDocumentSchema, uploadOrganizationDocumentQuery, uploadUserDocumentQuery, userDocumentsQuery,
} from './documents.schemas.js';
import type { DocumentsService } from './documents.service.js';

/**
 * Identity documents (KYC). No claim: an organization's documents are its administrators', a
 * user's are their own, decisions are an administrator's above (the service checks each).
 */
export function documentsController(s: DocumentsService): Controller {
  return {
    name: 'Documents',
    routes: [
      userRoute({ method: 'GET', action: 'GetOrganizationAuthentication', query: organizationDocumentsQuery, answer: organizationAuthenticationAnswer, handler: ({ ctx, query }) => s.organizationAuthentication(ctx, query.organizationId) }),
      userRoute({ method: 'GET', action: 'GetOrganizationDocuments', query: organizationDocumentsQuery, answer: documentListAnswer, handler: ({ ctx, query }) => s.organizationDocuments(ctx, query.organizationId) }),
      // The body is the image itself, streamed into the upload intake (200 KB at most).
      userRoute({ method: 'POST', action: 'UploadOrganizationDocument', rawBody: true, query: uploadOrganizationDocumentQuery, answer: documentAnswer, handler: ({ ctx, query, req }) => s.uploadOrganizationDocument(ctx, query, uploadFromRequest(req, query.fileName)) }),
      userRoute({ method: 'GET', action: 'GetUserDocuments', query: userDocumentsQuery, answer: documentListAnswer, handler: ({ ctx, query }) => s.userDocuments(ctx, query.userId) }),
      // A user's own documents only (1 MB at most).
      userRoute({ method: 'POST', action: 'UploadUserDocument', rawBody: true, query: uploadUserDocumentQuery, answer: documentAnswer, handler: ({ ctx, query, req }) => s.uploadUserDocument(ctx, query, uploadFromRequest(req, query.fileName)) }),
      // The image itself: no answer schema; never cached by a shared cache (a person's identity card).
      userRoute({
        method: 'GET', action: 'File/:id', params: idParamSchema,
        handler: async ({ ctx, params }) => {
          const file = await s.file(ctx, params.id);
          return new RawResult((res) => {
            res.status(200).setHeader('Cache-Control', 'private, no-store').setHeader('X-Content-Type-Options', 'nosniff').type(file.contentType).send(file.content);
          });
        },
      }),
      userRoute({ method: 'GET', action: 'GetAll', query: documentReviewQuery, answer: documentReviewPageAnswer, handler: ({ ctx, query }) => s.review(ctx, query) }),
      userRoute({ method: 'POST', action: 'Confirm/:id', params: idParamSchema, answer: documentAnswer, handler: ({ ctx, params }) => s.decide(ctx, params.id, 'Confirm') }),
      userRoute({ method: 'POST', action: 'Reject', body: rejectDocumentSchema, answer: documentAnswer, handler: ({ ctx, body }) => s.decide(ctx, body.id, 'Reject', body.description ?? null) }),
      userRoute({ method: 'POST', action: 'UndoConfirm/:id', params: idParamSchema, answer: documentAnswer, handler: ({ ctx, params }) => s.decide(ctx, params.id, 'UndoConfirm') }),
    ],
  };
}
