import { idParamSchema, publicRoute, RawResult, userRoute, type Controller } from '../../../platform/http/router.js';
import type { Translator } from '../../../platform/i18n.js';
import { uploadFromRequest } from '../../../platform/upload/request-upload.js';
import { idAnswer } from '../../../shared/contracts/answer-schemas.js';
import {
  publicSurveyAnswer, surveyAnswer, surveyDetailAnswer, surveyQuestionAnswer, surveyResponsesAnswer, surveysPageAnswer, surveyStatisticsAnswer,
  surveyStepAnswer, surveyTextAnswersAnswer,
} from '../../../shared/engage/surveys.answers.js';
import {
  answerSurveySchema, backSurveySchema, createQuestionSchema, createSurveySchema, publicSurveyParams, removeSurveyImageSchema, reorderQuestionsSchema,
  startSurveySchema, surveyImageParams, surveyPageQuery, surveysQuery, textAnswersQuery, updateQuestionSchema, updateSurveySchema, uploadSurveyImageQuery,
} from './surveys.schemas.js';
import { SURVEYS_CLAIM, type SurveysService } from './surveys.service.js';
import type { SurveyResponsesService } from './survey-responses.service.js';
import { surveyResponsesXlsx } from './surveys.export.js';

/**
 * Online surveys: the panel's routes (claim Services.Use, the organization subtree) and the public
 * page's (no sign-in). The spec names the controller `OnlineSurvey` (its calls keep empty values).
 */
export function onlineSurveyController(s: SurveysService, taking: SurveyResponsesService, translator: Translator): Controller {
  return {
    name: 'OnlineSurvey',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: surveysQuery, answer: surveysPageAnswer, claim: SURVEYS_CLAIM, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', params: idParamSchema, answer: surveyDetailAnswer, claim: SURVEYS_CLAIM, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Create', body: createSurveySchema, answer: surveyAnswer, claim: SURVEYS_CLAIM, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', body: updateSurveySchema, answer: surveyAnswer, claim: SURVEYS_CLAIM, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', params: idParamSchema, answer: idAnswer, claim: SURVEYS_CLAIM, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'CreateQuestion', body: createQuestionSchema, answer: surveyQuestionAnswer, claim: SURVEYS_CLAIM, handler: ({ ctx, body }) => s.createQuestion(ctx, body) }),
      userRoute({ method: 'POST', action: 'UpdateQuestion', body: updateQuestionSchema, answer: surveyQuestionAnswer, claim: SURVEYS_CLAIM, handler: ({ ctx, body }) => s.updateQuestion(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'DeleteQuestion/:id', params: idParamSchema, answer: idAnswer, claim: SURVEYS_CLAIM, handler: ({ ctx, params }) => s.deleteQuestion(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'ReorderQuestions', body: reorderQuestionsSchema, answer: surveyDetailAnswer, claim: SURVEYS_CLAIM, handler: ({ ctx, body }) => s.reorderQuestions(ctx, body.surveyId, body.questionIds) }),
      // The body is the image itself (png/jpeg, 1 MB at most), streamed into the upload intake.
      userRoute({ method: 'POST', action: 'UploadImage', rawBody: true, query: uploadSurveyImageQuery, answer: surveyAnswer, claim: SURVEYS_CLAIM, handler: ({ ctx, query, req }) => s.uploadImage(ctx, query, uploadFromRequest(req, query.fileName)) }),
      userRoute({ method: 'POST', action: 'RemoveImage', body: removeSurveyImageSchema, answer: surveyAnswer, claim: SURVEYS_CLAIM, handler: ({ ctx, body }) => s.removeImage(ctx, body.id, body.imageType) }),
      userRoute({ method: 'GET', action: 'Statistics/:id', params: idParamSchema, answer: surveyStatisticsAnswer, claim: SURVEYS_CLAIM, handler: ({ ctx, params }) => s.statistics(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'TextAnswers', query: textAnswersQuery, answer: surveyTextAnswersAnswer, claim: SURVEYS_CLAIM, handler: ({ ctx, query }) => s.textAnswers(ctx, query) }),
      userRoute({ method: 'GET', action: 'Responses', query: surveyPageQuery, answer: surveyResponsesAnswer, claim: SURVEYS_CLAIM, handler: ({ ctx, query }) => s.responses(ctx, query) }),
      // Answers the workbook itself (bytes, not the JSON envelope): no `answer:`.
      userRoute({ method: 'GET', action: 'Export/:id', params: idParamSchema, claim: SURVEYS_CLAIM, handler: async ({ ctx, params }) => surveyResponsesXlsx(await s.exportSource(ctx, params.id), translator, ctx.culture) }),

      // ---- the public page (online-survey/{id}) ----
      publicRoute({ method: 'GET', action: 'Public/:publicId', auth: 'public', params: publicSurveyParams, answer: publicSurveyAnswer, handler: ({ params }) => taking.survey(params.publicId) }),
      publicRoute({ method: 'POST', action: 'Start', auth: 'public', body: startSurveySchema, answer: surveyStepAnswer, handler: ({ ctx, body }) => taking.start(body, ctx.ip) }),
      publicRoute({ method: 'POST', action: 'Answer', auth: 'public', body: answerSurveySchema, answer: surveyStepAnswer, handler: ({ body }) => taking.answer(body) }),
      publicRoute({ method: 'POST', action: 'Back', auth: 'public', body: backSurveySchema, answer: surveyStepAnswer, handler: ({ body }) => taking.back(body.token) }),
      publicRoute({
        method: 'GET', action: 'Image/:publicId/:key', auth: 'public', params: surveyImageParams,
        handler: async ({ params }) => {
          const image = await s.image(params.publicId, params.key);
          // A replaced image gets a new key, so a key's bytes never change.
          return new RawResult((res) => {
            res.status(200).setHeader('Cache-Control', 'public, max-age=86400, immutable').setHeader('X-Content-Type-Options', 'nosniff').type(image.contentType).send(image.content);
          });
        },
      }),
    ],
  };
}
