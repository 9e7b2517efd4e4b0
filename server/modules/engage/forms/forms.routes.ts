import { idParamSchema, publicRoute, RawResult, userRoute, type Controller } from '../../../platform/http/router.js';
import type { Translator } from '../../../platform/i18n.js';
import { uploadFromRequest } from '../../../platform/upload/request-upload.js';
import {
  formDeletedAnswer, formDetailAnswer, formFieldsAnswer, formsPageAnswer, formSubmissionsPageAnswer, publicFormAnswer, publicSubmitAnswer, publicUploadAnswer,
} from '../../../shared/engage/forms.answers.js';
import { FORMS_CLAIM, type FormsService } from './forms.service.js';
import type { FormSubmissionsService } from './form-submissions.service.js';
import {
  answerFileQuery, answersQuery, createFieldSchema, createFormSchema, formsQuery, publishFormSchema, reorderFieldsSchema, submitFormSchema, updateFieldSchema, updateFormSchema, uploadQuery,
} from './forms.schemas.js';
import { answersXlsx } from './forms.export.js';

/** The form builder in the panel (the spec's "Services" menu; no route names given: its `Controller/Action` shape). */
export function formsController(s: FormsService, translator: Translator): Controller {
  return {
    name: 'Forms',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: formsQuery, answer: formsPageAnswer, claim: FORMS_CLAIM, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', params: idParamSchema, answer: formDetailAnswer, claim: FORMS_CLAIM, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Create', body: createFormSchema, answer: formDetailAnswer, claim: FORMS_CLAIM, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', body: updateFormSchema, answer: formDetailAnswer, claim: FORMS_CLAIM, handler: ({ ctx, body }) => s.update(ctx, body.id, body) }),
      userRoute({
        method: 'POST', action: 'Publish', body: publishFormSchema, answer: formDetailAnswer, claim: FORMS_CLAIM,
        handler: ({ ctx, body }) => s.publish(ctx, body.id, body.isPublished),
      }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', params: idParamSchema, answer: formDeletedAnswer, claim: FORMS_CLAIM, successMessage: 'forms.deleted', handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'CreateField', body: createFieldSchema, answer: formFieldsAnswer, claim: FORMS_CLAIM, handler: ({ ctx, body }) => s.createField(ctx, body.formId, body) }),
      userRoute({ method: 'POST', action: 'UpdateField', body: updateFieldSchema, answer: formFieldsAnswer, claim: FORMS_CLAIM, handler: ({ ctx, body }) => s.updateField(ctx, body.id, body) }),
      userRoute({ method: 'DELETE', action: 'DeleteField/:id', params: idParamSchema, answer: formFieldsAnswer, claim: FORMS_CLAIM, handler: ({ ctx, params }) => s.deleteField(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'ReorderFields', body: reorderFieldsSchema, answer: formFieldsAnswer, claim: FORMS_CLAIM, handler: ({ ctx, body }) => s.reorder(ctx, body.formId, body.fieldIds) }),
      userRoute({ method: 'GET', action: 'GetAnswers', query: answersQuery, answer: formSubmissionsPageAnswer, claim: FORMS_CLAIM, handler: ({ ctx, query }) => s.answers(ctx, query) }),
      // Answers the workbook itself (bytes, not the JSON envelope): no `answer:`.
      userRoute({
        method: 'GET', action: 'ExportAnswers/:id', params: idParamSchema, claim: FORMS_CLAIM,
        handler: async ({ ctx, params }) => {
          const { fields, pages } = await s.exportSource(ctx, params.id);
          return answersXlsx(fields, pages, translator, ctx.culture);
        },
      }),
      // A visitor's uploaded file, as an attachment of no declared type (never shown inline: it is a stranger's file).
      userRoute({
        method: 'GET', action: 'AnswerFile', query: answerFileQuery, claim: FORMS_CLAIM,
        handler: async ({ ctx, query }) => {
          const file = await s.answerFile(ctx, query.answerId, query.fieldId);
          return new RawResult((res) => {
            res.status(200).setHeader('Cache-Control', 'private, no-store').setHeader('X-Content-Type-Options', 'nosniff')
              .setHeader('Content-Disposition', `attachment; filename="file"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
              .type('application/octet-stream').send(file.content);
          });
        },
      }),
    ],
  };
}

/** The outer route `form/{id}` (no sign-in): anything not published answers the same silent 404. */
export function publicFormsController(s: FormSubmissionsService): Controller {
  return {
    name: 'PublicForms',
    routes: [
      publicRoute({ method: 'GET', action: 'Get/:id', auth: 'public', params: idParamSchema, answer: publicFormAnswer, handler: ({ params }) => s.publicForm(params.id) }),
      publicRoute({ method: 'POST', action: 'Submit', auth: 'public', body: submitFormSchema, answer: publicSubmitAnswer, handler: ({ ctx, body }) => s.submit(ctx, body) }),
      // The body is the file itself, streamed through the upload intake within the field's own MB limit.
      publicRoute({
        method: 'POST', action: 'Upload/:id', auth: 'public', rawBody: true, params: idParamSchema, query: uploadQuery, answer: publicUploadAnswer,
        handler: ({ ctx, params, query, req }) => s.upload(ctx, params.id, query.fieldId, uploadFromRequest(req, query.fileName)),
      }),
    ],
  };
}
